/**
 * The network as the sync client uses it (src/sync/): HTTP requests to the team server the user
 * configured, and the moments worth trying again (the browser went online, the page came back to
 * the foreground). The app talks to no other server; without one configured, nothing uses this
 * port. The web implementation is the Fetch API and the page's events (the native shell's WebView
 * has both); the test double sends the requests to a real team server and drops them on demand.
 */

/** Why a sync may have a new chance to reach the server. */
export type NetworkChance = 'online' | 'foreground';

export interface NetworkPort {
  /**
   * An HTTP request, as the Fetch API makes it (no cookies: the team server takes a bearer token).
   * Rejects (a TypeError, as `fetch` does) when no answer came: offline, refused, cut mid-way.
   */
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** False when the device knows it is offline (`navigator.onLine`); true says only that it may be online. */
  online(): boolean;
  /** Calls `listener` at each new chance to reach the server; returns the function that stops it. */
  onChance(listener: (why: NetworkChance) => void): () => void;
}
