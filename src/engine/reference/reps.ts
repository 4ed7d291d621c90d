/**
 * Reference port of `engine-rs/src/reps.rs`: the zig-zag rep detector on |angle| with
 * REP_TRAVEL_DEG of hysteresis, phases folded as they go, and a rep closed live once its
 * eccentric has rested REST_CLOSE_S (see that file's design notes).
 */
import type { PhaseSummary, Rep } from '../types';
import { REP_TRAVEL_DEG, REST_CLOSE_S } from './constants';
import { PhaseAcc } from './phase';
import { Stillness } from './still';

interface Extreme {
  p: number;
  index: number;
}

/** The phase in progress: its running extreme, all its points, the fold at the extreme, the points after. */
class Folds {
  atExt: PhaseAcc | null = null;
  afterExt: PhaseAcc | null = null;

  constructor(
    public ext: Extreme,
    public all: PhaseAcc,
  ) {}

  push(here: Extreme, m: readonly number[], moving: boolean, beyond: boolean): void {
    if (beyond) {
      this.all.push(m, moving, here.p);
      this.ext = here;
      this.atExt = null;
      this.afterExt = null;
    } else {
      this.atExt ??= this.all.clone();
      this.all.push(m, moving, here.p);
      this.afterExt ??= new PhaseAcc(this.ext.p);
      this.afterExt.push(m, moving, here.p);
    }
  }

  foldAtExt(): PhaseAcc {
    return this.atExt ?? this.all;
  }

  next(here: Extreme): Folds {
    return new Folds(here, this.afterExt ?? new PhaseAcc(this.ext.p));
  }
}

type Concentric = { start: Extreme; turn: Extreme; summary: PhaseSummary };
type Direction =
  | { kind: 'unknown'; fromHi: Folds; fromLo: Folds }
  | { kind: 'concentric'; start: Extreme; folds: Folds }
  | { kind: 'eccentric'; concentric: Concentric | null; folds: Folds };

export class RepDetector {
  private nextIndex = 0;
  private dir: Direction | null = null;
  private readonly still = new Stillness();
  private readonly restCloseSteps: number;

  constructor(
    private readonly hz: number,
    private readonly warmup: number,
  ) {
    this.restCloseSteps = Math.max(1, Math.ceil(REST_CLOSE_S * hz));
  }

  push(index: number, angleDeg: number, m: readonly number[], moving: boolean): Rep | null {
    const here = { p: Math.abs(angleDeg), index };
    this.still.push(index, here.p);
    const dir = this.dir;
    if (dir === null) {
      this.dir = { kind: 'unknown', fromHi: new Folds(here, new PhaseAcc(here.p)), fromLo: new Folds(here, new PhaseAcc(here.p)) };
      return null;
    }
    if (dir.kind === 'unknown') {
      const { fromHi, fromLo } = dir;
      fromHi.push(here, m, moving, here.p > fromHi.ext.p);
      fromLo.push(here, m, moving, here.p < fromLo.ext.p);
      if (here.p <= fromHi.ext.p - REP_TRAVEL_DEG) {
        this.dir = { kind: 'concentric', start: fromHi.ext, folds: fromHi.next(here) };
      } else if (here.p >= fromLo.ext.p + REP_TRAVEL_DEG) {
        this.dir = { kind: 'eccentric', concentric: null, folds: fromLo.next(here) };
      }
      return null;
    }
    if (dir.kind === 'concentric') {
      const folds = dir.folds;
      folds.push(here, m, moving, here.p < folds.ext.p);
      if (here.p >= folds.ext.p + REP_TRAVEL_DEG) {
        const concentric = { start: dir.start, turn: folds.ext, summary: folds.foldAtExt().summary(this.hz) };
        this.dir = { kind: 'eccentric', concentric, folds: folds.next(here) };
      }
      return null;
    }
    const folds = dir.folds;
    folds.push(here, m, moving, here.p > folds.ext.p);
    if (here.p <= folds.ext.p - REP_TRAVEL_DEG) {
      this.dir = { kind: 'concentric', start: folds.ext, folds: folds.next(here) };
      return dir.concentric === null ? null : this.close(dir.concentric, folds);
    }
    if (this.still.steps(index) < this.restCloseSteps || dir.concentric === null) return null;
    // At rest: close now, and stay in this eccentric with nothing left to close.
    const closing = dir.concentric;
    dir.concentric = null;
    return this.close(closing, folds);
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
    return {
      index,
      count: index - this.warmup + 1,
      start: c.start.index,
      turn: c.turn.index,
      end: ecc.ext.index,
      concentric: c.summary,
      eccentric: ecc.foldAtExt().summary(this.hz),
    };
  }
}
