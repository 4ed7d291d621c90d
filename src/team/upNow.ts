/**
 * The athlete up now and today's order. The settings on screen are the athlete up now's: every
 * change of them is kept with that athlete, and when another comes up their own settings,
 * exercise and plates come up with them (rules/athleteWorkout.ts). With today's order a set is
 * over once it is done, and the next athlete comes up after it (changeover.ts); the order is kept
 * in the log (orderInLog.ts). Any athlete can be brought up at any time, the one who just finished included: they
 * start a new set. The roster and today's order (the log's order record) are read when the team
 * starts, and again after the log changed wholesale (Delete all data, a restore, a pull); a
 * recovered session brings its last athlete and exercise up.
 */
import { batch, effect, type ReadonlySignal } from '@preact/signals-react';
import { activeAthletes, DEFAULT_ATHLETE_SETTINGS, firstAthlete, updateAthleteSettings, type Athlete } from '../rules/athletes';
import { athleteFrom, workoutFor } from '../rules/athleteWorkout';
import { isNobody } from '../rules/setOver';
import { afterSet, localDay, orderForToday, planOrder, switchTo as orderSwitch } from '../rules/teamOrder';
import type { WorkoutView } from '../rules/workoutView';
import { messageOf } from '../shared/messageOf';
import type { SettingsStore } from '../stores/settings';
import type { TeamStore } from '../stores/team';
import type { LiveSession } from '../workout/liveSession';
import type { Journaling } from '../journal/journaling';
import { defaultAthlete } from '../journal/schema';
import { watchChangeover } from './changeover';
import { keepOrderInLog } from './orderInLog';
import { exerciseOf, type Roster } from './roster';

const NO_PLATES = [0, 0, 0, 0, 0];

/** Who is up and today's order, as the Workout screen changes them. */
export interface UpNowActions {
  switchTo(athleteId: string): void;
  /** The next athlete in today's order comes up (nothing without an order). */
  nextAthlete(): void;
  chooseExercise(exerciseId: string): void;
  /** Today's order: who trains and in what order; the first comes up. */
  planToday(athleteIds: readonly string[]): void;
  endToday(): void;
}

export interface UpNow extends UpNowActions {
  /** Resolves once the roster is read. */
  readonly ready: Promise<void>;
  /** The set of the athlete up is over (today's order): the reps until the next athlete comes up are nobody's. */
  readonly over: ReadonlySignal<boolean>;
  /** µs on the session's clock after which the reps are nobody's while `over`: just after the start of the set's goal rep. */
  readonly overSince: ReadonlySignal<number | null>;
  dispose(): void;
}

export interface UpNowDeps {
  store: TeamStore;
  /** The open journal, or null where sessions are not kept (athletes then live in memory). */
  journal: Pick<Journaling, 'athletes' | 'exercises' | 'order' | 'saveOrder' | 'revision' | 'onRecover'> | null;
  roster: Pick<Roster, 'keep' | 'athlete'>;
  settings: SettingsStore;
  session: Pick<LiveSession, 'turn' | 'stats' | 'live' | 'recent' | 'reps' | 'loads' | 'tags'>;
  /** The Workout screen's view of the set in progress: `setDone` brings the next athlete up. */
  view: ReadonlySignal<Pick<WorkoutView, 'setDone'>>;
  showError: (message: string) => void;
  now: () => Date;
  newId: () => string;
}

