/**
 * Reference port of `engine-rs/src/reps.rs`: the zig-zag rep detector on |angle| with
 * REP_TRAVEL_DEG of hysteresis, phases folded as they go, and a rep closed live once its
 * eccentric has rested REST_CLOSE_S (see that file's design notes).
 */
import type { Rep, Turn } from '../types';
import { DEG_TO_RAD, REP_TRAVEL_DEG, REST_CLOSE_S } from './constants';
import { PhaseAcc, SMOOTHED, peakPowerOf, type At, type Split, type SummaryContext, type TimedPhase } from './phase';
import { Stillness } from './still';
import { STREAMS, streamFor } from './window';

interface Extreme {
  p: number;
  index: number;
}

/** A grid point as the detector sees it. */
export interface DetectorPoint {
  at: At;
  /** Filtered angle, degrees. */
  angleDeg: number;
  /** Its phase values (see phase.ts), ω first, the smoothed powers last. */
  values: readonly number[];
  moving: boolean;
}

/** A phase's largest smoothed power per fit, signed so that its own direction is positive (see reps.rs `Peaks`). */
interface Peaks {
  at: number[];
  afterOwn: number[];
  afterNext: number[];
}
const zeros = () => Array<number>(STREAMS).fill(0);
/** Math.max without NaN: a NaN value (no smoothed power there) leaves the peak, as in Rust. */
const peak = (p: number, x: number) => (x > p ? x : p);

/** The peaks of a phase that has ended but whose last points' smoothed power is still to come. */
interface Waiting {
  /** Values centred after this index (up to the next phase's start) are its own. */
  from: number;
  own: number;
  peaks: number[];
}
const NONE: Waiting = { from: Infinity, own: 0, peaks: zeros() };

