/**
 * When two engines agree: the wasm engine and the oracle (src/engine/reference) on the same
 * samples. Every number within 1e-9 relative, but for four things where a plain sum and the
 * engine's running one must part by more than that, each bounded by what makes it differ:
 *
 * - Numbers that cancel to near 0. The filter (engine-rs/src/savgol.rs) makes each point's angle
 *   and rate from sums over a window of angles up to A degrees; the engine slides those sums from
 *   one window to the next, the oracle sums each window afresh, and the two round apart by a few
 *   ulps of A. Relative to a value near 0 (a still rope's ω, the angle where the rope passes 0, α
 *   between two equal ω) that is far more than 1e-9, so a point's numbers are held to 1e-9 of
 *   what A becomes through the same maps: the angle to A, ω to A·hz (in rad/s), α to A·hz², each
 *   metric through its own factor (derive.rs). A is the largest |angle| within five windows
 *   (5·(2m + 1) points, m the filter's half-width) and 4 points more: the engine sums its windows
 *   afresh every four windows, sliding them in between, so a rounding made up to five windows
 *   back is still in its sums. Numbers below 1e-300 count as 0: subnormal ones (below 2.2e-308)
 *   carry too few significant bits for any relative tolerance.
 * - Extremes in a flat. Where |angle| is flat to its last bits (a rope at rest, sampled without
 *   noise) each engine's rounding makes its own largest point: a rep's start, turn or end may be
 *   another point of the flat, compared by the rope position there, and the points between the
 *   two belong to a phase in one engine and to the one before or after it in the other: the
 *   phases' figures may differ by their share, as below.
 * - The rope's side at 0°. Where the angle is 0 within its tolerance, its sign, which says which
 *   way the body moves (derive.rs: a_body = ∓a), is the rounding's: linear and net force may
 *   differ by twice m·|a| there, a phase's by the share of such points.
 * - Points at rest to the last bit. A still point joins a phase's speed-up or slow-down by the
 *   sign of its ω (phase.rs); where ω is 0 within its tolerance, the sign is the rounding's, and
 *   such a point (the first of a rest after a sudden stop) can carry a real α. A phase's figures
 *   may differ by the share of those points, |ω|, |α| and |P| summed over them.
 * - Means that cancel. A phase's figures are magnitudes of means (and sums) of signed values (α,
 *   the body's acceleration, power): over a pull from rest to rest, power and α sum to about 0,
 *   and a mean near 0 rounds relative to the values summed, not to itself. Each such figure may
 *   differ by 1e-9 of the same mean taken of its points' magnitudes (over the phase as either
 *   engine has it).
 * - Durations. A phase's duration is the difference of two times on the session's clock (µs
 *   from its start; a fitted stop's among them), each rounding relative to itself: it may differ
 *   by 1e-9 of those times (twice the later one), not of itself.
 * - Peak power. It is a smoothed power (engine-rs/src/window.rs): a weighted sum of block means
 *   of the points' power, the weights a least-squares quartic's over at most 69 blocks, whose
 *   absolute values sum to less than 3 at any position of any such window, and the engine sums
 *   it from sliding moments. Like a mean that cancels, it rounds relative to what it sums: it may
 *   differ by 3e-9 of the largest |power| a fit centred in the phase reaches (the phase and 70
 *   blocks either side). The peak-power ratio, as far as the extremes of the two peaks' ranges
 *   allow.
 */
import type { EngineSettings, EngineUpdateWithPoints, PhaseSummary, ProcessedPoints } from '../../src/engine';
import { resolveSettings } from '../../src/engine/settings';

const RELATIVE = 1e-9;