export function startUpNow(deps: UpNowDeps): UpNow {
  const { store, settings, journal, roster, showError, now } = deps;
  const { session } = deps;
  const at = () => now().getTime();
  const changeover = watchChangeover({ store, settings, session, view: deps.view, next: () => nextAthlete() });
  const orderInLog = journal === null ? null : keepOrderInLog({ store, journal, showError, now });

  /** The active athlete with what the screen has now kept. */
  function saveActive(): void {
    const active = store.active.peek();
    if (active === null) return;
    const updated = athleteFrom(active, settings.current.peek(), active.settings.exerciseId, at());
    if (updated !== active) roster.keep(updated);
  }

  function switchTo(id: string): void {
    const to = roster.athlete(id);
    if (to.archived) throw new Error(`${to.name} is archived: bring them back before they train`);
    batch(() => {
      saveActive();
      settings.update(workoutFor(settings.current.peek(), to));
      store.athleteId.value = id;
      changeover.clear();
      const order = store.order.peek();
      if (order !== null && order.athleteIds.includes(id)) store.order.value = orderSwitch(order, id);
    });
    store.keep();
  }

  function nextAthlete(): void {
    const order = store.order.peek();
    if (order === null) return;
    const after = afterSet(order, store.roster.peek());
    if (after.current !== store.athleteId.peek()) switchTo(after.current);
    else changeover.clear();
  }

  /**
   * Reads the roster and exercises and puts the athlete up now (`keep`, if still there) on screen.
   * `again`: the log changed wholesale (a restore, a pull, Delete all data).
   */
  async function load(keep: string | null = store.athleteId.peek(), again = false): Promise<void> {
    const [read, custom, kept] = journal === null ? [[firstAthlete(null, { id: deps.newId(), now: at() })], [], store.order.peek()] : await Promise.all([journal.athletes(), journal.exercises(), orderInLog!.read(again)]);
    const normal = read.map((a) => ({ ...a, settings: { ...DEFAULT_ATHLETE_SETTINGS, ...a.settings } }));
    const usable = normal.filter((a) => !a.archived);
    const stored = usable.find((a) => a.id === keep);
    const up = stored ?? usable.find((a) => a.id === defaultAthlete(normal)?.id) ?? activeAthletes(normal)[0] ?? null;
    batch(() => {
      store.roster.value = normal;
      store.exercises.value = custom;
      store.athleteId.value = up?.id ?? null;
      const today = orderForToday(kept, localDay(now()));
      const order = today !== null && today.athleteIds.includes(today.current) ? today : null;
      orderInLog?.shown(order);
      store.order.value = order;
      // At start the settings on this device are the latest of the athlete who was up when the
      // app closed (or of the first athlete, made from them): they are kept with that athlete.
      // After the log changed, or with someone else up, the log's copy of the athlete is the
      // latest (a restored or pulled edit of their targets, their body mass from the file): it
      // comes to the screen, and the screen's settings, another athlete's, never overwrite it.
      if (!again && (stored !== undefined || keep === null)) saveActive();
      else if (up !== null) showAthlete(up);
    });
    store.keep();
  }

  /** Puts `athlete`'s own settings on screen, unless they are there already. */
  function showAthlete(athlete: Athlete): void {
    const current = settings.current.peek();
    const theirs = workoutFor(current, athlete);
    if (JSON.stringify(theirs) !== JSON.stringify(current)) settings.update(theirs);
  }

  const ready = load().catch((error: unknown) => void showError(`The athletes could not be read: ${messageOf(error)}`));

  // Every change of the settings on screen is the active athlete's.
  const stopKeeping = effect(() => {
    void settings.current.value;
    saveActive();
  });

  // The log changed wholesale: read the athletes again. Until then nobody is up, so no change of
  // the settings meanwhile (Delete all data resets them) is kept with an athlete that is gone. The
  // athlete up stays up if the log still has them (a sync merges after every set, mid-session).
  let seen = journal?.revision.peek() ?? 0;
  const stopReloading = effect(() => {
    const revision = journal?.revision.value ?? 0;
    if (revision === seen) return;
    seen = revision;
    const up = store.athleteId.peek();
    batch(() => {
      store.roster.value = [];
      store.athleteId.value = null;
    });
    load(up, true).catch((error: unknown) => showError(`The athletes could not be read: ${messageOf(error)}`));
  });

  // A recovered session comes back with its settings: its last athlete and exercise come up with them.
  const stopFollowing =
    journal?.onRecover((record) => {
      const last = record.settings.tags?.findLast((tag) => !isNobody(tag));
      const athlete = store.roster.peek().find((a) => a.id === last?.athleteId);
      if (last === undefined || athlete === undefined) return;
      store.athleteId.value = athlete.id;
      roster.keep(updateAthleteSettings(athlete, { exerciseId: last.exerciseId }, at()));
      store.keep();
    }) ?? (() => {});

  return {
    ready,
    over: changeover.over,
    overSince: changeover.overSince,
    switchTo,
    nextAthlete,
    chooseExercise(exerciseId) {
      const ex = exerciseOf(exerciseId, store.exercises.peek());
      if (ex.id !== exerciseId) throw new Error('That exercise is not on this device');
      const active = store.active.peek();
      if (active === null) throw new Error('The athletes are still being read');
      batch(() => {
        const saved = athleteFrom(active, settings.current.peek(), active.settings.exerciseId, at());
        roster.keep(updateAthleteSettings(saved, { exerciseId }, at()));
        settings.update({ plates: [...(saved.settings.plates[exerciseId] ?? NO_PLATES)] });
      });
    },
    planToday(ids) {
      const order = planOrder(ids, store.roster.peek(), localDay(now()));
      store.order.value = order;
      switchTo(order.current);
    },
    endToday() {
      batch(() => {
        store.order.value = null;
        changeover.clear();
      });
    },
    dispose() {
      stopKeeping();
      changeover.dispose();
      stopReloading();
      stopFollowing();
      orderInLog?.dispose();
    },
  };
}
