/**
 * The team service: who trains now and what, for one device and a queue of athletes, put together
 * from its two jobs: the athlete up now and today's order (upNow.ts: the settings on screen are
 * the active athlete's, every change of them is kept with that athlete, and when another athlete
 * comes up their own targets, warmup, voice, body mass, exercise and plates for it are put on
 * screen), and the roster's edits (roster.ts). The live session hears who trains what (`who`: the
 * engine's mass and radius for the athlete doing the exercise, rules/exerciseMechanics.ts, and
 * their warmup) and starts a set at the change.
 *
 * Decisions where the issue is silent (docs/behaviour.md §4 "Athletes"):
 * - At start the settings stored on this device are the active athlete's latest, so they are
 *   kept with that athlete (the first start's athlete was made from them anyway). After the log
 *   changed from outside (a restore, a pull) the log's copy of the athlete up comes to the screen
 *   instead, so a restored or pulled athlete keeps their own settings. A recovered
 *   session brings its own settings back, and its last athlete and exercise come up with them.
 * - With today's order, a set is over once it is done (rep goal reached or a Fatigue set
 *   complete): the reps that follow are nobody's, and the next athlete comes up once its last rep
 *   has closed and the rope has rested (rules/setOver.ts), or when "Next: <name>" or any athlete
 *   is pressed. A rest longer than the set rest splits sets but brings no one up: nobody can tell
 *   who picked up the rope.
 * - The last set's figures stay on the Workout screen (`shown`) after the next athlete comes up,
 *   until their first rep: the coach reads them, and rates the set, while the next one gets ready.
 * - Without the journal (no IndexedDB) the athletes live in memory for the visit, and say so.
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { activeAthletes, type Athlete } from '../rules/athletes';
import { effectiveMass, effectiveRadius } from '../rules/exerciseMechanics';
import { allExercises, UNSPECIFIED_EXERCISE_ID, type Exercise } from '../rules/exercises';
import { isNobody, NOBODY } from '../rules/setOver';
import { afterSet } from '../rules/teamOrder';
import type { WorkoutView } from '../rules/workoutView';
import type { Alerts } from '../stores/alerts';
import type { SettingsStore } from '../stores/settings';
import type { TeamStore } from '../stores/team';
import type { LiveSession, Who } from '../workout/liveSession';
import type { Journaling } from '../journal/journaling';
import { createRoster, exerciseOf, type RosterEditing } from './roster';
import { startUpNow, type UpNowActions } from './upNow';

export interface TeamDeps {
  store: TeamStore;
  /** The open journal, or null where sessions are not kept (athletes then live in memory). */
  journal: Pick<Journaling, 'athletes' | 'exercises' | 'saveAthlete' | 'saveExercise' | 'order' | 'saveOrder' | 'revision' | 'onRecover'> | null;
  settings: SettingsStore;
  alerts: Pick<Alerts, 'showError'>;
  session: Pick<LiveSession, 'turn' | 'stats' | 'live' | 'recent' | 'reps' | 'loads' | 'tags'>;
  /** The Workout screen's view of the set in progress: `setDone` ends the set. */
  view: ReadonlySignal<WorkoutView>;
  now?: () => Date;
  newId?: () => string;
}

export interface Team extends UpNowActions, RosterEditing {
  readonly store: TeamStore;
  /** Who trains what now, for the live session; null until the roster is read. */
  readonly who: ReadonlySignal<Who | null>;
  /** The athletes a picker offers (not archived), by name. */
  readonly athletes: ReadonlySignal<Athlete[]>;
  /** The exercise the athlete up now is doing. */
  readonly exercise: ReadonlySignal<Exercise>;
  /** The exercises a picker offers: the built-ins, then the custom ones not archived. */
  readonly exercises: ReadonlySignal<Exercise[]>;
  /** Who comes up after this set with today's order; null without one. */
  readonly next: ReadonlySignal<Athlete | null>;
  /** The set of the athlete up is over: the reps until the next athlete comes up are nobody's. */
  readonly over: ReadonlySignal<boolean>;
  /**
   * What the Workout screen shows of the set: the set in progress, or, once the next athlete is up
   * and until their first rep, the last set as it was shown (`of`: whose it was).
   */
  readonly shown: ReadonlySignal<{ view: WorkoutView; of: string | null }>;
  /** Resolves once the roster is read. */
  readonly ready: Promise<void>;
  dispose(): void;
}

export function createTeam(deps: TeamDeps): Team {
  const { store, settings, journal } = deps;
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const { showError } = deps.alerts;

  const athletes = computed(() => activeAthletes(store.roster.value));
  const exercise = computed(() => exerciseOf(store.active.value?.settings.exerciseId ?? UNSPECIFIED_EXERCISE_ID, store.exercises.value));
  const exercises = computed(() => allExercises(store.exercises.value.filter((e) => !e.archived)));
  const next = computed(() => {
    const order = store.order.value;
    if (order === null || order.athleteIds.length < 2) return null;
    const id = afterSet(order, store.roster.value).current;
    return id === order.current ? null : (store.roster.value.find((a) => a.id === id) ?? null);
  });

  const roster = createRoster({ store, journal, settings, showError, at: () => now().getTime(), newId });
  const upNow = startUpNow({ store, journal, roster, settings, session: deps.session, view: deps.view, showError, now, newId });

  let lastWho: Who | null = null;
  const who = computed<Who | null>(() => {
    const active = store.active.value;
    if (active === null) return (lastWho = null);
    const s = settings.current.value;
    const ex = exercise.value;
    const since = upNow.overSince.value;
    const made: Who = { athleteId: since !== null ? NOBODY : active.id, exerciseId: ex.id, mass: effectiveMass(s.mass, ex), radius: effectiveRadius(s.radius, ex), warmup: s.warmup, ...(since !== null ? { since } : {}) };
    const same = lastWho !== null && ([...Object.keys(made), ...Object.keys(lastWho)] as (keyof Who)[]).every((k) => made[k] === lastWho![k]);
    return same ? lastWho : (lastWho = made);
  });

  // The last set shown with a rep, and whose it was; none once the session is cleared. It is kept
  // only while the set on screen is the athlete up's, judged by their settings: not in the moment
  // between the next athlete's settings coming up and their span beginning.
  const last = signal<{ view: WorkoutView; of: string | null } | null>(null);
  const stopKeepingLast = effect(() => {
    const view = deps.view.value;
    const owner = deps.session.tags.value.findLast((tag) => !isNobody(tag))?.athleteId ?? null;
    if (deps.session.reps.value.length === 0) last.value = null;
    else if (view.rows.length > 0 && (owner === null || owner === store.athleteId.peek())) last.value = { view, of: owner };
  });
  const shown = computed(() => {
    const view = deps.view.value;
    const kept = last.value;
    return view.rows.length === 0 && kept !== null ? kept : { view, of: store.athleteId.value };
  });

  return {
    store,
    who,
    athletes,
    exercise,
    exercises,
    next,
    over: upNow.over,
    shown,
    ready: upNow.ready,
    switchTo: upNow.switchTo,
    nextAthlete: upNow.nextAthlete,
    chooseExercise: upNow.chooseExercise,
    planToday: upNow.planToday,
    endToday: upNow.endToday,
    ...roster.editing,
    dispose() {
      stopKeepingLast();
      upNow.dispose();
    },
  };
}
