/**
 * The Team view: one row per athlete with their last session, so a coach sees the squad at a
 * glance and sorts it by any column.
 *
 * Definitions (the issue names the columns; these say how each is taken):
 * - Their sets: the athletes' sets of rules/athleteSets.ts (nobody's reps, and the sets of an
 *   athlete taken out of a session, are no one's), with a counted rep (a rep after a set's warmup):
 *   a set where they only warmed up says nothing about them.
 * - Last session: the newest session holding a set of theirs, the session being recorded
 *   included (today's sets count before the session ends).
 * - Exercise and load: those of their last set there; every figure is of their sets of that
 *   exercise at that load (the plates' inertia): a heavier flywheel is pulled more slowly, so sets
 *   at two loads are not one figure (rules/progress.ts compares like with like the same way).
 * - Best and mean concentric velocity: over those sets' counted reps.
 * - Velocity loss of the last set: rules/sets.ts's, of the last of those sets.
 * - Change: the mean against the mean of their previous session with sets of the same exercise at
 *   the same load, in percent (docs/behaviour.md §5's percent change); none without such a session,
 *   and then the previous session of the exercise at another load, if any, is named instead
 *   (`otherLoad`), so the coach sees why there is no change.
 * Athletes with no session yet get a row without figures; archived athletes get none. A finished
 * session's stored set records (rules/setRecords.ts) are `TeamSet`s as they are.
 */
import type { Athlete } from './athletes';
import { numbered, type Removed } from './athleteSets';
import { percentChange } from './target';

/** One set as the Team view needs it. */
export interface TeamSet {
  athleteId: string;
  exerciseId: string;
  /** The plates' inertia, kg·m²; null where the session's loads are unknown. */
  inertia: number | null;
  /** Mean concentric velocity of each counted rep, m/s, in order. */
  velocities: readonly number[];
  /** % (rules/sets.ts) */
  velocityLoss: number;
}

export interface TeamSession {
  id: string;
  /** ms since the epoch */
  startedAt: number;
  sets: readonly TeamSet[];
  /** Athletes taken out of the session (the record's `removedAthletes`). */
  removed?: Removed;
  /** The session being recorded: its sets so far. */
  inProgress?: boolean;
}

export interface LastSession {
  sessionId: string;
  startedAt: number;
  inProgress: boolean;
  exerciseId: string;
  /** The load of the figures, kg·m² (null: unknown plates). */
  inertia: number | null;
  /** Their sets of the exercise at that load in the session. */
  sets: number;
  best: number;
  mean: number;
  velocityLoss: number;
  /** % against their previous session of the same exercise at the same load, null without one. */
  change: number | null;
  /** That previous session (when `change` is not null). */
  previous: { startedAt: number } | null;
  /** Without one at the same load: their previous session of the exercise at another load, if any. */
  otherLoad: { startedAt: number; inertia: number | null } | null;
}

export interface TeamRow {
  athleteId: string;
  name: string;
  last: LastSession | null;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Their counted sets of a session (of one exercise, at one load, when given). */
function theirs(session: TeamSession, athleteId: string, exerciseId?: string, inertia?: number | null): TeamSet[] {
  return numbered(session.sets, session.removed, { athleteId, exerciseId }).filter(
    (s) => s.velocities.length > 0 && (inertia === undefined || s.inertia === inertia),
  );
}

function lastSession(athleteId: string, newestFirst: readonly TeamSession[]): LastSession | null {
  const at = newestFirst.findIndex((s) => theirs(s, athleteId).length > 0);
  if (at < 0) return null;
  const session = newestFirst[at]!;
  const { exerciseId, inertia } = theirs(session, athleteId).at(-1)!;
  const sets = theirs(session, athleteId, exerciseId, inertia);
  const velocities = sets.flatMap((s) => s.velocities);
  const figures = { best: Math.max(...velocities), mean: mean(velocities) };
  const earlier = newestFirst.slice(at + 1);
  const previous = earlier.find((s) => theirs(s, athleteId, exerciseId, inertia).length > 0);
  const other = previous === undefined ? earlier.find((s) => theirs(s, athleteId, exerciseId).length > 0) : undefined;
  return {
    sessionId: session.id,
    startedAt: session.startedAt,
    inProgress: session.inProgress === true,
    exerciseId,
    inertia,
    sets: sets.length,
    ...figures,
    velocityLoss: sets.at(-1)!.velocityLoss,
    change: previous === undefined ? null : percentChange(figures.mean, mean(theirs(previous, athleteId, exerciseId, inertia).flatMap((s) => s.velocities))),
    previous: previous === undefined ? null : { startedAt: previous.startedAt },
    otherLoad: other === undefined ? null : { startedAt: other.startedAt, inertia: theirs(other, athleteId, exerciseId).at(-1)!.inertia },
  };
}

/** One row per athlete not archived, in the roster's order. */
export function teamRows(athletes: readonly Athlete[], sessions: readonly TeamSession[]): TeamRow[] {
  const newestFirst = [...sessions].sort((a, b) => b.startedAt - a.startedAt);
  return athletes.filter((a) => !a.archived).map((a) => ({ athleteId: a.id, name: a.name, last: lastSession(a.id, newestFirst) }));
}

export const TEAM_COLUMNS = ['name', 'date', 'exercise', 'best', 'mean', 'velocityLoss', 'change'] as const;
export type TeamColumn = (typeof TEAM_COLUMNS)[number];

/**
 * The rows sorted by `column`, ascending or descending; rows without a figure (no session, no
 * previous session) go last either way, and ties keep their order. `exerciseName` names an
 * exercise id for the exercise column.
 */
export function sortTeamRows(rows: readonly TeamRow[], column: TeamColumn, direction: 'ascending' | 'descending', exerciseName: (id: string) => string = (id) => id): TeamRow[] {
  const key = (row: TeamRow): string | number | null => {
    const last = row.last;
    switch (column) {
      case 'name':
        return row.name;
      case 'date':
        return last?.startedAt ?? null;
      case 'exercise':
        return last === null ? null : exerciseName(last.exerciseId);
      case 'change':
        return last?.change ?? null;
      default:
        return last?.[column] ?? null;
    }
  };
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, k: key(row) }))
    .sort((a, b) => {
      if (a.k === null || b.k === null) return a.k === b.k ? a.i - b.i : a.k === null ? 1 : -1;
      const order = typeof a.k === 'string' ? a.k.localeCompare(b.k as string) : a.k - (b.k as number);
      return order === 0 ? a.i - b.i : sign * order;
    })
    .map(({ row }) => row);
}
