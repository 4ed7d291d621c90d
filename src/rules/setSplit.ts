/**
 * Where a session's sets begin: at a rest longer than the set rest between one rep's end of
 * movement and the next rep's start, at a change of load (plates or boost, rules/loads.ts) and at
 * a change of athlete or exercise (rules/setTags.ts) between them. rules/sets.ts has the why and
 * the per-set figures. Kept apart and small: the Workout screen needs the set in progress soon
 * after start-up.
 *
 * The one counting rule, for every place that shows a rep's number (the Workout screen, History,
 * the session CSV, the batch command's table, CSVs and JSON): a rep is numbered within its set,
 * from that set's own warmup (a flywheel is spun up at the start of every set), with
 * docs/behaviour.md §4's count: its 0-based place in the set − warmup + 1, ≤ 0 being the set's
 * warmup (W). The engine's own `count` runs on across the session, so it is shown nowhere.
 */
import type { Rep, Turn } from '../engine/types';
import type { LoadSpan } from './loads';
import { isNobody } from './setOver';
import { spanAt, type Span } from './spans';
import { repCount } from './validity';

/**
 * How a session splits: the set rest, s, the session's loads (none: one load throughout) and who
 * trained what (rules/setTags.ts `TagSpan`s; none: one athlete doing one exercise throughout).
 */
export interface SetBreaks {
  restS: number;
  loads?: readonly LoadSpan[];
  tags?: readonly (Span & { athleteId?: string })[];
}

/** Whether `a` and `b` fall in different spans of `spans`. */
function crosses(spans: readonly Span[] | undefined, a: number, b: number): boolean {
  return spans !== undefined && spans.length > 1 && spanAt(spans, a, 'span') !== spanAt(spans, b, 'span');
}

/** Whether a rep starting at `startUs` begins a new set after a rep that ended at `previousEndUs`. */
function breaksSet(previousEndUs: number, previousStartUs: number, startUs: number, how: SetBreaks): boolean {
  if ((startUs - previousEndUs) / 1e6 > how.restS) return true;
  return crosses(how.loads, previousStartUs, startUs) || crosses(how.tags, previousStartUs, startUs);
}

/** The reps cut into sets at long rests and load changes. */
export function splitSets<R extends Pick<Rep, 'startUs' | 'endUs'>>(reps: readonly R[], how: SetBreaks): R[][] {
  const sets: R[][] = [];
  for (const rep of reps) {
    const current = sets.at(-1);
    const previous = current?.at(-1);
    if (current === undefined || previous === undefined || breaksSet(previous.endUs, previous.startUs, rep.startUs, how)) sets.push([rep]);
    else current.push(rep);
  }
  return sets;
}

/** `rep` placed in a set whose first rep has the session index `first`: its index counts from 0 there. */
function inSet<T extends { index: number }>(rep: T, first: number): T {
  return { ...rep, index: rep.index - first };
}

/**
 * The set in progress, numbered from 0 so that its first reps are its warmup: the reps after the
 * last set break, and the rep under way, which starts a new set when a break comes before it.
 * Once the athlete or exercise has changed after the last rep began, the set in progress is the
 * next athlete's, still empty: their screen, not the last athlete's set judged by their settings.
 * While nobody's reps follow a set that is over (rules/setOver.ts), the set in progress is still
 * that set: its last rep closes on screen, and nobody's reps show in no set.
 */
export function currentSet(reps: readonly Rep[], turn: Turn | null, how: SetBreaks): { reps: Rep[]; turn: Turn | null } {
  const span = how.tags?.at(-1);
  if (span !== undefined && isNobody(span)) {
    const before = (startUs: number) => startUs < span.fromUs;
    return currentSet(
      reps.filter((rep) => before(rep.startUs)),
      turn !== null && before(turn.startUs) ? turn : null,
      { ...how, tags: how.tags!.slice(0, -1) },
    );
  }
  const last = reps.at(-1);
  const changed = span?.fromUs ?? Number.NEGATIVE_INFINITY;
  const latest = turn?.startUs ?? last?.startUs;
  if (latest !== undefined && latest < changed) return { reps: [], turn: null };
  if (turn !== null && (last === undefined || breaksSet(last.endUs, last.startUs, turn.startUs, how))) {
    return { reps: [], turn: inSet(turn, turn.index) };
  }
  const set = splitSets(reps, how).at(-1) ?? [];
  const first = set[0]?.index ?? 0;
  return {
    reps: set.map((rep) => inSet(rep, first)),
    turn: turn === null ? null : inSet(turn, first),
  };
}

/** Every set of the session numbered from 0 as `currentSet` numbers the set in progress: what a view of a whole session (an imported file) shows set by set. */
export function setsFromZero(reps: readonly Rep[], how: SetBreaks): Rep[][] {
  return splitSets(reps, how).map((set) => set.map((rep) => inSet(rep, set[0]!.index)));
}

/** How a session is split and numbered: its breaks, and the warmup reps each set starts with. */
export interface SetNumbering extends SetBreaks {
  warmup: number;
}

/**
 * Every set of the session, its reps counted as the Workout screen counts the set in progress:
 * each rep's `count` from its set's own warmup (≤ 0: warmup); its `index` stays its place in the
 * session. The set's number is its place in the result, from 1.
 */
export function numberedSets(reps: readonly Rep[], how: SetNumbering): Rep[][] {
  return splitSets(reps, how).map((set) => {
    const first = set[0]!.index;
    return set.map((rep) => ({ ...rep, count: repCount(inSet(rep, first).index, how.warmup) }));
  });
}
