/**
 * Reference port of `engine-rs/src/edges.rs` (which documents the method): movement onsets and
 * stops found on the grid by the phases' own rest rule, then timed to a fraction of a step by a
 * least-squares change-point fit of the buffered angle (rest, then motion from rest).
 */
import * as constants from './constants';

// Imported values read once, into module constants: vitest, which runs this port for the tests and
// the benchmark, turns every use of an imported binding into a getter call (see ../README.md).
const { EDGE_HISTORY, EDGE_MOVE_S, EDGE_REST_S, MOVE_CONFIRM_DEG } = constants;

/**
 * The instant within the grid points' times that best splits them into rest and motion from
 * rest (motion after it for an onset, `sign` 1; before it for a stop, −1): the least-squares
 * fit of θ0 + c·k² for every split from suffix sums, the best refined by a parabola.
 */
export function changePoint(t: Float64Array, x: Float64Array, sign: number): number {
  const len = Math.min(t.length, x.length);
  if (len === 0) return NaN;
  const at = (k: number) => (sign > 0 ? k : len - 1 - k);
  const origin = x[at(0)]!;
  const v = (k: number) => x[at(k)]! - origin;
  let r0 = 0;
  let xx = 0;
  for (let k = 0; k < len; k++) {
    const vk = v(k);
    r0 += vk;
    xx += vk * vk;
  }
  const n = len;
  const errors = new Float64Array(len).fill(Infinity);
  let [a0, a1, a2] = [0, 0, 0];
  for (let j = len - 1; j >= 0; j--) {
    const moving = len - 1 - j;
    const s2 = (moving * (moving + 1) * (2 * moving + 1)) / 6;
    const s4 = (moving * (moving + 1) * (2 * moving + 1) * (3 * moving * moving + 3 * moving - 1)) / 30;
    const r2 = a2 - 2 * j * a1 + j * j * a0;
    const det = n * s4 - s2 * s2;
    // b0 = (r0·s4 − s2·r2) / det and b2 = (n·r2 − s2·r0) / det, in one division (as edges.rs).
    if (det > 0) errors[j] = xx - (r0 * (r0 * s4 - s2 * r2) + r2 * (n * r2 - s2 * r0)) / det;
    const vj = v(j);
    a0 += vj;
    a1 += vj * j;
    a2 += vj * j * j;
  }
  let best = -1;
  let bestSse = Infinity;
  for (let k = 0; k < len; k++) {
    if (errors[k]! < bestSse) {
      bestSse = errors[k]!;
      best = k;
    }
  }
  if (best < 0) return NaN;
  const tb = t[at(best)]!;
  if (best === 0 || best + 1 >= len) return tb;
  const [a, b, c] = [errors[best - 1]!, bestSse, errors[best + 1]!];
  const curvature = a - 2 * b + c;
  const shift = curvature > 0 && curvature < Infinity ? (0.5 * (a - c)) / curvature : 0;
  return tb + shift * (t[at(best + 1)]! - tb);
}

/** Slots of the ring of recent points: a power of two above the largest window (252 points at 1000 Hz), so a slot is an index masked, not a remainder. */
const RING = 256;
const MASK = RING - 1;

/** A confirmed movement: grid indices of its first and last points, and its timed edges (µs). */
interface Run {
  start: number;
  /** Infinity while the rope still moves. */
  end: number;
  onsetUs: number;
  stopUs: number;
}

interface Pending {
  run: Run;
  kind: 'onset' | 'stop';
}

/**
 * A grid point as edges are found on it (reps.ts's `DetectorPoint`): index and time (µs),
 * resampled angle `rawDeg` (what a fit reads), filtered angle (|angle| is the rope position p),
 * moving or not. Passed whole rather than as numbers, which V8 boxes on every call it does not
 * inline.
 */
export interface EdgePoint {
  index: number;
  timeUs: number;
  rawDeg: number;
  angleDeg: number;
  moving: boolean;
}

/** Follows rest and movement of the rope with the phases' rule and times each onset and stop. */
export class Edges {
  /** How far back a fit may reach, points (the ring holds more). */
  private readonly size: number;
  private readonly times: Float64Array;
  private readonly angles: Float64Array;
  /** Points of rest and of motion in a fit. */
  private readonly rest: number;
  private readonly move: number;
  /** How far into a movement a phase may start (or before its end stop), points. */
  private readonly slack: number;
  private next = 0;
  private runStart = 0;
  private runConfirmed = false;
  private runPath = 0;
  private lastP = NaN;
  private lastMoving = false;
  private lastStop = -1;
  private runs: Run[] = [];
  private readonly pending: Pending[] = [];

