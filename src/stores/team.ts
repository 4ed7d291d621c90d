/**
 * Who trains on this device: the athletes and custom exercises (kept in the journal, read when it
 * opens), the athlete up now and today's order (rules/teamOrder.ts). The athlete up now is this
 * device's own business and small, so it is kept in storage like the settings (`TEAM_KEY`), read
 * when the store is made and written at every change. Today's order is the log's (the journal's
 * order record: backed up, restored and synced with the rest); the team service reads and keeps
 * it there. A `TEAM_KEY` written by an older release also holds the order: it is read here once
 * (`formerOrder`) for the team service to move into the log, and the next `keep` drops it. Made
 * by the composition root with the team service (team/team.ts), after the first render: nothing
 * on the Workout screen's start-up needs it. No state lives in this module: each app has its own
 * store.
 */
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { StoragePort } from '../platform/storage/port';
import type { Athlete } from '../rules/athletes';
import type { Exercise } from '../rules/exercises';
import { parseTeamOrder, type TeamOrder } from '../rules/teamOrder';
import { messageOf } from '../shared/messageOf';

export const TEAM_KEY = 'repline.team.v1';

export interface TeamStore {
  /** Every athlete on this device, archived ones too (empty until the journal has read them). */
  readonly roster: Signal<Athlete[]>;
  /** The custom exercises (the built-ins are rules/exercises.ts's). */
  readonly exercises: Signal<Exercise[]>;
  /** The athlete up now, null until the roster is read. */
  readonly athleteId: Signal<string | null>;
  /** Today's order, null without one (read from the journal by the team service). */
  readonly order: Signal<TeamOrder | null>;
  /** Today's order as an older release kept it in storage, for the team service to move into the log; null without one. */
  readonly formerOrder: TeamOrder | null;
  /** The athlete up now, as the roster holds them. */
  readonly active: ReadonlySignal<Athlete | null>;
  /** Writes the athlete up now to storage; the team service calls it after each change. */
  keep(): void;
}

interface Kept {
  athleteId: string | null;
  order: TeamOrder | null;
}

/** The stored part, or nothing for a copy that cannot be read (`onError` says why). */
function stored(text: string | null, onError: (message: string) => void): Kept {
  if (text === null) return { athleteId: null, order: null };
  try {
    const raw = JSON.parse(text) as { athleteId?: unknown; order?: unknown };
    const order = raw.order === undefined || raw.order === null ? null : parseTeamOrder(raw.order);
    return { athleteId: typeof raw.athleteId === 'string' ? raw.athleteId : null, order };
  } catch (error) {
    onError(`Who trains today could not be read back, so the first athlete is up: ${messageOf(error)}`);
    return { athleteId: null, order: null };
  }
}

export function createTeamStore(storage: () => StoragePort, onError: (message: string) => void): TeamStore {
  const kept = stored(storage().read(TEAM_KEY), onError);
  const roster = signal<Athlete[]>([]);
  const athleteId = signal(kept.athleteId);
  return {
    roster,
    exercises: signal<Exercise[]>([]),
    athleteId,
    order: signal<TeamOrder | null>(null),
    formerOrder: kept.order,
    active: computed(() => roster.value.find((a) => a.id === athleteId.value) ?? null),
    keep() {
      storage().write(TEAM_KEY, JSON.stringify({ athleteId: athleteId.peek() }));
    },
  };
}
