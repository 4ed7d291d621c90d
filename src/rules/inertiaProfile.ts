/**
 * The inertia profile: how an athlete's output falls as the flywheel's inertia rises, fitted on
 * sets done at two or more inertias.
 *
 * - Velocity: mean concentric velocity falls close to linearly with inertia, so a least-squares
 *   line v = intercept + slope·I.
 * - Acceleration: the mean angular acceleration of the pull falls with the logarithm of inertia,
 *   α = a + b·ln I; where that reaches 0, I_max = exp(−a / b), is the "maximum flywheel load",
 *   which relative loads (% of it) are expressed against, as %1RM is with weights.
 *
 * R² (coefficient of determination) says how well each fit explains its points. Input that
 * cannot determine a fit gets a sentence saying why instead of numbers: one point, fewer than
 * two distinct inertias, a non-positive inertia (no logarithm), only two points, or an
 * acceleration that does not fall with inertia (no maximum load). Two points are refused
 * although they fix both lines: a line through two points is exact whatever the athlete did, so
 * its R² of 1 says nothing and one bad set moves the maximum load unseen; a third set is what
 * shows whether the profile holds (the guided profile test asks for three to five).
 */
import type { Rep } from '../engine/types';
import { loadAt, type LoadSpan } from './loads';
import { plateTotal } from './plates';
import { platesFor } from './platesFor';
import { splitSets } from './setSplit';

export interface ProfilePoint {
  /** kg·m² */
  inertia: number;
  /** Mean concentric velocity, m/s. */
  velocity: number;
  /** Mean concentric angular acceleration, rad/s². */
  angularAcceleration: number;
}

export interface LineFit {
  intercept: number;
  slope: number;
  r2: number;
}

export interface InertiaProfile {
  /** v = intercept + slope·I */
  velocity: LineFit;
  /** α = intercept + slope·ln I */
  acceleration: LineFit;
  /** exp(−intercept / slope) of the acceleration fit, kg·m². */
  maxLoad: number;
}

export type ProfileFit = { ok: true; profile: InertiaProfile } | { ok: false; reason: string };

/** Least squares y = intercept + slope·x; assumes at least two distinct x. */
export function fitLine(xs: readonly number[], ys: readonly number[]): LineFit {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const slope = sxy / sxx;
  // All y equal: the line explains them fully.
  const r2 = syy === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { intercept: my - slope * mx, slope, r2 };
}

export function fitProfile(points: readonly ProfilePoint[]): ProfileFit {
  if (points.length === 0) return { ok: false, reason: 'There are no sets yet: a profile needs sets at two or more inertias.' };
  if (points.length < 2) return { ok: false, reason: 'A profile needs sets at two or more inertias; there is only one set.' };
  const bad = points.find((p) => ![p.inertia, p.velocity, p.angularAcceleration].every(Number.isFinite));
  if (bad !== undefined) return { ok: false, reason: 'A set has no measured velocity or acceleration (was the inertia 0?).' };
  if (points.some((p) => p.inertia <= 0)) return { ok: false, reason: 'Every set needs plates on (an inertia above 0 kg·m²).' };
  const inertias = new Set(points.map((p) => p.inertia));
  if (inertias.size < 2) return { ok: false, reason: 'Every set was done at the same inertia: do sets at two or more inertias.' };
  if (points.length < 3) {
    return { ok: false, reason: 'Two sets fit any line exactly, so they cannot show whether the profile holds: add a set at a third inertia.' };
  }
  const velocity = fitLine(points.map((p) => p.inertia), points.map((p) => p.velocity));
  const acceleration = fitLine(points.map((p) => Math.log(p.inertia)), points.map((p) => p.angularAcceleration));
  if (!(acceleration.slope < 0)) {
    return { ok: false, reason: 'The acceleration does not fall as the inertia rises, so there is no maximum load to find.' };
  }
  return { ok: true, profile: { velocity, acceleration, maxLoad: Math.exp(-acceleration.intercept / acceleration.slope) } };
}

/** A set as a profile point, with what identifies it to the user. */
export interface ProfileSet extends ProfilePoint {
  /** e.g. "9 Mar 2025, 08:30 · set 2" */
  label: string;
  /** Reps after the set's warmup the means are over. */
  reps: number;
}

/**
 * The sets of one session as profile points: each set's inertia (the plates it was done with),
 * mean concentric velocity and mean concentric angular acceleration (the body's a = α·2r, so
 * α = a / 2r) over its reps after the warmup. Sets with no such rep are left out.
 */
export function sessionPoints(
  reps: readonly Rep[],
  how: { radius: number; restS: number; warmup: number; loads: readonly LoadSpan[] },
  label: string,
): ProfileSet[] {
  return splitSets(reps, how).flatMap((set, i) => setPoint(set, how, `${label} · set ${i + 1}`));
}

/** One set as a profile point (none when no rep follows its warmup); `radius`: the one its reps were computed with. */
export function setPoint(set: readonly Rep[], how: { radius: number; warmup: number; loads: readonly LoadSpan[] }, label: string): ProfileSet[] {
  const counted = set.slice(how.warmup);
  if (counted.length === 0) return [];
  const mean = (f: (rep: Rep) => number) => counted.reduce((sum, rep) => sum + f(rep), 0) / counted.length;
  return [{
    inertia: loadAt(how.loads, set[0]!.startUs).inertia,
    velocity: mean((rep) => rep.concentric.velocity),
    angularAcceleration: mean((rep) => rep.concentric.acceleration) / (2 * how.radius),
    label,
    reps: counted.length,
  }];
}

/**
 * Training zones as relative loads, a share of the maximum flywheel load (the role %1RM plays with
 * weights). The literature gives the relation, not the bands: these are the app's starting
 * points, as a coach would set them, lightest first.
 */
export const ZONES = {
  speed: { label: 'Speed', from: 0.1, to: 0.25 },
  power: { label: 'Power', from: 0.25, to: 0.45 },
  strength: { label: 'Strength', from: 0.45, to: 0.7 },
  overload: { label: 'Eccentric overload', from: 0.7, to: 0.9 },
} as const;
export type Zone = keyof typeof ZONES;

export interface ZoneSuggestion {
  /** The zone's inertia band, kg·m². */
  inertia: [number, number];
  /** The mean concentric velocity the velocity fit expects across that band, m/s (fast end first). */
  velocity: [number, number];
  /** Plate counts (rules/plates) whose total is nearest the band's middle, and that total. */
  plates: number[];
  total: number;
}

export function suggestForZone(profile: InertiaProfile, zone: Zone): ZoneSuggestion {
  const { from, to } = ZONES[zone];
  const inertia: [number, number] = [from * profile.maxLoad, to * profile.maxLoad];
  const v = (i: number) => profile.velocity.intercept + profile.velocity.slope * i;
  const plates = platesFor((inertia[0] + inertia[1]) / 2);
  return { inertia, velocity: [v(inertia[0]), v(inertia[1])], plates, total: plateTotal(plates) };
}