  /**
   * `lagUs`: how far the filtered angle that phases are cut on lags the resampled angle fitted
   * here (the 4-point smoothing buffer's 1.5 steps); edges are reported on the filtered angle's clock.
   */
  constructor(
    hz: number,
    slack: number,
    private readonly lagUs: number,
  ) {
    this.rest = Math.max(2, Math.round(EDGE_REST_S * hz));
    this.move = Math.max(2, Math.round(EDGE_MOVE_S * hz));
    this.slack = slack;
    this.size = this.rest + this.move + 2;
    this.times = new Float64Array(RING);
    this.angles = new Float64Array(RING);
  }

  /** Adds the next point (rust: `push(index, time_us, x, p, moving)`). */
  push(point: EdgePoint): void {
    const { index, moving } = point;
    const p = Math.abs(point.angleDeg);
    this.next = index + 1;
    this.times[index & MASK] = point.timeUs;
    this.angles[index & MASK] = point.rawDeg;
    if (moving) {
      if (!this.lastMoving) {
        this.runStart = index;
        this.runConfirmed = false;
        this.runPath = 0;
      }
      if (!this.runConfirmed) {
        this.runPath += Number.isNaN(this.lastP) ? 0 : Math.abs(p - this.lastP);
        if (this.runPath >= MOVE_CONFIRM_DEG) this.confirm(index);
      }
    } else if (this.lastMoving && this.runConfirmed) {
      const run = this.runs[this.runs.length - 1]!;
      run.end = index - 1;
      this.pending.push({ run, kind: 'stop' });
    }
    this.lastMoving = moving;
    this.lastP = p;
    if (this.pending.length > 0) this.settleDue(index, null);
  }

  private confirm(index: number): void {
    this.runConfirmed = true;
    // Rest after a stop ends where this movement starts: time the stop now.
    this.settleDue(index, this.runStart);
    const run: Run = { start: this.runStart, end: Infinity, onsetUs: NaN, stopUs: NaN };
    this.runs.push(run);
    if (this.runs.length > EDGE_HISTORY) this.runs.shift();
    if (this.runStart > 0) this.pending.push({ run, kind: 'onset' });
  }

  /**
   * Times every waiting edge whose window is complete at `index`; with `restEnd`, every waiting
   * stop, its rest ending there. The others keep waiting, in order (filtered in place: this runs
   * at every point while an edge waits).
   */
  private settleDue(index: number, restEnd: number | null): void {
    let kept = 0;
    for (let i = 0; i < this.pending.length; i++) {
      const e = this.pending[i]!;
      const done = restEnd === null ? this.settle(e, index, Infinity) : e.kind === 'stop' && this.settle(e, index, restEnd);
      if (!done) this.pending[kept++] = e;
    }
    // Only when one went: setting an array's length is a call into the runtime.
    if (kept < this.pending.length) this.pending.length = kept;
  }

  /** Times `e` once the points after it cover the fit (or rest ends at `restEnd`); true when done. */
  private settle(e: Pending, index: number, restEnd: number): boolean {
    const onset = e.kind === 'onset';
    const at = onset ? e.run.start : e.run.end;
    const to = Math.min(at + (onset ? this.move : this.rest) + 1, restEnd);
    if (index + 1 < to && restEnd === Infinity) return false;
    const oldest = this.next - this.size;
    const from = Math.max(at - (onset ? this.rest : this.move), oldest, 0, onset ? this.lastStop + 1 : 0);
    if (!onset) this.lastStop = at;
    const t = new Float64Array(Math.max(0, to - from));
    const x = new Float64Array(t.length);
    for (let i = from; i < to; i++) {
      t[i - from] = this.times[i & MASK]!;
      x[i - from] = this.angles[i & MASK]!;
    }
    const timeUs = changePoint(t, x, onset ? 1 : -1) + this.lagUs;
    if (onset) e.run.onsetUs = timeUs;
    else e.run.stopUs = timeUs;
    return true;
  }

  /** When the rope came to rest: the timed stop of the latest movement once it has ended and been timed. */
  lastStopUs(): number | undefined {
    const run = this.runs[this.runs.length - 1];
    return run !== undefined && run.end !== Infinity && Number.isFinite(run.stopUs) ? run.stopUs : undefined;
  }

  /** The timed onset of the movement that point `index` is early in, if it started from rest. */
  onsetNear(index: number): number | undefined {
    const run = this.runs.find((r) => r.start <= index && index <= r.end && index - r.start <= this.slack);
    return run !== undefined && Number.isFinite(run.onsetUs) ? run.onsetUs : undefined;
  }

  /** The timed stop of the movement that point `index` is late in, if it came to rest. */
  stopNear(index: number): number | undefined {
    const run = this.runs.find((r) => r.start <= index && index <= r.end && r.end - index <= this.slack);
    return run !== undefined && Number.isFinite(run.stopUs) ? run.stopUs : undefined;
  }
}
