/**
 * The DOM side of "flush before the page may die". Mobile browsers kill hidden tabs without
 * warning and never fire `unload`; `visibilitychange` to hidden is the last reliable moment,
 * with `pagehide` (bfcache, desktop close) and `freeze` (Chrome's page lifecycle) as backups.
 * Kept apart so `SessionJournal` stays DOM-free and testable in Node.
 */

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Calls `flush` whenever the page is hidden, hidden into the back/forward cache or frozen.
 * Returns the function that removes the listeners (call it when the session ends).
 */
export function flushOnPageHide(
  flush: () => unknown,
  win: Events = window,
  doc: Events & Pick<Document, 'visibilityState'> = document,
): () => void {
  const onVisibility = (): void => {
    if (doc.visibilityState === 'hidden') flush();
  };
  const onHide = (): void => {
    flush();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  doc.addEventListener('freeze', onHide);
  win.addEventListener('pagehide', onHide);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    doc.removeEventListener('freeze', onHide);
    win.removeEventListener('pagehide', onHide);
  };
}
