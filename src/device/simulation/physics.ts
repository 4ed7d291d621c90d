/**
 * Physics of a flywheel set, pure and seeded: what the simulated unit streams and what tests and
 * end-to-end fixtures use for "do 6 reps".
 *
 * Model (SI units; the rope winds on a shaft of radius r, the engine's default radius unless given):
 * - The flywheel's inertia I acts on the rope as an effective mass m = I / r² (I = 0.025 kg·m²
 *   is ≈ 128 kg of rope inertia). An inertia of 0 (no plates chosen yet) uses
 *   {@link DEFAULT_DEMO_INERTIA} so the demo still moves.
 * - Concentric: the rope starts at rest, wound in by the athlete's range of motion L (0.55–0.70 m),
 *   and is pulled out by F = F_iso · effort · shape(x/L) · (1 − v/v_max) (a Hill-type
 *   force–velocity line times a position profile), against bearing friction. It ends when the
 *   rope is fully out: angle 0, the calibration point.
 * - Eccentric: the flywheel keeps turning the same way and winds the rope back on the other side
 *   of the shaft. The motor adds boost % of the concentric kinetic energy as a constant pull, and
 *   the athlete brakes with a force rising as √(x/L), sized to stop the flywheel at their range
 *   of motion. The rope then rests briefly before the next pull.
 * - So the disc angle runs +A → 0 → −A′ in one rep and −A′ → 0 → +A″ in the next: the disc turns
 *   alternately each rep, and the rope position is |angle| · r (docs/behaviour.md §3: angle zero at the rope
 *   pulled straight out).
 * - Effort: the first rep is a build-up (80 %), then each rep loses 5 % of force (about 2.5 % of velocity) to fatigue, with
 *   a little rep-to-rep variation.
 * - If the set starts with the rope (nearly) out, e.g. right after calibrating, the motor first
 *   winds it in (windup) at up to 0.5 m/s.
 * Integration is semi-implicit Euler at 5 kHz; the sensor then samples that trajectory at 200 Hz
 * with timing jitter and angle noise (sensor.ts).
 */
import { ENGINE_DEFAULTS } from '../../engine/ranges';
import { createRandom, type Random } from './random';
import { createSensor, type SensorOptions } from './sensor';

export const DEFAULT_DEMO_INERTIA = 0.025;

const DT = 1 / 5000;
const FRICTION_N = 4;
const VISCOUS_N_PER_MS = 2;
const V_MAX = 3.2;
const MIN_START_TRAVEL_M = 0.3;
/** The athlete's braking rises as (x/L)^0.5: early enough that the eccentric is not faster than the pull. */
const BRAKE_EXPONENT = 0.5;
const FATIGUE_PER_REP = 0.05;
const WINDUP_PEAK_MS = 0.5;
const DEG_PER_RAD = 180 / Math.PI;

export interface SetOptions extends SensorOptions {
  reps: number;
  seed: number;
  /** Flywheel inertia, kg·m²; 0 or absent uses {@link DEFAULT_DEMO_INERTIA}. */
  inertia?: number;
  /** Motor boost, % of the concentric energy added to the eccentric phase. */
  boost?: number;
  /** Shaft radius, m; absent: the engine's default (pkg/settings.json). */
  radius?: number;
  /** Rest before the first pull (after any windup), s. */
  restBeforeS?: number;
  /** Rest after the last eccentric, s. */
  restAfterS?: number;
  /** Time of the first sample, whole µs. */
  startTimeUs?: number;
  /** Where the disc is at the start, degrees; absent: the rope wound in by the athlete's range. */
  startAngleDeg?: number;
}

/** The ground truth of one simulated rep, to check what the engine finds. */
export interface RepTruth {
  /** Start of the pull, turning point (rope fully out), end of the eccentric; µs. */
  startUs: number;
  turnUs: number;
  endUs: number;
  /** Rope travel of the concentric and of the eccentric, m. */
  concentricTravelM: number;
  eccentricTravelM: number;
  /** Mean and peak rope speed, m/s. */
  concentricMeanVelocity: number;
  eccentricMeanVelocity: number;
  concentricPeakVelocity: number;
  eccentricPeakVelocity: number;
}

