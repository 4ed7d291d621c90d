/**
 * Reference port of `engine-rs/src/reps.rs`: the zig-zag rep detector on |angle| with
 * REP_TRAVEL_DEG of hysteresis, phases folded as they go, and a rep closed live once its
 * eccentric has rested REST_CLOSE_S (see that file's design notes).
 */
import type { Rep, Turn } from '../types';
import * as constants from './constants';
import type { EdgePoint } from './edges';
import { PhaseAcc, peakPowerOf, type FoldedPoint, type Split, type SummaryContext, type TimedPhase } from './phase';
import { Stillness } from './still';
import * as powerWindow from './window';

// Imported values read once, into module constants: vitest, which runs this port for the tests and
// the benchmark, turns every use of an imported binding into a getter call (see ../README.md).
const { DEG_TO_RAD, REP_TRAVEL_DEG, REST_CLOSE_S } = constants;
const { STREAMS, streamFor } = powerWindow;

/** An extreme of |angle|: its value (degrees) and grid index. */
interface Extreme {
  p: number;
  index: number;
}

/**
 * A grid point as the detector sees it. The session fills one and overwrites it for the next
 * point, so whatever keeps a point (the extreme's point, a turn's split) copies it.
 */
export class DetectorPoint implements FoldedPoint, EdgePoint {
  index = 0;
  timeUs = 0;
  /** Filtered angle, degrees. */
  angleDeg = 0;
  /** Resampled angle, degrees (what edges.ts fits). */
  rawDeg = 0;
  moving = false;
  /** Its phase values (phase.ts `phaseValues`): ω, α, α signed as the body's acceleration, P, and the smoothed powers. */
  omega = 0;
  alpha = 0;
  bodyAlpha = 0;
  power = 0;
  readonly smoothed = new Float64Array(STREAMS);

  copyFrom(o: DetectorPoint): void {
    this.index = o.index;
    this.timeUs = o.timeUs;
    this.angleDeg = o.angleDeg;
    this.rawDeg = o.rawDeg;
    this.moving = o.moving;
    this.omega = o.omega;
    this.alpha = o.alpha;
    this.bodyAlpha = o.bodyAlpha;
    this.power = o.power;
    // A loop, not `smoothed.set()`: a typed array's built-in set costs more than a few copies.
    for (let j = 0; j < STREAMS; j++) this.smoothed[j] = o.smoothed[j]!;
  }
}

/** A phase's largest smoothed power per fit, signed so that its own direction is positive (see reps.rs `Peaks`). */
class Peaks {
  readonly at = new Float64Array(STREAMS);
  readonly afterOwn = new Float64Array(STREAMS);
  readonly afterNext = new Float64Array(STREAMS);
}
/** Math.max without NaN: a NaN value (no smoothed power there) leaves the peak, as in Rust. */
const peak = (p: number, x: number) => (x > p ? x : p);

/** The peaks of a phase that has ended but whose last points' smoothed power is still to come. */
interface Waiting {
  /** Values centred after this index (up to the next phase's start) are its own. */
  from: number;
  own: number;
  peaks: Float64Array;
}
/** No phase waiting. Shared, and never written: no centre is after its `from`. */
const NONE: Waiting = { from: Infinity, own: 0, peaks: new Float64Array(STREAMS) };

/** Adds a point's smoothed powers where they belong (see reps.rs `add_smoothed`). */
function addSmoothed(smoothed: Float64Array, index: number, delays: readonly number[], from: number, ext: number, own: number, peaks: Peaks, before: Waiting): void {
  for (let j = 0; j < STREAMS; j++) {
    const centre = Math.max(0, index - delays[j]!);
    const x = smoothed[j]!;
    if (centre <= from) {
      if (centre > before.from) before.peaks[j] = peak(before.peaks[j]!, before.own * x);
    } else if (centre <= ext) {
      peaks.at[j] = peak(peaks.at[j]!, own * x);
    } else {
      peaks.afterOwn[j] = peak(peaks.afterOwn[j]!, own * x);
      peaks.afterNext[j] = peak(peaks.afterNext[j]!, -own * x);
    }
  }
}

