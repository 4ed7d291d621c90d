/**
 * The quiet lines the Workout screen shows besides the set (hints, not errors):
 * - `reviewing`: the set on screen is a finished session reopened from the history, shown
 *   read-only (nothing is journaled; connecting or Reset starts a new session), with its line;
 * - `wakeLockHint`: while a unit is connected, the screen may dim because the wake lock is
 *   unsupported or refused (set by screenAwake.ts, which loads after the first render).
 * One small module, so the Workout screen's start-up loads them without the code that sets them.
 */
import { signal } from '@preact/signals-react';

export const reviewing = signal<{ startedAt: number; note: string } | null>(null);

export const wakeLockHint = signal<string | null>(null);
