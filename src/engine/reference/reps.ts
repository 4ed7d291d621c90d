/**
 * Reference port of `engine-rs/src/reps.rs`: the zig-zag rep detector on |angle| with
 * REP_TRAVEL_DEG of hysteresis, phases folded as they go, and a rep closed live once its
 * eccentric has rested REST_CLOSE_S (see that file's design notes).
 */
import type { Rep, Turn } from '../types';
import { DEG_TO_RAD, REP_TRAVEL_DEG, REST_CLOSE_S } from './constants';
import { PhaseAcc, type At, type Split, type SummaryContext, type TimedPhase } from './phase';
import { Stillness } from './still';

interface Extreme {
  p: number;
  index: number;
}

/** A grid point as the detector sees it. */
export interface DetectorPoint {
  at: At;
  /** Filtered angle, degrees. */
  angleDeg: number;
  /** Its phase values (see phase.ts), ω first. */
  values: readonly number[];
  moving: boolean;
}

/** The phase in progress: its running extreme, all its points, the fold at the extreme, the points after. */
class Folds {
  atExt: PhaseAcc | null = null;
  afterExt: PhaseAcc | null = null;

  constructor(
    public ext: Extreme,
    public all: PhaseAcc,
    /** The extreme's point. */
    public extPoint: DetectorPoint,
  ) {}

  push(here: Extreme, point: DetectorPoint, beyond: boolean): void {
    const { at, values: m, moving } = point;
    if (beyond) {
      this.all.push(m, moving, here.p, at);
      this.ext = here;
      this.extPoint = point;
      this.atExt = null;
      this.afterExt = null;
    } else {
      this.atExt ??= this.all.clone();
      this.all.push(m, moving, here.p, at);
      this.afterExt ??= new PhaseAcc(this.ext.p);
      this.afterExt.push(m, moving, here.p, at);
    }
  }

  foldAtExt(): PhaseAcc {
    return this.atExt ?? this.all;
  }

  next(here: Extreme, point: DetectorPoint): Folds {
    return new Folds(here, this.afterExt ?? new PhaseAcc(this.ext.p), point);
  }
}

type Concentric = { start: Extreme; turn: Extreme; split: Split; summary: TimedPhase };

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
  /** The concentric the last point made certain, until taken. */
  private turned: Turn | null = null;
  private readonly still = new Stillness();

  constructor(
    private readonly warmup: number,
    private readonly context: SummaryContext,
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
        fromHi: new Folds(here, new PhaseAcc(here.p), point),
        fromLo: new Folds(here, new PhaseAcc(here.p), point),
        rested: !point.moving,
      };
      return null;
    }
    if (dir.kind === 'unknown') {
      const { fromHi, fromLo } = dir;
      fromHi.push(here, point, here.p > fromHi.ext.p);
      fromLo.push(here, point, here.p < fromLo.ext.p);
      if (here.p <= fromHi.ext.p - REP_TRAVEL_DEG) {
        this.dir = { kind: 'concentric', start: fromHi.ext, folds: fromHi.next(here, point), seen: dir.rested };
      } else if (here.p >= fromLo.ext.p + REP_TRAVEL_DEG) {
        this.dir = { kind: 'eccentric', concentric: null, folds: fromLo.next(here, point) };
      } else {
        dir.rested ||= !point.moving;
      }
      return null;
    }
    if (dir.kind === 'concentric') {
      const folds = dir.folds;
      folds.push(here, point, here.p < folds.ext.p);
      if (here.p >= folds.ext.p + REP_TRAVEL_DEG) {
        const split = turnSplit(folds.extPoint, this.context.stepUs);
        const concentric = dir.seen ? { start: dir.start, turn: folds.ext, split, summary: folds.foldAtExt().summary(this.context, null, split) } : null;
        this.dir = { kind: 'eccentric', concentric, folds: folds.next(here, point) };
        if (concentric !== null) {
          const index = this.nextIndex;
          this.turned = {
            index,
            count: index - this.warmup + 1,
            start: concentric.start.index,
            turn: concentric.turn.index,
            startUs: concentric.summary.startUs,
            concentric: concentric.summary.phase,
          };
        }
      }
      return null;
    }
    const folds = dir.folds;
    folds.push(here, point, here.p > folds.ext.p);
    if (here.p <= folds.ext.p - REP_TRAVEL_DEG) {
      this.dir = { kind: 'concentric', start: folds.ext, folds: folds.next(here, point), seen: true };
      return dir.concentric === null ? null : this.close(dir.concentric, folds);
    }
    if (!rested || dir.concentric === null) return null;
    // At rest: close now, and stay in this eccentric with nothing left to close.
    const closing = dir.concentric;
    dir.concentric = null;
    return this.close(closing, folds);
  }

  /** The concentric the last `push` made certain, if any (taken: a second call gives null). */
  takeTurn(): Turn | null {
    const turn = this.turned;
    this.turned = null;
    return turn;
  }

  /** End of data: the trailing rep if its eccentric has come to rest. */
  finish(): Rep | null {
    const dir = this.dir;
    if (dir?.kind !== 'eccentric' || dir.concentric === null || dir.folds.all.isMoving()) return null;
    this.dir = null;
    return this.close(dir.concentric, dir.folds);
  }

  private close(c: Concentric, ecc: Folds): Rep {
    const index = this.nextIndex++;
    const eccentric = ecc.foldAtExt().summary(this.context, c.split, null);
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
