/**
 * The team service: who trains now and what, for one device and a queue of athletes. It keeps the
 * Workout settings and the athlete up now in step (rules/athleteWorkout.ts): the settings on
 * screen are the active athlete's, every change of them is kept with that athlete, and when
 * another athlete comes up their own targets, warmup, voice, body mass, exercise and plates for
 * it are put on screen. The live session hears who trains what (`who`: the engine's mass and
 * radius for the athlete doing the exercise, rules/exerciseMechanics.ts, and their warmup) and
 * starts a set at the change.
 *
 * Decisions where the issue is silent (docs/behaviour.md §4 "Athletes"):
 * - At start the settings stored on this device are the active athlete's latest, so they are
 *   kept with that athlete (the first start's athlete was made from them anyway). A recovered
 *   session brings its own settings back, and its last athlete and exercise come up with them.
 * - With today's order, the next athlete comes up once the set is done (rep goal reached or a
 *   Fatigue set complete) and its last rep has closed, or when "Next athlete" is pressed. A rest
 *   longer than the set rest splits sets but brings no one up: nobody can tell who picked up the
 *   rope.
 * - Without the journal (no IndexedDB) the athletes live in memory for the visit, and say so.
 */
import { batch, computed, effect, type ReadonlySignal } from '@preact/signals-react';
import { activeAthletes, archiveAthlete, createAthlete, DEFAULT_ATHLETE_SETTINGS, firstAthlete, renameAthlete, setBodyMass, updateAthleteSettings, type Athlete, type AthleteSettings } from '../rules/athletes';
import { athleteFrom, workoutFor } from '../rules/athleteWorkout';
import { effectiveMass, effectiveRadius } from '../rules/exerciseMechanics';
import { allExercises, BUILT_IN_EXERCISES, createExercise, editExercise, UNSPECIFIED_EXERCISE_ID, type Exercise, type ExerciseFields } from '../rules/exercises';
import { afterSet, localDay, orderForToday, planOrder, switchTo as orderSwitch, withoutAthlete } from '../rules/teamOrder';
import type { WorkoutView } from '../rules/workoutView';
import { messageOf } from '../shared/messageOf';
import type { Alerts } from '../stores/alerts';
import type { SettingsStore } from '../stores/settings';
import type { TeamStore } from '../stores/team';
import type { LiveSession, Who } from '../workout/liveSession';
import type { Journaling } from '../journal/journaling';
import { defaultAthlete } from '../journal/schema';

export interface TeamDeps {
  store: TeamStore;
  /** The open journal, or null where sessions are not kept (athletes then live in memory). */
  journal: Pick<Journaling, 'athletes' | 'exercises' | 'saveAthlete' | 'saveExercise' | 'revision' | 'onRecover'> | null;
  settings: SettingsStore;
  alerts: Pick<Alerts, 'showError'>;
  session: Pick<LiveSession, 'turn'>;
  /** The Workout screen's view of the set in progress: `setDone` brings the next athlete up. */
  view: ReadonlySignal<Pick<WorkoutView, 'setDone'>>;
  now?: () => Date;
  newId?: () => string;
}

export interface Team {
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
  /** Resolves once the roster is read. */
  readonly ready: Promise<void>;
  switchTo(athleteId: string): void;
  /** The next athlete in today's order comes up (nothing without an order). */
  nextAthlete(): void;
  chooseExercise(exerciseId: string): void;
  /** Today's order: who trains and in what order; the first comes up. */
  planToday(athleteIds: readonly string[]): void;
  endToday(): void;
  addAthlete(name: string, bodyMass: number): Athlete;
  renameAthlete(athleteId: string, name: string): void;
  reweigh(athleteId: string, kg: number): void;
  /** Archived athletes keep their sets and leave the pickers and today's order; the athlete up now cannot be archived. */
  archive(athleteId: string, archived: boolean): void;
  addExercise(fields: ExerciseFields): Exercise;
  editExercise(exerciseId: string, patch: Partial<ExerciseFields> & { archived?: boolean }): void;
  /** Changes the active athlete's own settings beyond the Workout settings (the big number, the ratio target). */
  updateActive(patch: Partial<Pick<AthleteSettings, 'bigNumber' | 'ratioTarget'>>): void;
  /** The name of an exercise id (known or not). */
  exerciseName(exerciseId: string): string;
  /** Who and what the ids of a session's tags are, for the session CSV's athletes block. */
  names(): { athlete: (id: string) => { name: string; bodyMass: number | null }; exercise: (id: string) => { name: string; massShare: number | null } };
  dispose(): void;
}

const NO_PLATES = [0, 0, 0, 0, 0];

