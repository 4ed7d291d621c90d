/**
 * Sets within a session, from its reps and loads. A set ends where the rope rests longer than the
 * set rest (the setting `setRestS`, default 20 s) between one rep's end of movement and the next rep's
 * start: a rest between sets is minutes, one between reps a second or two, so any threshold in
 * between splits the same way. A change of plates or boost between two reps ends a set too
 * (rules/loads.ts): a set is done at one load.
 *
 * Per set: its load, reps, best and mean of the chosen metric and phase, velocity loss, total
 * work and mean eccentric overload. Definitions (where the product rules are silent):
 * - Each set's first `warmup` reps (the flywheel spun up) are left out of every figure, as from
 *   the target rules.
 * - Velocity loss is the usual fatigue measure: mean concentric velocity from the set's best rep
 *   to its last, in percent of the best; 0 with fewer than two reps.
 * - Total work is the athlete's: the energy put into the flywheel in the pulls plus the energy
 *   taken out in the returns (concentric + eccentric work), J.
 * - Mean eccentric overload is the mean eccentric/concentric peak-power ratio of the reps that
 *   have concentric power (0 when none has: inertia 0).
 *
 * The Workout screen shows the set in progress (`currentSet`, in setSplit.ts): its rows, target rules (a Fatigue
 * set's best rep is this set's), numbering and warmup start over with each set, so a long rest
 * starts a new set as Reset does, without clearing the session. Every other output numbers the
 * reps the same way (`numberedSets`, in setSplit.ts), and a set's counted reps here are the ones
 * that numbering counts from 1.
 */
import type { Metric, Rep, Turn } from '../engine/types';
import type { Phase } from './labels';
import { loadAt, type Load } from './loads';
import { splitSets, type SetBreaks } from './setSplit';

/** How a session splits into sets and which figures a set reports. */
export interface SetRules extends SetBreaks {
  warmup: number;
  metric: Metric;
  phase: Phase;
}

export interface SetSummary {
  /** 0-based, in session order. */
  index: number;
  /** The plates' inertia and the boost the set was done at; null when the session's loads are not known. */
  load: Load | null;
  /** All reps of the set, warmup included. */
  reps: number;
  /** Reps after the set's warmup. */
  counted: number;
  /** Best and mean of the chosen metric and phase over the counted reps; null without one. */
  best: number | null;
  mean: number | null;
  /**
   * Percent, best concentric mean velocity to the last counted rep's: 0 to 100, as a concentric
   * never runs backwards (a last velocity below 0 counts as 0, so no rounding remnant of a still
   * rope divides into an infinite loss).
   */
  velocityLoss: number;
  /** Concentric + eccentric work of the counted reps, J. */
  work: number;
  /** Mean eccentric/concentric peak-power ratio, 0 when no rep has concentric power. */
  overload: number;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

export function summariseSet(index: number, set: readonly Rep[], how: SetRules): SetSummary {
  const { warmup, metric, phase } = how;
  const counted = set.slice(warmup);
  const first = set[0];
  const span = how.loads !== undefined && how.loads.length > 0 && first !== undefined ? loadAt(how.loads, first.startUs) : null;
  const values = counted.map((rep) => rep[phase][metric]);
  const velocities = counted.map((rep) => rep.concentric.velocity);
  const best = velocities.length > 0 ? Math.max(...velocities) : 0;
  const last = velocities.at(-1) ?? 0;
  const powered = counted.filter((rep) => rep.concentric.peakPower > 0);
  return {
    index,
    load: span === null ? null : { inertia: span.inertia, boost: span.boost },
    reps: set.length,
    counted: counted.length,
    best: values.length > 0 ? Math.max(...values) : null,
    mean: values.length > 0 ? mean(values) : null,
    velocityLoss: velocities.length > 1 && best > 0 ? ((best - Math.max(last, 0)) / best) * 100 : 0,
    work: counted.reduce((sum, rep) => sum + rep.concentric.work + rep.eccentric.work, 0),
    overload: powered.length > 0 ? mean(powered.map((rep) => rep.peakPowerRatio)) : 0,
  };
}

/**
 * The set in progress summarised with the rep under way (`turn`, numbered in the set from 0):
 * its concentric counts at once in the figures of the concentric (velocity loss, and the best and
 * mean when the concentric is shown), as it does on the big number and the line above the chart;
 * work, overload and the counts (`reps`, `counted`: closed reps) wait for its return. A warmup
 * turn changes nothing.
 */
export function summariseWithTurn(index: number, set: readonly Rep[], turn: Turn | null, how: SetRules): SetSummary {
  const closed = summariseSet(index, set, how);
  if (turn === null || turn.index < how.warmup) return closed;
  const counted = set.slice(how.warmup);
  const velocities = [...counted.map((rep) => rep.concentric.velocity), turn.concentric.velocity];
  const best = Math.max(...velocities);
  const last = velocities.at(-1)!;
  const values = how.phase === 'concentric' ? [...counted.map((rep) => rep.concentric[how.metric]), turn.concentric[how.metric]] : null;
  return {
    ...closed,
    velocityLoss: velocities.length > 1 && best > 0 ? ((best - Math.max(last, 0)) / best) * 100 : 0,
    ...(values === null ? {} : { best: Math.max(...values), mean: mean(values) }),
  };
}

/** Every set of the session, summarised. */
export function sessionSets(reps: readonly Rep[], how: SetRules): SetSummary[] {
  return splitSets(reps, how).map((set, i) => summariseSet(i, set, how));
}
