/**
 * The athlete up now and today's order. The settings on screen are the athlete up now's: every
 * change of them is kept with that athlete, and when another comes up their own settings,
 * exercise and plates come up with them (rules/athleteWorkout.ts). With today's order a set is
 * over once it is done (rules/setOver.ts): the reps that follow are nobody's (`over`), and the
 * next athlete comes up once its last rep has closed and the rope has rested (or the stream has
 * ended). Any athlete can be brought up at any time, the one who just finished included: they
 * start a new set. The roster and today's order (the log's order record) are read when the team
 * starts, and again after the log changed wholesale (Delete all data, a restore, a pull); a
 * recovered session brings its last athlete and exercise up.
 */
import { batch, computed, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import { activeAthletes, DEFAULT_ATHLETE_SETTINGS, firstAthlete, updateAthleteSettings, type Athlete } from '../rules/athletes';
import { athleteFrom, workoutFor } from '../rules/athleteWorkout';
import { CHANGEOVER_S, isNobody, ropeRested } from '../rules/setOver';
import { currentSet } from '../rules/setSplit';
import { afterSet, localDay, orderForToday, planOrder, switchTo as orderSwitch, type TeamOrder } from '../rules/teamOrder';
import type { WorkoutView } from '../rules/workoutView';
import { messageOf } from '../shared/messageOf';
import type { SettingsStore } from '../stores/settings';
import type { TeamStore } from '../stores/team';
import type { LiveSession } from '../workout/liveSession';
import type { Journaling } from '../journal/journaling';
import { defaultAthlete } from '../journal/schema';
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
  const overSince = signal<number | null>(null);
  const over = computed(() => overSince.value !== null);

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
      overSince.value = null;
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
    else overSince.value = null;
  }

  /**
   * Reads the roster and exercises and puts the athlete up now (`keep`, if still there) on screen.
   * `again`: the log changed wholesale (a restore, a pull, Delete all data).
   */
  async function load(keep: string | null = store.athleteId.peek(), again = false): Promise<void> {
    const [read, custom, kept] = journal === null ? [[firstAthlete(null, { id: deps.newId(), now: at() })], [], store.order.peek()] : await Promise.all([journal.athletes(), journal.exercises(), orderInLog(again)]);
    const normal = read.map((a) => ({ ...a, settings: { ...DEFAULT_ATHLETE_SETTINGS, ...a.settings } }));
    const usable = normal.filter((a) => !a.archived);
    const stored = usable.find((a) => a.id === keep);
    const up = stored ?? usable.find((a) => a.id === defaultAthlete(normal)?.id) ?? activeAthletes(normal)[0] ?? null;
    batch(() => {
      store.roster.value = normal;
      store.exercises.value = custom;
      store.athleteId.value = up?.id ?? null;
      const order = orderForToday(kept, localDay(now()));
      keptOrder = order === null ? null : order.athleteIds.includes(order.current) ? order : null;
      store.order.value = keptOrder;
      orderRead = true;
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

  /**
   * Today's order as the log keeps it. The first time, today's order an older release kept in
   * storage (`formerOrder`) is moved into the log when the log has none (an older day's would only
   * be shared with the team to be ignored): the next `keep` drops it from storage.
   */
  async function orderInLog(again: boolean): Promise<TeamOrder | null> {
    const record = await journal!.order();
    const former = orderForToday(store.formerOrder, localDay(now()));
    if (record !== null || again || former === null) return record?.order ?? null;
    await journal!.saveOrder(former);
    return former;
  }

  // Every change of today's order here is an edit of the log's order record (synced and backed
  // up); `keptOrder` is the order the log holds, so that reading it does not write it back.
  let keptOrder: TeamOrder | null = null;
  let orderRead = false;
  const stopKeepingOrder = effect(() => {
    const order = store.order.value;
    if (!orderRead || journal === null || JSON.stringify(order) === JSON.stringify(keptOrder)) return;
    keptOrder = order;
    journal.saveOrder(order).catch((error: unknown) => showError(`Today’s order could not be kept: ${messageOf(error)}`));
  });

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

  // With today's order a set is over once it is done: the reps that follow are nobody's. Only the
  // set of the athlete up counts: not the last athlete's, judged for a moment by the settings of
  // the athlete who just came up, before their span begins.
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

  // Then the next athlete comes up once its last rep has closed and the rope has rested, or the stream has ended.
  const stopChanging = effect(() => {
    if (!over.value || session.turn.value !== null) return;
    void session.stats.value;
    if (session.live.value && !rested()) return;
    queueMicrotask(() => {
      if (overSince.peek() !== null) nextAthlete();
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
    over,
    overSince,
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
        overSince.value = null;
      });
    },
    dispose() {
      stopKeeping();
      stopEnding();
      stopChanging();
      stopReloading();
      stopFollowing();
      stopKeepingOrder();
    },
  };
}
