/**
 * An athlete's phone trains its athlete: once it has joined the team as that athlete's device and
 * the athlete has arrived with the first pull, the athlete comes up on the Workout screen (once,
 * and again when the phone's own athletes gave way to them, priorSessions.ts; the user may switch
 * afterwards), so that the sets it records are theirs and reach the coach.
 */
import { effect, type ReadonlySignal } from '@preact/signals-react';
import type { SyncStatus } from './syncService';

/** What of the team service this uses: the athletes it offers, and bringing one up. */
export interface AthleteSwitch {
  readonly athletes: ReadonlySignal<readonly { id: string }[]>;
  switchTo(athleteId: string): void;
}

/** Brings the phone's athlete up once it is in the roster; `done` records that it did. Returns the function that stops watching. */
export function bringUpOwnAthlete(status: ReadonlySignal<SyncStatus>, team: AthleteSwitch, done: () => void, onError: (message: string) => void): () => void {
  return effect(() => {
    const membership = status.value.membership;
    if (membership?.role !== 'athlete' || membership.broughtUp || membership.athleteId === null) return;
    const id = membership.athleteId;
    if (!team.athletes.value.some((a) => a.id === id)) return;
    try {
      team.switchTo(id);
      done();
    } catch (error) {
      onError(`Your athlete could not be brought up: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}