export function createTeam(deps: TeamDeps): Team {
  const { store, settings, journal } = deps;
  const now = deps.now ?? (() => new Date());
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const { showError } = deps.alerts;
  const at = () => now().getTime();

  const athletes = computed(() => activeAthletes(store.roster.value));
  const exerciseOf = (id: string, custom: readonly Exercise[]): Exercise => BUILT_IN_EXERCISES.find((e) => e.id === id) ?? custom.find((e) => e.id === id) ?? BUILT_IN_EXERCISES.find((e) => e.id === UNSPECIFIED_EXERCISE_ID)!;
  const exercise = computed(() => exerciseOf(store.active.value?.settings.exerciseId ?? UNSPECIFIED_EXERCISE_ID, store.exercises.value));
  const exercises = computed(() => allExercises(store.exercises.value.filter((e) => !e.archived)));
  const next = computed(() => {
    const order = store.order.value;
    if (order === null || order.athleteIds.length < 2) return null;
    const id = afterSet(order, store.roster.value).current;
    return id === order.current ? null : (store.roster.value.find((a) => a.id === id) ?? null);
  });

  let lastWho: Who | null = null;
  const who = computed<Who | null>(() => {
    const active = store.active.value;
    if (active === null) return (lastWho = null);
    const s = settings.current.value;
    const ex = exercise.value;
    const made: Who = { athleteId: active.id, exerciseId: ex.id, mass: effectiveMass(s.mass, ex), radius: effectiveRadius(s.radius, ex), warmup: s.warmup };
    const same = lastWho !== null && (Object.keys(made) as (keyof Who)[]).every((k) => made[k] === lastWho![k]);
    return same ? lastWho : (lastWho = made);
  });

  /** The roster with `athlete` in it, kept in the journal. */
  function keep(athlete: Athlete): void {
    const roster = store.roster.peek();
    store.roster.value = roster.some((a) => a.id === athlete.id) ? roster.map((a) => (a.id === athlete.id ? athlete : a)) : [...roster, athlete];
    journal?.saveAthlete(athlete).catch((error: unknown) => showError(`${athlete.name} could not be kept on this device: ${messageOf(error)}`));
  }

  function keepExercise(ex: Exercise): void {
    const list = store.exercises.peek();
    store.exercises.value = list.some((e) => e.id === ex.id) ? list.map((e) => (e.id === ex.id ? ex : e)) : [...list, ex];
    journal?.saveExercise(ex).catch((error: unknown) => showError(`${ex.name} could not be kept on this device: ${messageOf(error)}`));
  }

  function athlete(id: string): Athlete {
    const found = store.roster.peek().find((a) => a.id === id);
    if (found === undefined) throw new Error('That athlete is not on this device');
    return found;
  }

  /** The active athlete with what the screen has now kept. */
  function saveActive(): void {
    const active = store.active.peek();
    if (active === null) return;
    const updated = athleteFrom(active, settings.current.peek(), active.settings.exerciseId, at());
    if (updated !== active) keep(updated);
  }

  function switchTo(id: string): void {
    const to = athlete(id);
    if (to.archived) throw new Error(`${to.name} is archived: bring them back before they train`);
    batch(() => {
      saveActive();
      settings.update(workoutFor(settings.current.peek(), to));
      store.athleteId.value = id;
      const order = store.order.peek();
      if (order !== null && order.athleteIds.includes(id)) store.order.value = orderSwitch(order, id);
    });
    store.keep();
  }

  /** Reads the roster and exercises (again after the log changed wholesale) and puts the athlete up now on screen. */
  async function load(): Promise<void> {
    const [roster, custom] = journal === null ? [[firstAthlete(null, { id: newId(), now: at() })], []] : await Promise.all([journal.athletes(), journal.exercises()]);
    const normal = roster.map((a) => ({ ...a, settings: { ...DEFAULT_ATHLETE_SETTINGS, ...a.settings } }));
    const usable = normal.filter((a) => !a.archived);
    const stored = usable.find((a) => a.id === store.athleteId.peek());
    const up = stored ?? usable.find((a) => a.id === defaultAthlete(normal)?.id) ?? activeAthletes(normal)[0] ?? null;
    batch(() => {
      store.roster.value = normal;
      store.exercises.value = custom;
      store.athleteId.value = up?.id ?? null;
      const order = orderForToday(store.order.peek(), localDay(now()));
      store.order.value = order === null ? null : order.athleteIds.includes(order.current) ? order : null;
      // The settings on this device are the athlete's latest: they are kept with them.
      saveActive();
    });
    store.keep();
  }

  const ready = load().catch((error: unknown) => void showError(`The athletes could not be read: ${messageOf(error)}`));

  // Every change of the settings on screen is the active athlete's.
  const stopKeeping = effect(() => {
    void settings.current.value;
    saveActive();
  });

  // The next athlete in today's order comes up once the set is done and its last rep has closed.
  let wasDone = false;
  const stopAdvancing = effect(() => {
    const done = deps.view.value.setDone && deps.session.turn.value === null;
    const rising = done && !wasDone;
    wasDone = done;
    if (rising && store.order.peek() !== null) queueMicrotask(() => nextAthlete());
  });

  // The log changed wholesale: read the athletes again. Until then nobody is up, so no change of
  // the settings meanwhile (Delete all data resets them) is kept with an athlete that is gone.
  let seen = journal?.revision.peek() ?? 0;
  const stopReloading = effect(() => {
    const revision = journal?.revision.value ?? 0;
    if (revision === seen) return;
    seen = revision;
    batch(() => {
      store.roster.value = [];
      store.athleteId.value = null;
    });
    load().catch((error: unknown) => showError(`The athletes could not be read: ${messageOf(error)}`));
  });

  // A recovered session comes back with its settings: its last athlete and exercise come up with them.
  const stopFollowing =
    journal?.onRecover((record) => {
      const last = record.settings.tags?.at(-1);
      const athlete = store.roster.peek().find((a) => a.id === last?.athleteId);
      if (last === undefined || athlete === undefined) return;
      store.athleteId.value = athlete.id;
      keep(updateAthleteSettings(athlete, { exerciseId: last.exerciseId }, at()));
      store.keep();
    }) ?? (() => {});

  function nextAthlete(): void {
    const order = store.order.peek();
    if (order === null) return;
    const after = afterSet(order, store.roster.peek());
    if (after.current !== store.athleteId.peek()) switchTo(after.current);
  }

  return {
    store,
    who,
    athletes,
    exercise,
    exercises,
    next,
    ready,
    switchTo,
    nextAthlete,
    chooseExercise(exerciseId) {
      const ex = exerciseOf(exerciseId, store.exercises.peek());
      if (ex.id !== exerciseId) throw new Error('That exercise is not on this device');
      const active = store.active.peek();
      if (active === null) throw new Error('The athletes are still being read');
      batch(() => {
        const saved = athleteFrom(active, settings.current.peek(), active.settings.exerciseId, at());
        keep(updateAthleteSettings(saved, { exerciseId }, at()));
        settings.update({ plates: [...(saved.settings.plates[exerciseId] ?? NO_PLATES)] });
      });
    },
    planToday(ids) {
      const order = planOrder(ids, store.roster.peek(), localDay(now()));
      store.order.value = order;
      switchTo(order.current);
    },
    endToday() {
      store.order.value = null;
      store.keep();
    },
    addAthlete(name, bodyMass) {
      const made = createAthlete({ name, bodyMass }, { id: newId(), now: at() });
      keep(made);
      return made;
    },
    renameAthlete(id, name) {
      keep(renameAthlete(athlete(id), name, at()));
    },
    reweigh(id, kg) {
      const updated = setBodyMass(athlete(id), kg, at());
      if (id === store.athleteId.peek()) settings.update({ mass: kg });
      keep(updated);
    },
    archive(id, archived) {
      if (archived && id === store.athleteId.peek()) throw new Error('Bring another athlete up before archiving the one training now');
      keep(archiveAthlete(athlete(id), archived, at()));
      const order = store.order.peek();
      if (archived && order !== null) {
        store.order.value = withoutAthlete(order, id);
        store.keep();
      }
    },
    addExercise(fields) {
      const made = createExercise(fields, { id: newId(), now: at() });
      keepExercise(made);
      return made;
    },
    editExercise(id, patch) {
      const found = store.exercises.peek().find((e) => e.id === id);
      if (found === undefined) throw new Error('Only your own exercises can be changed');
      keepExercise(editExercise(found, patch, at()));
    },
    updateActive(patch) {
      const active = store.active.peek();
      if (active === null) throw new Error('The athletes are still being read');
      keep(updateAthleteSettings(active, patch, at()));
    },
    exerciseName: (id) => {
      const found = BUILT_IN_EXERCISES.find((e) => e.id === id) ?? store.exercises.peek().find((e) => e.id === id);
      return found?.name ?? 'Unknown exercise';
    },
    names: () => ({
      athlete: (id) => {
        const found = store.roster.peek().find((a) => a.id === id);
        return found === undefined ? { name: 'Unknown athlete', bodyMass: null } : { name: found.name, bodyMass: found.bodyMass };
      },
      exercise: (id) => {
        const found = BUILT_IN_EXERCISES.find((e) => e.id === id) ?? store.exercises.peek().find((e) => e.id === id);
        return found === undefined ? { name: 'Unknown exercise', massShare: null } : { name: found.name, massShare: found.massShare };
      },
    }),
    dispose() {
      stopKeeping();
      stopAdvancing();
      stopReloading();
      stopFollowing();
    },
  };
}
