/**
 * A physics-truth flywheel session for the engine's accuracy tests: every figure the engine
 * reports per phase is known on paper here, from the motion's own formulas, never from an
 * engine run.
 *
 * The motion. A set starts and ends at rest with the rope wound. Rep k pulls the rope out from
 * wound angle A_k to 0° in T_c (the disc speeds up: ω = ω_k·sin(π/2·u), u = t/T_c), then the
 * disc, still turning the same way, winds it onto the other side to A_{k+1} in T_e
 * (ω = ω_k·cos(π/2·u)), and the rope rests 0.3–1.5 s. The rope speed is continuous through the
 * turn (both phases meet at ω_k, the disc's top speed) and the flywheel stops at each end, so:
 * travel A = (2/π)·ω_k·T, mean ω = travel / T, |Δω| = ω_k, |ΔKE| = ½·I·ω_k² (the work of
 * each phase), and |P| = I·|α|·ω peaks mid-phase at I·ω_k²·π/(4T).
 *
 * The sensor. Samples at `rawHz` at instants jittered by up to ±`jitterMs` (timestamps tell
 * the true instant, to the microsecond, as the unit's own clock does), with Gaussian angle
 * noise of `noiseDeg` and quantisation to `tickDeg` (a 200-tick optical encoder: 1.8°).
 */
import { createRandom } from '../../src/device/simulation/random';
import type { EngineSettings, PhaseSummary, SampleBatch } from '../../src/engine';


export interface SetSpec {
  name: string;
  reps: number;
  /** Rope travel per phase, m (each rep's varies by up to ±10 %). */
  travelM: number;
  /** Concentric duration, s (each rep's varies by up to ±10 %). */
  concentricS: number;
  /** Flywheel inertia, kg·m²; the engine runs with it. */
  inertia: number;
  /** Where the rope rests before the first pull (a set that follows another starts where it ended); absent: wound by a rep's travel on side 1. */
  start?: Wound;
  /** How each eccentric ends; absent: like the concentric starts, a cosine (constant braking into rest). */
  braking?: Braking;
}

/**
 * Eccentrics the athlete brakes harder towards their end than a constant force would: each rep
 * draws an exponent p and a final speed f (a share of the top speed ω_k) from these ranges, and its
 * eccentric runs at ω = ω_k·((1 − f)·(1 − u)^p + f), u = t/T_e, the rope stopped dead at f·ω_k.
 * p < 1 is braking that rises to the end, f > 0 a rope caught while it still moves. Travel
 * A = ω_k·T_e·((1 − f)/(p + 1) + f). Of such an eccentric only the duration and mean velocity are
 * the truth's (its other figures here are the cosine's; the peak power of a rope stopped dead is
 * the impact's). engine-rs/src/tests/truth.rs `Braking` is the same motion.
 */
export interface Braking {
  exponent: [number, number];
  finalSpeed: [number, number];
}

/** Braking that rises to the end or stops a slow rope dead: p ½–1, f 0–0.2 (truth.rs `HARD_BRAKING`). */
export const HARD_BRAKING: Braking = { exponent: [0.5, 1], finalSpeed: [0, 0.2] };

/** The rope at rest: wound `rad` radians on side `side` (the disc's angle is side × rad). */
export interface Wound {
  rad: number;
  side: 1 | -1;
}

export const HEAVY_SLOW: SetSpec = { name: 'slow heavy set', reps: 6, travelM: 0.55, concentricS: 1.4, inertia: 0.1 };
export const LIGHT_FAST: SetSpec = { name: 'fast light set', reps: 8, travelM: 0.45, concentricS: 0.45, inertia: 0.025 };

export interface SensorSpec {
  rawHz: number;
  noiseDeg: number;
  tickDeg: number;
  jitterMs: number;
}

/** A phase's truth in the engine's own units and sign convention (see PhaseSummary). */
export type PhaseTruth = PhaseSummary;

export interface RepTruth {
  startS: number;
  turnS: number;
  endS: number;
  concentric: PhaseTruth;
  eccentric: PhaseTruth;
}

export interface TruthSession {
  batch: SampleBatch;
  reps: RepTruth[];
  /** Where the rope rests after the last rep. */
  end: Wound;
  /** The settings the engine needs to measure this motion (its shaft, plates, athlete). */
  settings: Partial<EngineSettings>;
}

/** Shaft radius and body mass of the engine's defaults, m and kg; standard gravity, m/s². */
const RADIUS = 0.014;
const MASS = 85;
const GRAVITY = 9.81;
const LEAD_S = 1;
const TAIL_S = 1.5;

interface Segment {
  fromS: number;
  toS: number;
  /** Angle at `t` s, 0 ≤ t − fromS ≤ toS − fromS. */
  angle(t: number): number;
}

