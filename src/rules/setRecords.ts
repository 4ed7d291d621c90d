/**
 * What a finished session keeps of each set, so the History, the progress chart, the Profile, the
 * prescription and the Team view read a line per set instead of reprocessing every session's
 * samples: who did what at which load (rules/setTags.ts), and the figures those views show.
 *
 * Definitions, all over the set's counted reps (after its own warmup, as every view counts them):
 * - `velocities`: each rep's mean concentric velocity, m/s, in order (best, mean and the Team
 *   view's figures come from them);
 * - `velocityLoss`, `work`, `overload`: rules/sets.ts's;
 * - `angularAcceleration`: the mean concentric angular acceleration, rad/s², the body's
 *   acceleration over 2r with r the radius its reps were computed with (rules/inertiaProfile.ts
 *   `setPoint`), so a moving pulley or another rope does not move the profile;
 * - `figures`: the best and mean of every metric in each phase, keyed `metric.phase`.
 * A set without a counted rep keeps its counts and no figure. Nobody's reps (rules/setOver.ts) make
 * no record: they are no one's set.
 */
import { METRICS, type Metric, type Rep } from '../engine/types';
import { PHASES, type Phase } from './labels';
import type { LoadSpan } from './loads';
import { isNobody } from './setOver';
import { tagAt, taggedSets, type SetNote, type Tag, type TagSpan } from './setTags';

export type FigureKey = `${Metric}.${Phase}`;

export interface SetRecord extends Tag {
  /** µs on the session's clock: the movement start of its first rep and the end of its last. */
  startUs: number;
  endUs: number;
  /** The plates' inertia (kg·m²) and boost (%) it was done at; null where the session's loads are unknown. */
  inertia: number | null;
  boost: number | null;
  warmup: number;
  reps: number;
  counted: number;
  velocities: number[];
  velocityLoss: number;
  angularAcceleration: number | null;
  figures: Partial<Record<FigureKey, { best: number; mean: number }>>;
  work: number;
  overload: number;
}

/** How a session's reps become set records: its breaks and tags, each set's warmup, the radius of its reps. */
export interface SetRecordRules {
  restS: number;
  loads: readonly LoadSpan[];
  tags: readonly TagSpan[];
  notes?: readonly SetNote[];
  /** The session's warmup and radius, for spans that do not name their own. */
  warmup: number;
  radius: number;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function figureKey(metric: Metric, phase: Phase): FigureKey {
  return `${metric}.${phase}`;
}

/** Every set of the session as a record. */
export function setRecords(reps: readonly Rep[], how: SetRecordRules): SetRecord[] {
  return taggedSets(reps, { ...how, metric: 'velocity', phase: 'concentric' }).flatMap((set): SetRecord[] => {
    if (isNobody(set)) return [];
    const counted = set.reps.slice(set.warmup);
    const radius = (how.tags.length > 0 ? tagAt(how.tags, set.startUs).radius : undefined) ?? how.radius;
    const figures: SetRecord['figures'] = {};
    if (counted.length > 0) {
      for (const metric of METRICS) {
        for (const phase of PHASES) {
          const values = counted.map((rep) => rep[phase][metric]);
          figures[figureKey(metric, phase)] = { best: Math.max(...values), mean: mean(values) };
        }
      }
    }
    return [{
      athleteId: set.athleteId,
      exerciseId: set.exerciseId,
      startUs: set.startUs,
      endUs: set.endUs,
      inertia: set.load?.inertia ?? null,
      boost: set.load?.boost ?? null,
      warmup: set.warmup,
      reps: set.reps.length,
      counted: counted.length,
      velocities: counted.map((rep) => rep.concentric.velocity),
      velocityLoss: set.summary.velocityLoss,
      angularAcceleration: counted.length > 0 ? mean(counted.map((rep) => rep.concentric.acceleration)) / (2 * radius) : null,
      figures,
      work: set.summary.work,
      overload: set.summary.overload,
    }];
  });
}

/** Best and mean of `key` over sets (mean weighted by their counted reps), with the counted reps; null figures without one. */
export function figuresOver(sets: readonly SetRecord[], key: FigureKey): { reps: number; best: number | null; mean: number | null } {
  const withFigures = sets.filter((s) => s.figures[key] !== undefined && s.counted > 0);
  const reps = withFigures.reduce((n, s) => n + s.counted, 0);
  if (reps === 0) return { reps: 0, best: null, mean: null };
  return {
    reps,
    best: Math.max(...withFigures.map((s) => s.figures[key]!.best)),
    mean: withFigures.reduce((sum, s) => sum + s.figures[key]!.mean * s.counted, 0) / reps,
  };
}
