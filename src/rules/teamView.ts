/**
 * The Team view: one row per athlete with their last session, so a coach sees the squad at a
 * glance and sorts it by any column.
 *
 * Definitions (the issue names the columns; these say how each is taken):
 * - Last session: the newest session holding a counted rep of theirs (a rep after a set's warmup);
 *   a session where they only warmed up says nothing about them.
 * - Exercise: that of their last set with a counted rep in it.
 * - Best and mean concentric velocity: over their counted reps of that exercise in that session,
 *   every set of it (the History's figures per session, rules/progress.ts, for one athlete).
 * - Velocity loss of the last set: rules/sets.ts's, of their last set of that exercise there.
 * - Change: the mean against the mean of their previous session of the same exercise, in percent
 *   (docs/behaviour.md §5's percent change); none without such a session.
 * Athletes with no session yet get a row without figures; archived athletes get none. A finished
 * session's stored set records (rules/setRecords.ts) are `TeamSet`s as they are.
 */
import type { Athlete } from './athletes';
import { percentChange } from './target';

/** One set as the Team view needs it. */
export interface TeamSet {
  athleteId: string;
  exerciseId: string;
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
}

export interface LastSession {
  sessionId: string;
  startedAt: number;
  exerciseId: string;
  best: number;
  mean: number;
  velocityLoss: number;
  /** % against their previous session of the same exercise, null without one. */
  change: number | null;
}

export interface TeamRow {
  athleteId: string;
  name: string;
  last: LastSession | null;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Their counted sets of a session (of one exercise when given). */
function theirs(session: TeamSession, athleteId: string, exerciseId?: string): TeamSet[] {
  return session.sets.filter((s) => s.athleteId === athleteId && s.velocities.length > 0 && (exerciseId === undefined || s.exerciseId === exerciseId));
}

function lastSession(athleteId: string, newestFirst: readonly TeamSession[]): LastSession | null {
  const at = newestFirst.findIndex((s) => theirs(s, athleteId).length > 0);
  if (at < 0) return null;
  const session = newestFirst[at]!;
  const exerciseId = theirs(session, athleteId).at(-1)!.exerciseId;
  const sets = theirs(session, athleteId, exerciseId);
  const velocities = sets.flatMap((s) => s.velocities);
  const figures = { best: Math.max(...velocities), mean: mean(velocities) };
  const previous = newestFirst.slice(at + 1).find((s) => theirs(s, athleteId, exerciseId).length > 0);
  const previousMean = previous === undefined ? null : mean(theirs(previous, athleteId, exerciseId).flatMap((s) => s.velocities));
  return {
    sessionId: session.id,
    startedAt: session.startedAt,
    exerciseId,
    ...figures,
    velocityLoss: sets.at(-1)!.velocityLoss,
    change: previousMean === null ? null : percentChange(figures.mean, previousMean),
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