function phaseTruth(travelRad: number, durationS: number, peakRadS: number, inertia: number): PhaseTruth {
  const meanAlpha = peakRadS / durationS;
  const torque = inertia * meanAlpha;
  // The body speeds up away from the unit in the concentric and is braked towards it in the
  // eccentric: its acceleration points away in both, a = α·2r (the unit's convention).
  const bodyAcceleration = meanAlpha * 2 * RADIUS;
  return {
    duration: durationS,
    velocity: (RADIUS * travelRad) / durationS,
    acceleration: bodyAcceleration,
    torque,
    force: torque / RADIUS,
    linearForce: MASS * bodyAcceleration,
    netForce: MASS * (bodyAcceleration + GRAVITY) + torque / RADIUS,
    power: (0.5 * inertia * peakRadS * peakRadS) / durationS,
    peakVelocity: RADIUS * peakRadS,
    // ω = ω_k·sin(πu/2) or ω_k·cos(πu/2): |P| = I·|α|·ω = I·ω_k²·π/(4T)·sin(πu), largest mid-phase.
    peakPower: (inertia * peakRadS * peakRadS * Math.PI) / (4 * durationS),
    work: 0.5 * inertia * peakRadS * peakRadS,
  };
}

/** The motion of `spec` as angle segments, and each rep's truth. */
function motion(spec: SetSpec, seed: number): { segments: Segment[]; reps: RepTruth[]; endS: number; end: Wound } {
  const random = createRandom(seed).uniform;
  const vary = (x: number) => x * (0.9 + 0.2 * random());
  const wound = Array.from({ length: spec.reps + 1 }, () => vary(spec.travelM) / RADIUS);
  if (spec.start !== undefined) wound[0] = spec.start.rad;
  const segments: Segment[] = [];
  const reps: RepTruth[] = [];
  const rest = (fromS: number, toS: number, angle: number) => segments.push({ fromS, toS, angle: () => angle });
  let t = LEAD_S;
  let side: 1 | -1 = spec.start?.side ?? 1;
  rest(0, t, side * wound[0]!);
  for (let k = 0; k < spec.reps; k++) {
    const [a, b] = [wound[k]!, wound[k + 1]!];
    const tc = vary(spec.concentricS);
    const peak = (a * Math.PI) / 2 / tc;
    const braking = spec.braking;
    const [p, f] = braking === undefined ? [0, 0] : [braking.exponent[0] + (braking.exponent[1] - braking.exponent[0]) * random(), braking.finalSpeed[0] + (braking.finalSpeed[1] - braking.finalSpeed[0]) * random()];
    const te = braking === undefined ? (b * Math.PI) / 2 / peak : b / (peak * ((1 - f) / (p + 1) + f));
    const [s, startS, turnS, endS] = [side, t, t + tc, t + tc + te];
    segments.push({ fromS: startS, toS: turnS, angle: (x) => s * a * Math.cos((Math.PI / 2) * ((x - startS) / tc)) });
    const travel = (u: number) =>
      braking === undefined ? b * Math.sin((Math.PI / 2) * (u / te)) : peak * te * (((1 - f) * (1 - Math.max(0, 1 - u / te) ** (p + 1))) / (p + 1) + (f * u) / te);
    segments.push({ fromS: turnS, toS: endS, angle: (x) => -s * travel(x - turnS) });
    reps.push({
      startS,
      turnS,
      endS,
      concentric: phaseTruth(a, tc, peak, spec.inertia),
      eccentric: phaseTruth(b, te, peak, spec.inertia),
    });
    side = side === 1 ? -1 : 1;
    const pause = k + 1 < spec.reps ? 0.3 + 1.2 * random() : TAIL_S;
    rest(endS, endS + pause, -s * b);
    t = endS + pause;
  }
  return { segments, reps, endS: t, end: { rad: wound[spec.reps]!, side } };
}

/** Samples the set `spec` through the sensor `sensor`; `seed` picks the set's variations and the noise. */
export function truthSession(spec: SetSpec, sensor: SensorSpec, seed = 1): TruthSession {
  const { segments, reps, endS, end } = motion(spec, seed);
  const random = createRandom(seed * 7919 + sensor.rawHz);
  const n = Math.floor(endS * sensor.rawHz);
  const instants = Array.from({ length: n }, (_, i) =>
    Math.round((i / sensor.rawHz + (sensor.jitterMs / 1000) * (2 * random.uniform() - 1)) * 1e6),
  ).filter((us) => us >= 0 && us <= endS * 1e6);
  // Jitter wider than the sample period reorders instants: a clock still reports them in order.
  const times = [...new Set(instants)].sort((x, y) => x - y);
  const timeUs = new Float64Array(times);
  const angleDeg = new Float64Array(times.length);
  let seg = 0;
  times.forEach((us, i) => {
    const t = us / 1e6;
    while (seg + 1 < segments.length && t > segments[seg]!.toS) seg++;
    const exact = (segments[seg]!.angle(t) * 180) / Math.PI;
    const noisy = exact + sensor.noiseDeg * random.gauss();
    angleDeg[i] = sensor.tickDeg > 0 ? Math.round(noisy / sensor.tickDeg) * sensor.tickDeg : noisy;
  });
  return { batch: { timeUs, angleDeg }, reps, end, settings: { radius: RADIUS, inertia: spec.inertia } };
}
