/**
 * The repetition detector (`engine-rs/src/reps.rs`, module doc): a zig-zag with hysteresis on the
 * rope position |angle|, run over the whole array in one plain loop; each phase's figures come
 * from phase.ts over its points, as known at the grid point where the engine publishes them.
 */
import type { PhaseSummary, Rep, Turn } from '../types';
import { DEG_TO_RAD, REP_TRAVEL_DEG, REST_BAND_DEG, REST_CLOSE_S } from './constants';
import { movementOf, summary, type PhaseContext, type PhasePoints, type Split, type Timed } from './phase';
import { peaks, streamFor, type Smoothed } from './window';

/** The points as the detector reads them: phase.ts's, and the filtered angle. */
export interface DetectorPoints extends PhasePoints {
  angleDeg: readonly number[];
}

/** What the detector needs besides the points. */
export interface DetectorContext {
  warmup: number;
  stepUs: number;
  /** The phase context as known at grid point `by` (the edges timed by then). */
  phaseContext(by: number): PhaseContext;
  /** When the rope came to rest (edges.ts `lastStopUs`), as known at `by`. */
  lastStopUs(by: number): number | null;
  smoothed: readonly Smoothed[][];
  /** How many points after its centre each fit's value is known (window.ts). */
  delays: readonly number[];
}

interface Extreme {
  p: number;
  index: number;
}

/** A rep's concentric, summarised at its turn. */
interface Concentric {
  start: Extreme;
  turn: Extreme;
  split: Split;
  timed: Timed;
}

type Direction =
  | { kind: 'unknown'; hi: Extreme; lo: Extreme; rested: boolean }
  | { kind: 'concentric'; start: Extreme; ext: Extreme; seen: boolean }
  | { kind: 'eccentric'; concentric: Concentric | null; from: number; ext: Extreme };

/** A phase that has ended while the smoothed power centred on its last points is still to come. */
interface Pending {
  from: number;
  to: number;
  own: number;
  due: number;
  /** The rep whose eccentric this is; null: the concentric of the eccentric in progress. */
  rep: Rep | null;
}

/**
 * reps.rs: over the first `count` points, in order. Rope position p = |angle|. Before the first
 * switch the direction is unknown: a switch comes once p is REP_TRAVEL_DEG below its running
 * maximum (a concentric from there) or above its running minimum (an eccentric, without a rep).
 * A concentric's running minimum is its turn, certain once p has come back REP_TRAVEL_DEG: the
 * concentric is published then (a turn), unless the rope never rested before a first one. An
 * eccentric's running maximum is its end: the rep closes when the next pull is certain (p back
 * REP_TRAVEL_DEG below it), or once the rope has rested REST_CLOSE_S (the rope stopped, and within
 * REST_BAND_DEG of where it stopped moving), after which that eccentric closes nothing more. A
 * phase's peak power waits until the fit it uses has passed its movement's last point, or until
 * the next phase ends; `finished`: end of data, the phase still waiting goes with what it has and
 * a trailing rep closes if its eccentric's latest points are not movement.
 *
 * The points are numbered across segments and the detector runs on across a gap, as the engine
 * does (reps.rs's module doc says a segment that begins mid-pull makes no rep: it does; reported).
 */
