/**
 * The eccentric side first: a target on the eccentric/concentric ratio of a rep (its eccentric
 * overload), beside the targets on one phase's mean (rules/target.ts). "Eccentric peak power at
 * least 1.1 × the concentric's" is `{ ratio: 'peakPowerRatio', min: 1.1 }`.
 *
 * The engine reports both ratios per rep (docs/behaviour.md §3): eccentric over concentric peak
 * power, and over mean power; 0 when the concentric has no power (no plates), which is no ratio
 * at all, so such a rep is neither judged nor counted. Warmup reps are never judged, as with
 * every target (§4). The overload rises with inertia in the flywheel squat (McErlain-Naylor &
 * Beato, J Sports Sci 39(10):1136–1143, 2021) but is the least reliable of the power figures
 * from session to session (de Keijzer, McErlain-Naylor & Beato, Front Sports Act Living 2022,
 * leg curl and hip extension), so a set is judged by the share of its reps that meet it, not by
 * one rep.
 */
import type { Rep } from '../engine/types';
import { numberIn, oneOf } from './check';
import { fixed2 } from './labels';
import { percentChange } from './target';

export const OVERLOAD_RATIOS = ['peakPowerRatio', 'meanPowerRatio'] as const;
export type OverloadRatio = (typeof OVERLOAD_RATIOS)[number];

export const OVERLOAD_RATIO_LABELS: Readonly<Record<OverloadRatio, string>> = {
  peakPowerRatio: 'Eccentric/Concentric Peak Power',
  meanPowerRatio: 'Eccentric/Concentric Mean Power',
};

export interface RatioTarget {
  ratio: OverloadRatio;
  /** The least ratio a rep must reach, e.g. 1.1. */
  min: number;
}

export const DEFAULT_RATIO_TARGET: Readonly<RatioTarget> = Object.freeze({ ratio: 'peakPowerRatio', min: 1.1 });

/** Checks a ratio target; throws an Error naming the bad field. */
export function checkRatioTarget(target: RatioTarget): RatioTarget {
  oneOf('ratio', OVERLOAD_RATIOS, target.ratio);
  numberIn('the least ratio', target.min, 0, 10);
  return target;
}

type RatioRep = Pick<Rep, 'count' | OverloadRatio>;

/** The rep's ratio, or null when its concentric has no power (the engine's 0). */
export function repRatio(rep: Pick<Rep, OverloadRatio>, ratio: OverloadRatio): number | null {
  const value = rep[ratio];
  if (!Number.isFinite(value)) throw new Error(`a rep's ${ratio} must be a finite number, got ${value}`);
  return value > 0 ? value : null;
}

/** Whether a rep meets the target: null for a warmup rep and for a rep without a ratio. */
export function meetsRatio(rep: RatioRep, target: RatioTarget): boolean | null {
  const value = repRatio(rep, target.ratio);
  if (rep.count <= 0 || value === null) return null;
  return value >= target.min;
}

/** docs/behaviour.md §5's percent change of a ratio from the target's least value. */
export function ratioChange(value: number, target: RatioTarget): number {
  return percentChange(value, target.min);
}

export interface RatioSummary {
  /** Counted reps with a ratio, and how many of them met the target. */
  judged: number;
  met: number;
  /** Mean ratio of the judged reps; null without one. */
  mean: number | null;
}

/** How a set's reps (warmup included, as counted by `count`) did against the target. */
export function ratioSummary(reps: readonly RatioRep[], target: RatioTarget): RatioSummary {
  const judged = reps.filter((rep) => meetsRatio(rep, target) !== null);
  const values = judged.map((rep) => rep[target.ratio]);
  return {
    judged: judged.length,
    met: judged.filter((rep) => meetsRatio(rep, target) === true).length,
    mean: values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null,
  };
}

/** "1.12×": a ratio as the big number shows it. */
export function formatRatio(value: number): string {
  return `${fixed2(value)}×`;
}
