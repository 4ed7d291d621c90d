/**
 * The unfinished session the Shell offers to recover at start-up, while there is one (see
 * recovery.ts for the decisions). A signal on its own so the Shell watches it without loading
 * the recovery code, which comes with the dialog.
 */
import { signal } from '@preact/signals-react';
import type { LoadedSession } from '../journal/records';

export interface RecoveryOffer {
  /** The session as it will show: what the journal stored plus the saved tail. */
  loaded: LoadedSession;
  /** What the journal stored, and what the tail adds to it (journaled again on Recover). */
  stored: LoadedSession;
  missing: { timeUs: number[]; angleDeg: number[]; gaps: { fromUs: number; toUs: number }[] };
  /** Wall clock, ms since the epoch. */
  startedAt: number;
  samples: number;
  /** Device time from the first to the last sample, s. */
  durationS: number;
}

/** The session the Shell offers to recover, while there is one. */
export const recoveryOffer = signal<RecoveryOffer | null>(null);