export interface SynthesizedSet {
  /** Sample times, whole µs, strictly increasing. */
  timeUs: number[];
  /** Measured disc angle, degrees (with sensor noise). */
  angleDeg: number[];
  reps: RepTruth[];
  /** True disc angle at the end of the set, degrees: where the next set starts. */
  endAngleDeg: number;
}

/** A rep's truth while simulating: phase boundaries in seconds from the start of the set. */
type PhaseTimes = Omit<RepTruth, 'startUs' | 'turnUs' | 'endUs'> & { start: number; turn: number; end: number };

/** The disc's true trajectory at the integration step: time (s) and signed angle (degrees). */
class Trajectory {
  readonly t: number[] = [0];
  readonly angle: number[];
  constructor(startAngleDeg: number) {
    this.angle = [startAngleDeg];
  }
  get now(): number {
    return this.t[this.t.length - 1]!;
  }
  get last(): number {
    return this.angle[this.angle.length - 1]!;
  }
  push(dt: number, angleDeg: number): void {
    this.t.push(this.now + dt);
    this.angle.push(angleDeg);
  }
  rest(seconds: number): void {
    const steps = Math.round(seconds / DT);
    const at = this.last;
    for (let i = 0; i < steps; i++) this.push(DT, at);
  }
  /** Linear interpolation of the angle at time `s` (seconds from the start). */
  at(s: number): number {
    const i = Math.min(this.t.length - 2, Math.max(0, Math.floor(s / DT)));
    const f = (s - this.t[i]!) / (this.t[i + 1]! - this.t[i]!);
    return this.angle[i]! + (this.angle[i + 1]! - this.angle[i]!) * Math.min(1, Math.max(0, f));
  }
}

function checkOptions(o: SetOptions): void {
  if (!Number.isInteger(o.reps) || o.reps < 1) throw new RangeError(`A set needs a whole number of reps ≥ 1, got ${o.reps}`);
  if (o.inertia !== undefined && !(o.inertia >= 0 && o.inertia <= 2)) throw new RangeError(`Inertia must be in [0, 2] kg·m², got ${o.inertia}`);
  if (o.boost !== undefined && !(o.boost >= 0 && o.boost <= 100)) throw new RangeError(`Boost must be in [0, 100] %, got ${o.boost}`);
  if (o.radius !== undefined && !(o.radius > 0)) throw new RangeError(`Radius must be > 0 m, got ${o.radius}`);
  for (const key of ['restBeforeS', 'restAfterS', 'startTimeUs'] as const) {
    const v = o[key];
    if (v !== undefined && !(v >= 0 && Number.isFinite(v))) throw new RangeError(`${key} must be a finite number ≥ 0, got ${v}`);
  }
  if (o.startTimeUs !== undefined && !Number.isInteger(o.startTimeUs)) throw new RangeError(`startTimeUs must be whole µs, got ${o.startTimeUs}`);
  if (o.startAngleDeg !== undefined && !Number.isFinite(o.startAngleDeg)) throw new RangeError(`startAngleDeg must be finite, got ${o.startAngleDeg}`);
}