/** Adds a point's smoothed powers where they belong (see reps.rs `add_smoothed`). */
function addSmoothed(values: readonly number[], index: number, delays: readonly number[], from: number, ext: number, own: number, peaks: Peaks, before: Waiting): void {
  for (let j = 0; j < STREAMS; j++) {
    const centre = Math.max(0, index - delays[j]!);
    const x = values[SMOOTHED + j]!;
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

/** The phase in progress: its running extreme, all its points, the fold at the extreme, the points after, and its smoothed power's peaks. */
class Folds {
  atExt: PhaseAcc | null = null;
  afterExt: PhaseAcc | null = null;
  peaks: Peaks;

  constructor(
    public ext: Extreme,
    public all: PhaseAcc,
    /** The extreme's point. */
    public extPoint: DetectorPoint,
    /** The extreme the phase starts from: smoothed power centred there or before is an earlier phase's. */
    public readonly from: number,
    /** 1 for a pull (driving power), −1 for a release (braking power). */
    public readonly own: number,
    at: number[],
  ) {
    this.peaks = { at: [...at], afterOwn: zeros(), afterNext: zeros() };
  }

  push(here: Extreme, point: DetectorPoint, beyond: boolean, delays: readonly number[], before: Waiting): void {
    const { at, values: m, moving } = point;
    if (beyond) {
      this.all.push(m, moving, here.p, at);
      this.ext = here;
      this.extPoint = point;
      this.atExt = null;
      this.afterExt = null;
      const p = this.peaks;
      for (let j = 0; j < STREAMS; j++) p.at[j] = peak(p.at[j]!, p.afterOwn[j]!);
      p.afterOwn = zeros();
      p.afterNext = zeros();
    } else {
      this.atExt ??= this.all.clone();
      this.all.push(m, moving, here.p, at);
      this.afterExt ??= new PhaseAcc(this.ext.p);
      this.afterExt.push(m, moving, here.p, at);
    }
    addSmoothed(m, at.index, delays, this.from, this.ext.index, this.own, this.peaks, before);
  }

  foldAtExt(): PhaseAcc {
    return this.atExt ?? this.all;
  }

  next(here: Extreme, point: DetectorPoint): Folds {
    return new Folds(here, this.afterExt ?? new PhaseAcc(this.ext.p), point, this.ext.index, -this.own, this.peaks.afterNext);
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
  const t = point.at.timeUs;
  const half = 0.5 * stepUs;
  const shift = (point.angleDeg * DEG_TO_RAD) / point.values[0]!;
  const crossUs = Number.isFinite(shift) ? Math.min(Math.max(t - shift * 1e6, t - half), t + half) : t;
  return { index: point.at.index, values: point.values, after: (t + half - crossUs) / stepUs, timeUs: crossUs };
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
    const index = point.at.index;
    const here = { p: Math.abs(point.angleDeg), index };
    this.still.push(point.at.timeUs, here.p, point.moving);
    const rested = this.rested(point.at.timeUs);
    const dir = this.dir;
    if (dir === null) {
      this.dir = {
        kind: 'unknown',
        fromHi: new Folds(here, new PhaseAcc(here.p), point, index, -1, zeros()),
        fromLo: new Folds(here, new PhaseAcc(here.p), point, index, 1, zeros()),
        rested: !point.moving,
      };
      return null;
    }
    const before = this.pending?.waiting ?? { ...NONE, peaks: zeros() };
    let event: 'none' | 'turned' | 'pulled' | 'rested' = 'none';
    if (dir.kind === 'unknown') {
      const { fromHi, fromLo } = dir;
      fromHi.push(here, point, here.p > fromHi.ext.p, this.delays, { ...NONE, peaks: zeros() });
      fromLo.push(here, point, here.p < fromLo.ext.p, this.delays, { ...NONE, peaks: zeros() });
      if (here.p <= fromHi.ext.p - REP_TRAVEL_DEG) {
        this.dir = { kind: 'concentric', start: fromHi.ext, folds: fromHi.next(here, point), seen: dir.rested };
      } else if (here.p >= fromLo.ext.p + REP_TRAVEL_DEG) {
        this.dir = { kind: 'eccentric', concentric: null, folds: fromLo.next(here, point) };
      } else {
        dir.rested ||= !point.moving;
      }
    } else if (dir.kind === 'concentric') {
      const folds = dir.folds;
      folds.push(here, point, here.p < folds.ext.p, this.delays, before);
      if (here.p >= folds.ext.p + REP_TRAVEL_DEG) event = 'turned';
    } else {
      const folds = dir.folds;
      folds.push(here, point, here.p > folds.ext.p, this.delays, before);
      if (here.p <= folds.ext.p - REP_TRAVEL_DEG) event = 'pulled';
      else if (dir.concentric !== null && rested) event = 'rested';
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
        concentric = { start: dir.start, turn: folds.ext, split, summary };
        const due = (folds.foldAtExt().movementEnd() ?? folds.ext.index) + this.delays[streamFor(summary.phase.duration)]!;
        this.pending = { waiting: { from: folds.from, own: folds.own, peaks: [...folds.peaks.at] }, due, rep: null };
        // Published now, with the peak power so far; the rep gets the final one.
        const index = this.nextIndex;
        this.turned = { index, count: index - this.warmup + 1, start: dir.start.index, turn: folds.ext.index, startUs: summary.startUs, concentric: summary.phase };
      }
      this.dir = { kind: 'eccentric', concentric, folds: folds.next(here, point) };
    } else if (event === 'pulled' && dir.kind === 'eccentric') {
      // The concentric, if it still waits, goes with what it has.
      rep = this.complete();
      const folds = dir.folds;
      this.dir = { kind: 'concentric', start: folds.ext, folds: folds.next(here, point), seen: true };
      if (dir.concentric !== null) {
        const closed = this.close(dir.concentric, folds);
        const due = (folds.foldAtExt().movementEnd() ?? folds.ext.index) + this.delays[streamFor(closed.eccentric.duration)]!;
        this.pending = { waiting: { from: folds.from, own: folds.own, peaks: [...folds.peaks.at] }, due, rep: closed };
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
      end: ecc.ext.index,
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
