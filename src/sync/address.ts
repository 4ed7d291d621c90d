/**
 * The team server's address as a person types it, checked before anything is sent to it
 * (docs/sync.md §2): `https://` to any host; plain `http://` only to this machine (`localhost`,
 * `127.0.0.1`: what the app's Content-Security-Policy allows too, build/cspPlugin.ts), since a
 * device's token would otherwise cross the network in the clear. An
 * address without a scheme is taken as `https://`; a path, query or fragment is refused (every
 * route is the server's own `/api/…`), and a trailing slash dropped.
 */

export type ServerAddress = { ok: true; base: string } | { ok: false; reason: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1']);

export function parseServerAddress(typed: string): ServerAddress {
  const text = typed.trim();
  if (text === '') return { ok: false, reason: 'Enter the team server’s address, such as https://team.example.org.' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, reason: `“${text}” is not a web address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `A team server is reached over https://, not ${url.protocol}//.` };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'Leave the name and password out of the address: the device gets its own key when it joins.' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') return { ok: false, reason: 'Give the server’s address alone, without a path (such as https://team.example.org).' };
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return { ok: false, reason: `Plain http:// sends this device’s key across the network unencrypted: use the server’s https:// address (http:// is allowed only for localhost).` };
  }
  return { ok: true, base: url.origin };
}
