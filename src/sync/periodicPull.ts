/**
 * A coach's device pulls the team's edits while the app is open (docs/sync.md §10): an athlete's
 * phone pushes its sets as they end, and the coach's tablet should show them without a set of
 * its own or a trip to the background. Every `PULL_EVERY_MS` it asks for a run ('periodic'),
 * which the sync service skips while a run is under way or queued, while a retry waits after
 * failures (the backoff decides then), and while offline. The browser coming online and the app
 * coming back to the foreground ask for a run already (the network port's chances). An athlete's
 * device pulls after its own sets and at those chances: little of the coach's work concerns it.
 */
import type { SyncService } from './syncService';

export const PULL_EVERY_MS = 60_000;

/** Asks `sync` for a run every `PULL_EVERY_MS` while this device is a coach's; returns the function that stops it. */
export function pullPeriodically(sync: Pick<SyncService, 'status' | 'request'>, after: (ms: number, run: () => void) => () => void): () => void {
  let cancel = (): void => {};
  const wait = (): void => {
    cancel = after(PULL_EVERY_MS, () => {
      if (sync.status.peek().membership?.role === 'coach') sync.request('periodic');
      wait();
    });
  };
  wait();
  return () => cancel();
}
