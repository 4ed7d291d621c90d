/**
 * Reset (docs/behaviour.md §2 "Reset"): the set is cleared at once; with Windup on Reset and a
 * connected unit, a visible 3-2-1 countdown follows (one second per step, so the athlete can let
 * go of the rope) and then the unit winds the rope in. The composition root makes one per app.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { Unit } from '../device/unit';

export const COUNTDOWN_FROM = 3;
const STEP_MS = 1000;

export interface ResetRequest {
  clearSet: () => void;
  unit: Unit | null;
  windupOnReset: boolean;
}

export interface ResetFlow {
  /** The number on screen during the countdown, null otherwise. */
  readonly countdown: ReadonlySignal<number | null>;
  /** Clears the set, then counts down and winds the rope in when asked; refuses while a countdown runs. */
  reset(request: ResetRequest): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `wait` is the countdown's timer (tests pass their own). */
export function createResetFlow(wait: (ms: number) => Promise<void> = sleep): ResetFlow {
  const countdown = signal<number | null>(null);
  return {
    countdown,
    async reset({ clearSet, unit, windupOnReset }) {
      if (countdown.peek() !== null) throw new Error('A reset countdown is already running');
      clearSet();
      if (!windupOnReset || unit === null) return;
      try {
        for (let n = COUNTDOWN_FROM; n >= 1; n--) {
          countdown.value = n;
          await wait(STEP_MS);
        }
      } finally {
        countdown.value = null;
      }
      await unit.windup();
    },
  };
}