/** For each point: how far apart two engines' value of column `name` may be, beyond 1e-9 of itself. */
function pointScales(points: ProcessedPoints, s: EngineSettings): Record<string, (i: number) => number> {
  const reach = 5 * (2 * Math.max(1, Math.round(0.05 * s.hz)) + 1) + 4;
  const angle = points.angleDeg;
  const scale = Float64Array.from(angle, (_, i) => {
    let a = 0;
    for (let k = Math.max(0, i - reach); k <= Math.min(angle.length - 1, i + reach); k++) a = Math.max(a, Math.abs(angle[k]!));
    return a;
  });
  const omega = (i: number) => ((scale[i]! * Math.PI) / 180) * s.hz;
  const alpha = (i: number) => omega(i) * s.hz;
  const absOmega = (i: number) => Math.max(Math.abs(points.angularVelocity[i]!), Math.abs(points.angularVelocity[i - 1] ?? 0));
  const absAlpha = (i: number) => Math.abs(points.angularAcceleration[i]!);
  // Either side of 0° to rounding: the body's acceleration may have either sign.
  const sideless = (i: number) => (Math.abs(angle[i]!) <= RELATIVE * scale[i]! ? (2 * s.mass * Math.abs(points.acceleration[i]!)) / RELATIVE : 0);
  return {
    timeUs: () => 0,
    angleDeg: (i) => scale[i]!,
    angularVelocity: omega,
    angularAcceleration: alpha,
    velocity: (i) => omega(i) * s.radius,
    acceleration: (i) => alpha(i) * 2 * s.radius,
    torque: (i) => s.inertia * alpha(i),
    force: (i) => (s.inertia * alpha(i)) / s.radius,
    linearForce: (i) => s.mass * alpha(i) * 2 * s.radius + sideless(i),
    netForce: (i) => s.mass * alpha(i) * 2 * s.radius + (s.inertia * alpha(i)) / s.radius + sideless(i),
    // I·α·ω with α and ω each within its tolerance.
    power: (i) => (s.inertia * ((absAlpha(i) + RELATIVE * alpha(i)) * (absOmega(i) + RELATIVE * omega(i)) - absAlpha(i) * absOmega(i))) / RELATIVE,
  };
}

/** Below this, numbers count as 0 (see the module notes). */
const TINY = 1e-300;

const within = (a: number, b: number, floor = 0) => Object.is(a, b) || Math.abs(a - b) <= RELATIVE * Math.max(Math.abs(a), Math.abs(b)) + floor + TINY;

/**
 * How far a phase's figures may move with the points whose place in it is the rounding's (see the
 * module notes), each figure by their share: of the points after `from` up to `to` (the phase as
 * either engine has it), those at rest to the last bit and those between where the two engines
 * put its start (`starts`) or its end (`ends`), and for the forces those at 0° to the last bit.
 * Nothing where the update lacks those points.
 */
function restShare(
  points: ProcessedPoints,
  s: EngineSettings,
  [angleScale, scaleOf]: [(i: number) => number, (i: number) => number],
  phase: PhaseSummary,
  starts: [number, number],
  ends: [number, number],
): Partial<Record<keyof PhaseSummary, number>> {
  const [from, to] = [Math.min(...starts), Math.max(...ends)];
  if (from < 0 || to >= points.timeUs.length || phase.duration <= 0) return {};
  const between = (i: number, [a, b]: [number, number]) => i > Math.min(a, b) && i <= Math.max(a, b);
  let [omega, alpha, power, peak, side] = [0, 0, 0, 0, 0];
  for (let i = from + 1; i <= to; i++) {
    if (Math.abs(points.angleDeg[i]!) <= RELATIVE * angleScale(i)) side += 2 * Math.abs(points.angularAcceleration[i]!);
    if (Math.abs(points.angularVelocity[i]!) > RELATIVE * scaleOf(i) && !between(i, starts) && !between(i, ends)) continue;
    omega += Math.abs(points.angularVelocity[i]!);
    alpha += Math.abs(points.angularAcceleration[i]!);
    power += Math.abs(points.power[i]!);
    peak = Math.max(peak, Math.abs(points.angularVelocity[i]!));
  }
  const stepS = 1 / s.hz;
  const mean = stepS / phase.duration;
  return {
    velocity: s.radius * omega * mean,
    acceleration: 2 * s.radius * alpha * mean,
    torque: s.inertia * alpha * mean,
    force: (s.inertia * alpha * mean) / s.radius,
    linearForce: s.mass * 2 * s.radius * (alpha + side) * mean,
    netForce: s.mass * 2 * s.radius * (alpha + side) * mean + (s.inertia * alpha * mean) / s.radius,
    power: power * mean,
    work: power * stepS,
    peakVelocity: s.radius * peak,
  };
}

