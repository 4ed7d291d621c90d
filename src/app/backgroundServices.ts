/**
 * Issue 7's background start, loaded by main.tsx after the first render: the wake lock follows
 * the connection, and the session journal opens (with the recovery offer). One lazy module, so
 * the Workout screen's start-up carries a single import for both.
 */
import { wakeLock } from '../platform/wakeLock';
import { startJournaling } from '../journal/journaling';
import { keepScreenAwake } from '../workout/screenAwake';

export function startNothingLost(): Promise<void> {
  keepScreenAwake(wakeLock());
  return startJournaling();
}