/**
 * The phase in progress: its running extreme, all its points, the fold at the extreme, the
 * points after, and its smoothed power's peaks. The fold at the extreme and the fold after it
 * are Rust's `Option`s: a flag each, over a fold kept for reuse, so a point allocates nothing.
 */
class Folds {
  /** Running extreme of the phase. */
  extP = 0;
  extIndex = 0;
  /** The extreme's point (kept up to date in a concentric only: see `push`). */
  readonly extPoint = new DetectorPoint();
  /** `all` as it stood at the extreme, when `hasAtExt` (else `all` itself). */
  private readonly atExt = new PhaseAcc(0);
  private hasAtExt = false;
  /** The points after the extreme, when `hasAfterExt`. */
  private readonly afterExt = new PhaseAcc(0);
  private hasAfterExt = false;
  readonly peaks = new Peaks();

  constructor(
    extP: number,
    extIndex: number,
    /** Every point of the phase so far. */
    readonly all: PhaseAcc,
    /** The extreme's point. */
    point: DetectorPoint,
    /** The extreme the phase starts from: smoothed power centred there or before is an earlier phase's. */
    readonly from: number,
    /** 1 for a pull (driving power), −1 for a release (braking power). */
    readonly own: number,
    at: Float64Array,
  ) {
    this.extP = extP;
    this.extIndex = extIndex;
    this.extPoint.copyFrom(point);
    this.peaks.at.set(at);
  }

  /**
   * Adds a point; `beyond` when it is the phase's new extreme. `keep`: whether the extreme's
   * point is kept (a concentric's, whose extreme is the turn that two phases share). Smoothed
   * power centred before the phase goes to `before`.
   */
  push(point: DetectorPoint, beyond: boolean, keep: boolean, delays: readonly number[], before: Waiting): void {
    if (beyond) {
      this.all.push(point);
      this.extP = Math.abs(point.angleDeg);
      this.extIndex = point.index;
      if (keep) this.extPoint.copyFrom(point);
      this.hasAtExt = false;
      this.hasAfterExt = false;
      // What came after the old extreme is now the phase's own.
      const p = this.peaks;
      for (let j = 0; j < STREAMS; j++) {
        p.at[j] = peak(p.at[j]!, p.afterOwn[j]!);
        p.afterOwn[j] = 0;
        p.afterNext[j] = 0;
      }
    } else {
      if (!this.hasAtExt) {
        this.atExt.copyFrom(this.all);
        this.hasAtExt = true;
      }
      this.all.push(point);
      if (!this.hasAfterExt) {
        this.afterExt.reset(this.extP);
        this.hasAfterExt = true;
      }
      this.afterExt.push(point);
    }
    addSmoothed(point.smoothed, point.index, delays, this.from, this.extIndex, this.own, this.peaks, before);
  }

  /** The phase ended at its extreme. */
  foldAtExt(): PhaseAcc {
    return this.hasAtExt ? this.atExt : this.all;
  }

  /** The running extreme, as a value of its own. */
  extreme(): Extreme {
    return { p: this.extP, index: this.extIndex };
  }

  /** The next phase, starting at this one's extreme, up to `point`, its first extreme. */
  next(point: DetectorPoint): Folds {
    const all = this.hasAfterExt ? new PhaseAcc(0).copyFrom(this.afterExt) : new PhaseAcc(this.extP);
    return new Folds(Math.abs(point.angleDeg), point.index, all, point, this.extIndex, -this.own, this.peaks.afterNext);
  }
}

type Concentric = { start: Extreme; turn: Extreme; split: Split; summary: TimedPhase };

/** A phase waiting for its peak power: the concentric of the current eccentric (rep null), or a closed rep's eccentric. */
interface Pending {
  waiting: Waiting;
  due: number;
  rep: Rep | null;
}