/**
 * How far a phase's figures may move where their signed sums cancel (see the module notes): 1e-9
 * of each figure taken of its points' magnitudes, over the points after `from` up to `to`.
 */
function cancelShare(points: ProcessedPoints, s: EngineSettings, phase: PhaseSummary, from: number, to: number): Partial<Record<keyof PhaseSummary, number>> {
  if (from < 0 || to >= points.timeUs.length || phase.duration <= 0) return {};
  let [omega, alpha, body, power] = [0, 0, 0, 0];
  for (let i = from + 1; i <= to; i++) {
    omega += Math.abs(points.angularVelocity[i]!);
    alpha += Math.abs(points.angularAcceleration[i]!);
    body += Math.abs(points.acceleration[i]!);
    power += Math.abs(points.power[i]!);
  }
  const mean = RELATIVE / s.hz / phase.duration;
  const force = (s.inertia * alpha * mean) / s.radius;
  return {
    velocity: s.radius * omega * mean,
    acceleration: 2 * s.radius * alpha * mean,
    torque: s.inertia * alpha * mean,
    force,
    linearForce: s.mass * body * mean,
    netForce: s.mass * body * mean + force,
    power: power * mean,
    work: (RELATIVE * power) / s.hz,
  };
}

/** The floors `a` and `b` together. */
const plus = (a: Partial<Record<keyof PhaseSummary, number>>, b: Partial<Record<keyof PhaseSummary, number>>) => {
  const out = { ...a };
  for (const key of Object.keys(b) as (keyof PhaseSummary)[]) out[key] = (out[key] ?? 0) + b[key]!;
  return out;
};

/**
 * Throws, naming the first difference, unless the updates agree (see the module notes).
 * `firstIndex`: the grid index of the updates' first point (a live push's).
 */
