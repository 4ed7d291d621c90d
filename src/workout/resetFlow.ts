/**
 * Reset (docs/behaviour.md §2 "how is not shown"): the set is cleared at once; with Windup on Reset and a
 * connected unit, a visible 3-2-1 countdown follows (one second per step, so the athlete can let
 * go of the rope) and then the unit winds the rope in.
 */
import { signal } from '@preact/signals-react';
import type { Unit } from '../device/unit';

/** The number on screen during the countdown, null otherwise. */
export const countdown = signal<number | null>(null);

export const COUNTDOWN_FROM = 3;
const STEP_MS = 1000;

export interface ResetDeps {
  clearSet: () => void;
  unit: Unit | null;
  windupOnReset: boolean;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function resetWorkout({ clearSet, unit, windupOnReset, wait = sleep }: ResetDeps): Promise<void> {
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
}