export function detectReps(pts: DetectorPoints, count: number, finished: boolean, c: DetectorContext): { reps: Rep[]; turns: Turn[] } {
  const reps: Rep[] = [];
  const turns: Turn[] = [];
  let nextIndex = 0;
  let dir: Direction | null = null;
  let pending: Pending | null = null;
  const band = { anchor: NaN, sinceUs: 0 };

  const timed = (from: number, to: number, head: Split | null, tail: Split | null, own: number, by: number) =>
    summary(pts, c.phaseContext(by), from, to, head, tail, peaks(c.smoothed, from, to, own, by));
  const due = (from: number, to: number, durationS: number) => (movementOf(pts, from, to)?.last ?? to) + c.delays[streamFor(durationS)]!;
  const peakPower = (phase: PhaseSummary, p: Pending, by: number) => peaks(c.smoothed, p.from, p.to, p.own, by)[streamFor(phase.duration)]!;

  /** The phase waiting for its peak power takes what it has at `by`. */
  const complete = (by: number) => {
    const p = pending;
    pending = null;
    if (p === null) return;
    if (p.rep !== null) {
      const e = p.rep.eccentric;
      if (e.duration > 0) e.peakPower = peakPower(e, p, by);
      p.rep.peakPowerRatio = overloadRatio(e.peakPower, p.rep.concentric.peakPower);
      reps.push(p.rep);
    } else if (dir?.kind === 'eccentric' && dir.concentric !== null && dir.concentric.timed.phase.duration > 0) {
      dir.concentric.timed.phase.peakPower = peakPower(dir.concentric.timed.phase, p, by);
    }
  };

  /** The rep of `concentric` whose eccentric runs from `from` to the extreme `end`, as known at `by`. */
  const close = (concentric: Concentric, from: number, end: Extreme, by: number): Rep => {
    const index = nextIndex++;
    const e = timed(from, end.index, concentric.split, null, -1, by);
    const con = concentric.timed;
    return {
      index,
      count: index - c.warmup + 1,
      start: concentric.start.index,
      turn: concentric.turn.index,
      end: end.index,
      startUs: con.startUs,
      endUs: e.endUs,
      concentric: { ...con.phase },
      eccentric: e.phase,
      peakPowerRatio: overloadRatio(e.phase.peakPower, con.phase.peakPower),
      meanPowerRatio: overloadRatio(e.phase.power, con.phase.power),
    };
  };

  for (let i = 0; i < count; i++) {
    const here = { p: Math.abs(pts.angleDeg[i]!), index: i };
    const now = pts.timeUs[i]!;
    // still.rs: rest is counted from when the rope last left the band around where it last moved.
    const within = Math.abs(here.p - band.anchor) <= REST_BAND_DEG;
    if (!within) band.sinceUs = now;
    if (pts.moving[i] || !within) band.anchor = here.p;
    if (dir === null) {
      dir = { kind: 'unknown', hi: here, lo: here, rested: !pts.moving[i] };
      continue;
    }
    if (dir.kind === 'unknown') {
      if (here.p > dir.hi.p) dir.hi = here;
      if (here.p < dir.lo.p) dir.lo = here;
      if (here.p <= dir.hi.p - REP_TRAVEL_DEG) dir = { kind: 'concentric', start: dir.hi, ext: here, seen: dir.rested };
      else if (here.p >= dir.lo.p + REP_TRAVEL_DEG) dir = { kind: 'eccentric', concentric: null, from: dir.lo.index, ext: here };
      else dir.rested ||= !pts.moving[i];
    } else if (dir.kind === 'concentric') {
      if (here.p < dir.ext.p) dir.ext = here;
      if (here.p >= dir.ext.p + REP_TRAVEL_DEG) {
        complete(i);
        const { start, ext: turn, seen }: { start: Extreme; ext: Extreme; seen: boolean } = dir;
        let concentric: Concentric | null = null;
        if (seen) {
          const split = turnSplit(pts, turn.index, c.stepUs);
          const con = timed(start.index, turn.index, null, split, 1, i);
          pending = { from: start.index, to: turn.index, own: 1, due: due(start.index, turn.index, con.phase.duration), rep: null };
          turns.push({ index: nextIndex, count: nextIndex - c.warmup + 1, start: start.index, turn: turn.index, startUs: con.startUs, concentric: { ...con.phase } });
          concentric = { start, turn, split, timed: con };
        }
        dir = { kind: 'eccentric', concentric, from: turn.index, ext: here };
      }
    } else {
      if (here.p > dir.ext.p) dir.ext = here;
      if (here.p <= dir.ext.p - REP_TRAVEL_DEG) {
        complete(i);
        const ecc: Direction & { kind: 'eccentric' } = dir;
        dir = { kind: 'concentric', start: ecc.ext, ext: here, seen: true };
        if (ecc.concentric !== null) {
          const rep = close(ecc.concentric, ecc.from, ecc.ext, i);
          pending = { from: ecc.from, to: ecc.ext.index, own: -1, due: due(ecc.from, ecc.ext.index, rep.eccentric.duration), rep };
        }
      } else if (dir.concentric !== null && rested(now, band.sinceUs, c.lastStopUs(i))) {
        complete(i);
        reps.push(close(dir.concentric, dir.from, dir.ext, i));
        dir.concentric = null;
      }
    }
    if (pending !== null && pending.due <= i) complete(i);
  }
  if (finished && count > 0) {
    complete(count - 1);
    if (dir?.kind === 'eccentric' && dir.concentric !== null && !moving(pts, dir.from, count - 1)) {
      reps.push(close(dir.concentric, dir.from, dir.ext, count - 1));
    }
  }
  return { reps, turns };
}

/** reps.rs `rested`: the rope has rested REST_CLOSE_S by `nowUs` since it stopped (`stopUs`) and since it last left the band. */
function rested(nowUs: number, bandSinceUs: number, stopUs: number | null): boolean {
  return stopUs !== null && nowUs - Math.max(stopUs, bandSinceUs) >= REST_CLOSE_S * 1e6;
}

/** reps.rs `turn_split`: where within the turn point's step the filtered angle crosses 0, from its angle and ω (its time when ω is 0). */
function turnSplit(pts: DetectorPoints, index: number, stepUs: number): Split {
  const t = pts.timeUs[index]!;
  const half = 0.5 * stepUs;
  const shift = (pts.angleDeg[index]! * DEG_TO_RAD) / pts.omega[index]!;
  const crossUs = Number.isFinite(shift) ? Math.min(Math.max(t - shift * 1e6, t - half), t + half) : t;
  return { index, after: (t + half - crossUs) / stepUs, timeUs: crossUs };
}

/** Whether the phase after `from` ends (at `last`) in movement: a moving point whose run, within the phase, has travelled MOVE_CONFIRM_DEG (phase.rs). */
function moving(pts: DetectorPoints, from: number, last: number): boolean {
  const run = movementOf(pts, from, last);
  return run !== null && run.last === last;
}

/** reps.rs `overload_ratio`: eccentric / concentric, 0 when the concentric is 0. */
function overloadRatio(eccentric: number, concentric: number): number {
  return concentric > 0 ? eccentric / concentric : 0;
}