export function expectAgree(got: EngineUpdateWithPoints, want: EngineUpdateWithPoints, settings: Partial<EngineSettings>, firstIndex = 0): void {
  const s = resolveSettings(settings);
  if (got.skipped !== want.skipped) throw new Error(`skipped ${got.skipped} vs ${want.skipped}`);
  if (got.pointCount !== want.pointCount) throw new Error(`pointCount ${got.pointCount} vs ${want.pointCount}`);
  // What the input stage and the detector set aside are counts and a reading as read: exact.
  if (got.problems !== undefined && want.problems !== undefined) {
    for (const key of Object.keys(want.problems) as (keyof typeof want.problems)[]) {
      if (got.problems[key] !== want.problems[key]) throw new Error(`problems.${key}: ${got.problems[key]} vs ${want.problems[key]}`);
    }
  }
  const scales = pointScales(want.points, s);
  for (const [name, column] of Object.entries(want.points) as [string, Float64Array][]) {
    const other = (got.points as unknown as Record<string, Float64Array>)[name]!;
    if (other.length !== column.length) throw new Error(`points.${name}: ${other.length} vs ${column.length} points`);
    const i = column.findIndex((v, k) => !within(other[k]!, v, RELATIVE * scales[name]!(k)));
    if (i >= 0) throw new Error(`points.${name}[${i}]: ${other[i]} vs ${column[i]}`);
  }
  const local = (index: number) => index - firstIndex;
  const has = (index: number) => local(index) >= 0 && local(index) < want.points.angleDeg.length;
  const position = (index: number) => Math.abs(want.points.angleDeg[local(index)]!);
  const sameExtreme = (a: number, b: number) => a === b || (has(a) && has(b) && within(position(a), position(b), RELATIVE * scales.angleDeg!(local(b))));
  const share = (phase: PhaseSummary, starts: [number, number], ends: [number, number]) =>
    plus(
      restShare(want.points, s, [scales.angleDeg!, scales.angularVelocity!], phase, [local(starts[0]), local(starts[1])], [local(ends[0]), local(ends[1])]),
      cancelShare(want.points, s, phase, local(Math.min(...starts)), local(Math.max(...ends))),
    );
  // Points of a block (window.rs `block_points`), and how far a fit centred in a phase reaches.
  const reach = 70 * Math.max(1, Math.round(s.hz / 50));
  const peakFloor = (from: number, to: number) => {
    let worst = 0;
    for (let i = Math.max(0, local(from) - reach); i <= Math.min(want.points.power.length - 1, local(to) + reach); i++) {
      worst = Math.max(worst, RELATIVE * Math.abs(want.points.power[i]!));
    }
    return 3 * worst;
  };
  /** A duration's floor: 1e-9 of the two clock times it is the difference of, the later at `latestUs` (s). */
  const clockFloor = (latestUs: number) => (2 * RELATIVE * Math.abs(latestUs)) / 1e6;
  const expectPhase = (what: string, a: PhaseSummary, b: PhaseSummary, floors: Partial<Record<keyof PhaseSummary, number>>) => {
    for (const key of Object.keys(b) as (keyof PhaseSummary)[]) {
      if (!within(a[key], b[key], floors[key])) throw new Error(`${what}.${key}: ${a[key]} vs ${b[key]}`);
    }
  };
  const expectNumber = (what: string, a: number, b: number, floor = 0) => {
    if (!within(a, b, floor)) throw new Error(`${what}: ${a} vs ${b}`);
  };
  if (got.turns.length !== want.turns.length) throw new Error(`${got.turns.length} vs ${want.turns.length} turns`);
  got.turns.forEach((t, k) => {
    const w = want.turns[k]!;
    for (const key of ['index', 'count', 'startUs'] as const) expectNumber(`turns[${k}].${key}`, t[key], w[key]);
    for (const key of ['start', 'turn'] as const) if (!sameExtreme(t[key], w[key])) throw new Error(`turns[${k}].${key}: ${t[key]} vs ${w[key]}`);
    const peak = peakFloor(Math.min(t.start, w.start), Math.max(t.turn, w.turn));
    const clock = { duration: clockFloor(w.startUs + w.concentric.duration * 1e6) };
    expectPhase(`turns[${k}].concentric`, t.concentric, w.concentric, { ...plus(share(w.concentric, [t.start, w.start], [t.turn, w.turn]), clock), peakPower: peak });
  });
  if (got.reps.length !== want.reps.length) throw new Error(`${got.reps.length} vs ${want.reps.length} reps`);
  got.reps.forEach((r, k) => {
    const w = want.reps[k]!;
    for (const key of ['index', 'count', 'startUs', 'endUs'] as const) expectNumber(`reps[${k}].${key}`, r[key], w[key]);
    for (const key of ['start', 'turn', 'end'] as const) if (!sameExtreme(r[key], w[key])) throw new Error(`reps[${k}].${key}: ${r[key]} vs ${w[key]}`);
    const clock = { duration: clockFloor(w.endUs) };
    const concentric = { ...plus(share(w.concentric, [r.start, w.start], [r.turn, w.turn]), clock), peakPower: peakFloor(Math.min(r.start, w.start), Math.max(r.turn, w.turn)) };
    const eccentric = { ...plus(share(w.eccentric, [r.turn, w.turn], [r.end, w.end]), clock), peakPower: peakFloor(Math.min(r.turn, w.turn), Math.max(r.end, w.end)) };
    expectPhase(`reps[${k}].concentric`, r.concentric, w.concentric, concentric);
    expectPhase(`reps[${k}].eccentric`, r.eccentric, w.eccentric, eccentric);
    // A ratio of two figures, each within its floor: as far as the extremes of their ranges allow.
    const ratioFloor = (e: number, c: number, fe: number, fc: number) => (c === 0 ? 0 : c > fc ? Math.max((e + fe) / (c - fc) - e / c, e / c - (e - fe) / (c + fc)) : Infinity);
    expectNumber(`reps[${k}].meanPowerRatio`, r.meanPowerRatio, w.meanPowerRatio, ratioFloor(w.eccentric.power, w.concentric.power, eccentric.power ?? 0, concentric.power ?? 0));
    expectNumber(`reps[${k}].peakPowerRatio`, r.peakPowerRatio, w.peakPowerRatio, ratioFloor(w.eccentric.peakPower, w.concentric.peakPower, eccentric.peakPower, concentric.peakPower));
  });
}
