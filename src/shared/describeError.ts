/**
 * `Name: message` for an error: an Error, a DOMException (so an AbortError says so), or anything
 * else with a string `message`; the thrown value's string form otherwise. An empty name or message
 * is left out. The name of a plain `Error` says nothing the sentence around it does not, so it is
 * left out too, unless `keepPlainName` asks for it (a message that always names the kind).
 */
export function describeError(error: unknown, { keepPlainName = false }: { keepPlainName?: boolean } = {}): string {
  if (typeof error !== 'object' || error === null || typeof (error as { message?: unknown }).message !== 'string') return String(error);
  const { name, message } = error as { name?: unknown; message: string };
  const shownName = typeof name === 'string' && (keepPlainName || name !== 'Error') ? name : '';
  return [shownName, message].filter((part) => part !== '').join(': ') || 'unknown error';
}
