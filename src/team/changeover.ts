/**
 * The end of a set under today's order (rules/setOver.ts): once the athlete up has done their set,
 * the reps that follow are nobody's (`over`, from just after the start of the set's goal rep), and
 * the next athlete comes up once the last rep has closed and the rope has rested, or the stream
 * has ended. Only the set of the athlete up counts: not the last athlete's, judged for a moment by
 * the settings of the athlete who just came up, before their span begins.
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { CHANGEOVER_S, isNobody, ropeRested } from '../rules/setOver';
import { currentSet } from '../rules/setSplit';
import { afterSet } from '../rules/teamOrder';
import type { WorkoutView } from '../rules/workoutView';
import type { SettingsStore } from '../stores/settings';
import type { TeamStore } from '../stores/team';
import type { LiveSession } from '../workout/liveSession';

export interface Changeover {
  /** The set of the athlete up is over: the reps until the next athlete comes up are nobody's. */
  readonly over: ReadonlySignal<boolean>;
  /** µs on the session's clock after which the reps are nobody's while `over`. */
  readonly overSince: ReadonlySignal<number | null>;
  /** The reps are someone's again: another athlete came up, or today's order ended. */
  clear(): void;
  dispose(): void;
}

export interface ChangeoverDeps {
  store: Pick<TeamStore, 'athleteId' | 'order' | 'roster'>;
  settings: SettingsStore;
  session: Pick<LiveSession, 'turn' | 'stats' | 'live' | 'recent' | 'reps' | 'loads' | 'tags'>;
  /** The Workout screen's view of the set in progress: `setDone` ends the set. */
  view: ReadonlySignal<Pick<WorkoutView, 'setDone'>>;
  /** Brings the next athlete of today's order up. */
  next(): void;
}

export function watchChangeover(deps: ChangeoverDeps): Changeover {
  const { store, settings, session } = deps;
  const overSince = signal<number | null>(null);
  const over = computed(() => overSince.value !== null);

  let wasDone = false;
  const stopEnding = effect(() => {
    const owner = session.tags.value.findLast((tag) => !isNobody(tag))?.athleteId;
    if (owner !== undefined && owner !== store.athleteId.peek()) return;
    const done = deps.view.value.setDone;
    const rising = done && !wasDone;
    wasDone = done;
    const order = store.order.peek();
    if (rising && order !== null && afterSet(order, store.roster.peek()).current !== store.athleteId.peek()) overSince.value = goalRepStart() + 1;
  });

  /** When the rep that finished the set started (the rep goal's, or the latest): the reps after it are nobody's, however late the screen heard of the goal. */
  function goalRepStart(): number {
    const s = settings.current.peek();
    const set = currentSet(session.reps.peek(), session.turn.peek(), { restS: s.setRestS, loads: session.loads.peek(), tags: session.tags.peek() });
    const reps: { startUs: number }[] = set.turn === null ? set.reps : [...set.reps, set.turn];
    const at = s.repGoal === null ? reps.length - 1 : Math.min(reps.length - 1, s.warmup + s.repGoal - 1);
    return reps[at]?.startUs ?? Number.NEGATIVE_INFINITY;
  }

  const stopChanging = effect(() => {
    if (!over.value || session.turn.value !== null) return;
    void session.stats.value;
    if (session.live.value && !rested()) return;
    queueMicrotask(() => {
      if (overSince.peek() !== null) deps.next();
    });
  });

  /** Whether the newest samples show the rope at rest (rules/setOver.ts); the unit's rate is its own, so as many as that takes. */
  function rested(): boolean {
    for (let count = 256; ; count *= 2) {
      const recent = session.recent(count);
      const n = recent.timeUs.length;
      if (n < count || recent.timeUs[n - 1]! - recent.timeUs[0]! >= CHANGEOVER_S * 1e6) return ropeRested(recent);
    }
  }

  return {
    over,
    overSince,
    clear() {
      overSince.value = null;
    },
    dispose() {
      stopEnding();
      stopChanging();
    },
  };
}