/** Synthesizes a whole set: rest, (windup), N reps, rest; sampled like the unit's sensor. */
export function synthesizeSet(options: SetOptions): SynthesizedSet {
  checkOptions(options);
  const random = createRandom(options.seed);
  const radius = options.radius ?? ENGINE_DEFAULTS.radius;
  const inertia = options.inertia || DEFAULT_DEMO_INERTIA;
  const mass = inertia / radius ** 2;
  const boost = options.boost ?? 0;
  const romM = random.between(0.55, 0.7);
  const fIso = random.between(850, 1050);
  const toDeg = (ropeM: number) => (ropeM / radius) * DEG_PER_RAD;

  const startAngle = options.startAngleDeg ?? toDeg(romM);
  let side = startAngle < 0 ? -1 : 1;
  let woundM = (Math.abs(startAngle) / DEG_PER_RAD) * radius;
  const path = new Trajectory(startAngle);
  path.rest(options.restBeforeS ?? 1);
  if (woundM < MIN_START_TRAVEL_M) {
    windup(path, woundM, romM, (w) => side * toDeg(w));
    woundM = romM;
    path.rest(0.6);
  }

  const truths: PhaseTimes[] = [];
  for (let rep = 0; rep < options.reps; rep++) {
    const effort = (rep === 0 ? 0.8 : 1 - FATIGUE_PER_REP * (rep - 1)) * (1 + 0.02 * random.gauss());
    const start = path.now;
    // Concentric: rope out from woundM to 0 on this side of the shaft.
    let x = 0;
    let v = 0;
    let peakCon = 0;
    const travelCon = woundM;
    while (x < travelCon) {
      const s = x / travelCon;
      const shape = (0.3 + 0.7 * Math.min(1, s / 0.15)) * (1 - 0.6 * s * s);
      const force = fIso * effort * shape * Math.max(0, 1 - v / V_MAX) - FRICTION_N - VISCOUS_N_PER_MS * v;
      v = Math.max(0, v + (force / mass) * DT);
      x += v * DT;
      peakCon = Math.max(peakCon, v);
      path.push(DT, side * toDeg(Math.max(0, travelCon - x)));
      if (path.now - start > 30) throw new Error('synthesizeSet: the concentric phase did not finish in 30 s');
    }
    const turn = path.now;
    // Eccentric: the rope winds back on the other side; motor boost pulls, the athlete brakes.
    side = -side;
    const romEcc = romM * (1 + 0.02 * random.gauss());
    const kinetic = 0.5 * mass * v * v;
    const motorN = ((boost / 100) * kinetic) / romEcc;
    const brakeScale = ((BRAKE_EXPONENT + 1) * Math.max(0, kinetic + motorN * romEcc - FRICTION_N * romEcc)) / romEcc;
    let w = 0;
    let peakEcc = v;
    while (v > 0) {
      const brake = brakeScale * (w / romEcc) ** BRAKE_EXPONENT;
      const force = motorN - brake - FRICTION_N - VISCOUS_N_PER_MS * v;
      v = Math.max(0, v + (force / mass) * DT);
      w += v * DT;
      peakEcc = Math.max(peakEcc, v);
      path.push(DT, side * toDeg(w));
      if (path.now - turn > 30) throw new Error('synthesizeSet: the eccentric phase did not finish in 30 s');
    }
    const end = path.now;
    truths.push({
      start,
      turn,
      end,
      concentricTravelM: travelCon,
      eccentricTravelM: w,
      concentricMeanVelocity: travelCon / (turn - start),
      eccentricMeanVelocity: w / (end - turn),
      concentricPeakVelocity: peakCon,
      eccentricPeakVelocity: peakEcc,
    });
    woundM = w;
    path.rest(rep === options.reps - 1 ? (options.restAfterS ?? 1.5) : random.between(0.15, 0.45));
  }

  return sample(path, truths, options, random);
}

/** The motor winds the rope in from `fromM` to `toM` with a smooth sin² speed profile. */
function windup(path: Trajectory, fromM: number, toM: number, angleOf: (woundM: number) => number): void {
  const distance = toM - fromM;
  const duration = (2 * distance) / WINDUP_PEAK_MS;
  const steps = Math.ceil(duration / DT);
  for (let i = 1; i <= steps; i++) {
    const phase = Math.min(1, (i * DT) / duration);
    const covered = distance * (phase - Math.sin(2 * Math.PI * phase) / (2 * Math.PI));
    path.push(DT, angleOf(fromM + covered));
  }
}

function sample(
  path: Trajectory,
  truths: PhaseTimes[],
  options: SetOptions,
  random: Random,
): SynthesizedSet {
  const t0 = options.startTimeUs ?? 0;
  const sensor = createSensor(random, options);
  const timeUs: number[] = [];
  const angleDeg: number[] = [];
  const endUs = t0 + path.now * 1e6;
  for (let t = t0; t <= endUs; t = sensor.nextTimeUs(t)) {
    timeUs.push(t);
    angleDeg.push(sensor.measure(path.at((t - t0) / 1e6)));
  }
  const us = (s: number) => Math.round(t0 + s * 1e6);
  const reps = truths.map(({ start, turn, end, ...rest }) => ({ startUs: us(start), turnUs: us(turn), endUs: us(end), ...rest }));
  return { timeUs, angleDeg, reps, endAngleDeg: path.last };
}
