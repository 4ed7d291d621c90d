/**
 * From profile to prescription: for one athlete doing one exercise (their profile's points,
 * rules/athleteProfile.ts) and a goal, the plates to put on and the velocity Zone to train in,
 * with every number it used, so a coach can see why.
 *
 * How a goal becomes a load and a velocity:
 * 1. The inertia profile (rules/inertiaProfile.ts) gives the athlete's maximum flywheel load
 *    I_max, where their mean angular acceleration would reach 0 on its logarithmic fit (the
 *    index of the flywheel squat study in PMC8662394, 2021: relative loads as a share of it, as
 *    %1RM is with weights).
 * 2. The goal is a band of relative load, `ZONES` of inertiaProfile.ts: speed 10–25 %, power
 *    25–45 %, strength 45–70 %, eccentric overload 70–90 % of I_max. Light to heavy, because
 *    velocity falls with inertia while the eccentric/concentric power ratio rises with it
 *    (McErlain-Naylor & Beato, J Sports Sci 39(10):1136–1143, 2021: mean concentric velocity
 *    fell and the eccentric:concentric peak power ratio rose from 0.029 to 0.121 kg·m²); an
 *    overload needs the heavier inertias (de Keijzer, McErlain-Naylor & Beato, Front Sports Act
 *    Living 2022, hip extension). The bands' edges are the app's starting points: the studies
 *    give the relation, not the edges.
 * 3. The plates: the fewest whose total is nearest the band's middle (rules/platesFor.ts).
 * 4. The velocity: the athlete's own linear inertia–velocity line at that total, v̂ = a + b·I.
 *    Individual linear inertia–velocity relationships are what the flywheel literature proposes
 *    to prescribe and monitor flywheel intensity with (McErlain-Naylor & Beato 2021, median
 *    linear R² 0.95; Martín-Rivera, Beato, Alepuz-Moner & Maroto-Izquierdo, Front Physiol
 *    13:961572, 2022, mean concentric linear velocity); as velocity-based training does with
 *    weights (González-Badillo & Sánchez-Medina, Int J Sports Med 31(5):347–352, 2010).
 * 5. The Zone (rules/target.ts): v̂ ± h, h the scatter of the athlete's own sets about their
 *    line (the residual standard deviation, n − 2 degrees of freedom), never under
 *    {@link MIN_HALF_WIDTH}: a rep in it moves as this athlete moves at this load; below it
 *    they are slower than their profile (fatigue, or a heavier effort than planned), above it
 *    faster. As a Zone: target v̂ + h, drop 2h m/s.
 * 6. Eccentric overload also proposes the ratio target of rules/overloadTarget.ts (eccentric
 *    peak power ≥ 1.1 × concentric).
 */
import { fitProfile, ZONES, type InertiaProfile, type LineFit, type ProfilePoint, type Zone } from './inertiaProfile';
import { DEFAULT_RATIO_TARGET, type RatioTarget } from './overloadTarget';
import { plateTotal } from './plates';
import { platesFor } from './platesFor';
import type { TargetBand } from './targetBands';

export const GOALS: readonly Zone[] = ['speed', 'power', 'strength', 'overload'];

/** The narrowest half-width of a prescribed Zone, m/s: three sets on a perfect line must not make a band no rep can hit. */
export const MIN_HALF_WIDTH = 0.05;

export interface Prescription {
  goal: Zone;
  /** Plate counts, largest plate first, and their total, kg·m². */
  plates: number[];
  inertia: number;
  /** The total as a share of the maximum flywheel load. */
  relativeLoad: number;
  /** What the athlete should move at, m/s: v̂, and the Zone v̂ ± h as the Target dialog takes it. */
  expectedVelocity: number;
  halfWidth: number;
  zone: { metric: 'velocity'; phase: 'concentric'; band: TargetBand };
  /** For eccentric overload: the ratio a rep should reach. */
  overload: RatioTarget | null;
  /** The numbers it used. */
  used: {
    sets: number;
    /** The goal's band of inertia, kg·m² (its share of I_max times I_max). */
    band: [number, number];
    share: [number, number];
    profile: InertiaProfile;
    /** Residual standard deviation of the velocity line, m/s. */
    scatter: number;
  };
}

export type PrescriptionResult = { ok: true; prescription: Prescription } | { ok: false; reason: string };

function scatter(points: readonly ProfilePoint[], line: LineFit): number {
  const ss = points.reduce((sum, p) => sum + (p.velocity - (line.intercept + line.slope * p.inertia)) ** 2, 0);
  return Math.sqrt(ss / (points.length - 2));
}

/** The plates and Zone for `goal` from an athlete's profile points of one exercise, or why there are none. */
export function prescribe(points: readonly ProfilePoint[], goal: Zone): PrescriptionResult {
  const fit = fitProfile(points);
  if (!fit.ok) return fit;
  const { profile } = fit;
  const { from, to } = ZONES[goal];
  const band: [number, number] = [from * profile.maxLoad, to * profile.maxLoad];
  const plates = platesFor((band[0] + band[1]) / 2);
  const inertia = plateTotal(plates);
  if (inertia === 0) return { ok: false, reason: `${ZONES[goal].label} needs less than the smallest plate for this athlete (their maximum load is ${profile.maxLoad.toFixed(3)} kg·m²).` };
  const expectedVelocity = profile.velocity.intercept + profile.velocity.slope * inertia;
  if (!(expectedVelocity > 0)) {
    return { ok: false, reason: `Their profile expects no movement at ${inertia} kg·m² (the velocity line reaches 0 before it): do sets nearer that inertia first.` };
  }
  const spread = scatter(points, profile.velocity);
  const halfWidth = Math.max(MIN_HALF_WIDTH, spread);
  return {
    ok: true,
    prescription: {
      goal,
      plates,
      inertia,
      relativeLoad: inertia / profile.maxLoad,
      expectedVelocity,
      halfWidth,
      zone: { metric: 'velocity', phase: 'concentric', band: { targetValue: expectedVelocity + halfWidth, dropPercent: false, dropValue: 2 * halfWidth } },
      overload: goal === 'overload' ? { ...DEFAULT_RATIO_TARGET } : null,
      used: { sets: points.length, band, share: [from, to], profile, scatter: spread },
    },
  };
}