/** Where, within the turn's grid step, the filtered angle crosses 0 (the rope fully out). */
function turnSplit(point: DetectorPoint, stepUs: number): Split {
  const t = point.timeUs;
  const half = 0.5 * stepUs;
  const shift = (point.angleDeg * DEG_TO_RAD) / point.omega;
  const crossUs = Number.isFinite(shift) ? Math.min(Math.max(t - shift * 1e6, t - half), t + half) : t;
  const { index, omega, alpha, bodyAlpha, power } = point;
  return { index, omega, alpha, bodyAlpha, power, after: (t + half - crossUs) / stepUs, timeUs: crossUs };
}
type Direction =
  /** `rested`: the rope has been still at all (else the data began mid-movement). */
  | { kind: 'unknown'; fromHi: Folds; fromLo: Folds; rested: boolean }
  /** `seen` unless the rope never rested before `start` (data began mid-pull: no rep). */
  | { kind: 'concentric'; start: Extreme; folds: Folds; seen: boolean }
  | { kind: 'eccentric'; concentric: Concentric | null; folds: Folds };

export class RepDetector {
  private nextIndex = 0;
  private dir: Direction | null = null;
  /** The phase before the current one while its peak power waits. */
  private pending: Pending | null = null;
  /** The concentric the last point published, until taken. */
  private turned: Turn | null = null;
  private readonly still = new Stillness();

  constructor(
    private readonly warmup: number,
    private readonly context: SummaryContext,
    /** How many points after its centre each fit's smoothed power comes. */
    private readonly delays: readonly number[],
  ) {}

  /** At rest for REST_CLOSE_S by `nowUs`: since the flywheel stopped and since it last left the rest band. */
  private rested(nowUs: number): boolean {
    const stopUs = this.context.edges.lastStopUs();
    return stopUs !== undefined && nowUs - Math.max(stopUs, this.still.since()) >= REST_CLOSE_S * 1e6;
  }

  push(point: DetectorPoint): Rep | null {
    const index = point.index;
    const hereP = Math.abs(point.angleDeg);
    this.still.push(point);
    const dir = this.dir;
    if (dir === null) {
      this.dir = {
        kind: 'unknown',
        fromHi: new Folds(hereP, index, new PhaseAcc(hereP), point, index, -1, NONE.peaks),
        fromLo: new Folds(hereP, index, new PhaseAcc(hereP), point, index, 1, NONE.peaks),
        rested: !point.moving,
      };
      return null;
    }
    const before = this.pending !== null ? this.pending.waiting : NONE;
    let event: 'none' | 'turned' | 'pulled' | 'rested' = 'none';
    if (dir.kind === 'unknown') {
      // Only the points after each extreme matter: the phase would start there. No phase waits before them.
      const { fromHi, fromLo } = dir;
      fromHi.push(point, hereP > fromHi.extP, false, this.delays, NONE);
      fromLo.push(point, hereP < fromLo.extP, false, this.delays, NONE);
      if (hereP <= fromHi.extP - REP_TRAVEL_DEG) {
        this.dir = { kind: 'concentric', start: fromHi.extreme(), folds: fromHi.next(point), seen: dir.rested };
      } else if (hereP >= fromLo.extP + REP_TRAVEL_DEG) {
        this.dir = { kind: 'eccentric', concentric: null, folds: fromLo.next(point) };
      } else {
        dir.rested ||= !point.moving;
      }
    } else if (dir.kind === 'concentric') {
      const folds = dir.folds;
      folds.push(point, hereP < folds.extP, true, this.delays, before);
      if (hereP >= folds.extP + REP_TRAVEL_DEG) event = 'turned';
    } else {
      const folds = dir.folds;
      folds.push(point, hereP > folds.extP, false, this.delays, before);
      if (hereP <= folds.extP - REP_TRAVEL_DEG) event = 'pulled';
      // Nothing left to close (already closed by rest, or no concentric seen) is the common case
      // during a long rest: tested first, before the stop.
      else if (dir.concentric !== null && this.rested(point.timeUs)) event = 'rested';
    }
    let rep: Rep | null = null;
    if (event === 'turned' && dir.kind === 'concentric') {
      // The rep before, if it still waits, goes with what it has.
      rep = this.complete();
      const folds = dir.folds;
      let concentric: Concentric | null = null;
      if (dir.seen) {
        const split = turnSplit(folds.extPoint, this.context.stepUs);
        const summary = folds.foldAtExt().summary(this.context, null, split, folds.peaks.at);
        concentric = { start: dir.start, turn: folds.extreme(), split, summary };
        const due = (folds.foldAtExt().movementEnd() ?? folds.extIndex) + this.delays[streamFor(summary.phase.duration)]!;
        this.pending = { waiting: { from: folds.from, own: folds.own, peaks: folds.peaks.at.slice() }, due, rep: null };
        // Published now, with the peak power so far; the rep gets the final one.
        const index = this.nextIndex;
        this.turned = { index, count: index - this.warmup + 1, start: dir.start.index, turn: folds.extIndex, startUs: summary.startUs, concentric: summary.phase };
      }
      this.dir = { kind: 'eccentric', concentric, folds: folds.next(point) };
    } else if (event === 'pulled' && dir.kind === 'eccentric') {
      // The concentric, if it still waits, goes with what it has.
      rep = this.complete();
      const folds = dir.folds;
      this.dir = { kind: 'concentric', start: folds.extreme(), folds: folds.next(point), seen: true };
      if (dir.concentric !== null) {
        const closed = this.close(dir.concentric, folds);
        const due = (folds.foldAtExt().movementEnd() ?? folds.extIndex) + this.delays[streamFor(closed.eccentric.duration)]!;
        this.pending = { waiting: { from: folds.from, own: folds.own, peaks: folds.peaks.at.slice() }, due, rep: closed };
      }
    } else if (event === 'rested' && dir.kind === 'eccentric') {
      // At rest: close now with the smoothed power known, and stay in this eccentric with nothing left to close.
      rep = this.complete();
      const closing = dir.concentric!;
      dir.concentric = null;
      rep = this.close(closing, dir.folds);
    }
    if (this.pending !== null && this.pending.due <= index) rep = this.complete() ?? rep;
    return rep;
  }

