/**
 * Small helpers every layer may use (nothing here imports from the app). `messageOf`: the text of
 * anything thrown, so a message built from a failure reads the same wherever it is built.
 */

/** An Error's message, otherwise the thrown value's string form. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
