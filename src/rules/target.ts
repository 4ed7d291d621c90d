/**
 * Target arithmetic of docs/behaviour.md §4–§5: what the athlete is aiming at and where the zone ends.
 * Pure functions over numbers so the table, the chart band, the voice and the tests agree on one
 * definition. A target that does not exist yet (Fatigue before the first counted rep) is `null`,
 * never a made-up 0, so callers must decide what "no target" looks like.
 */

/** docs/behaviour.md §3 `target` values, in the order the Target dialog lists them. */
export const TARGET_TYPES = ['None', 'Threshold', 'Zone', 'Fatigue'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** docs/behaviour.md §2 labels shown for each target type. */
export const TARGET_LABELS: Readonly<Record<TargetType, string>> = {
  None: 'None',
  Threshold: 'Minimum Threshold',
  Zone: 'Zone',
  Fatigue: 'Fatigue Loss',
};

function finite(name: string, value: number): number {
  if (!Number.isFinite(value)) throw new Error(`${name} must be a finite number, got ${value}`);
  return value;
}

/** docs/behaviour.md §5: (value − target) / target × 100, and 0 when the target is 0. */
export function percentChange(value: number, target: number): number {
  finite('value', value);
  finite('target', target);
  return target === 0 ? 0 : ((value - target) / target) * 100;
}

/**
 * docs/behaviour.md §5 lower bound of the zone: target minus dropValue percent of the target when the drop is
 * in percent, else target minus dropValue (in the metric's unit).
 */
export function zoneLowerBound(target: number, dropValue: number, dropPercent: boolean): number {
  finite('target', target);
  finite('dropValue', dropValue);
  if (dropValue < 0) throw new Error(`dropValue must not be negative, got ${dropValue}`);
  if (dropPercent && dropValue > 100) throw new Error(`a percent drop must be 0–100, got ${dropValue}`);
  return dropPercent ? target - (target * dropValue) / 100 : target - dropValue;
}

/** One repetition reduced to what the rules need: its count and the value in the chosen phase and metric. */
export interface RepValue {
  /** index − warmup + 1; ≤ 0 is a warmup rep. */
  count: number;
  value: number;
}

/**
 * docs/behaviour.md §5: Fatigue aims at the best value among non-warmup reps (null before there is one);
 * every other type aims at `targetValue`.
 */
export function currentTarget(type: TargetType, targetValue: number, reps: readonly RepValue[]): number | null {
  if (type !== 'Fatigue') return finite('targetValue', targetValue);
  const best = bestRep(reps);
  return best === null ? null : best.value;
}

/** The bottom of the band: Zone and Fatigue only (Threshold's band runs up to the axis). */
export function currentDrop(
  type: TargetType,
  target: number | null,
  dropValue: number,
  dropPercent: boolean,
): number | null {
  if (target === null || (type !== 'Zone' && type !== 'Fatigue')) return null;
  return zoneLowerBound(target, dropValue, dropPercent);
}

/** The highest non-warmup rep (the first one on a tie), or null before any counted rep. */
export function bestRep(reps: readonly RepValue[]): RepValue | null {
  let best: RepValue | null = null;
  for (const rep of reps) {
    finite('rep value', rep.value);
    if (rep.count > 0 && (best === null || rep.value > best.value)) best = rep;
  }
  return best;
}