  /** Ends the wait of the waiting phase with the peaks it has: a rep is returned, a concentric's peak power written into the rep in progress. */
  private complete(): Rep | null {
    const p = this.pending;
    if (p === null) return null;
    this.pending = null;
    if (p.rep !== null) {
      const rep = p.rep;
      if (rep.eccentric.duration > 0) rep.eccentric.peakPower = peakPowerOf(rep.eccentric.duration, p.waiting.peaks);
      rep.peakPowerRatio = overloadRatio(rep.eccentric.peakPower, rep.concentric.peakPower);
      return rep;
    }
    const dir = this.dir;
    if (dir?.kind === 'eccentric' && dir.concentric !== null) {
      const c = dir.concentric;
      const phase = c.summary.phase;
      if (phase.duration > 0) c.summary = { ...c.summary, phase: { ...phase, peakPower: peakPowerOf(phase.duration, p.waiting.peaks) } };
    }
    return null;
  }

  /** The concentric the last `push` made certain, if any (taken: a second call gives null). */
  takeTurn(): Turn | null {
    const turn = this.turned;
    this.turned = null;
    return turn;
  }

  /** End of data: the rep still waiting, with what it has, then the trailing rep if its eccentric has come to rest. */
  finish(): Rep[] {
    const reps: Rep[] = [];
    const waited = this.complete();
    if (waited !== null) reps.push(waited);
    const dir = this.dir;
    if (dir?.kind === 'eccentric' && dir.concentric !== null && !dir.folds.all.isMoving()) {
      this.dir = null;
      reps.push(this.close(dir.concentric, dir.folds));
    }
    return reps;
  }

  private close(c: Concentric, ecc: Folds): Rep {
    const index = this.nextIndex++;
    const eccentric = ecc.foldAtExt().summary(this.context, c.split, null, ecc.peaks.at);
    return {
      index,
      count: index - this.warmup + 1,
      start: c.start.index,
      turn: c.turn.index,
      end: ecc.extIndex,
      concentric: c.summary.phase,
      eccentric: eccentric.phase,
      startUs: c.summary.startUs,
      endUs: eccentric.endUs,
      peakPowerRatio: overloadRatio(eccentric.phase.peakPower, c.summary.phase.peakPower),
      meanPowerRatio: overloadRatio(eccentric.phase.power, c.summary.phase.power),
    };
  }
}

/** `eccentric / concentric`, or 0 when the concentric is 0 (a ratio to nothing is no overload). */
function overloadRatio(eccentric: number, concentric: number): number {
  return concentric > 0 ? eccentric / concentric : 0;
}
