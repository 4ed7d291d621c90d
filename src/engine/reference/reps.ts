/**
 * The repetition detector (`engine-rs/src/reps.rs`, module doc): a zig-zag with hysteresis on the
 * rope position |angle|, run over the whole array in one plain loop; each phase's figures come
 * from phase.ts over its points, as known at the grid point where the engine publishes them.
 */
import type { PhaseSummary, Rep, Turn } from '../types';
import { DEG_TO_RAD, REP_TRAVEL_DEG, REST_BAND_DEG, REST_CLOSE_S, maxAngularAcceleration, maxAngularSpeed } from './constants';
import { movementOf, summary, type PhaseContext, type PhasePoints, type PhaseStart, type Split, type Timed } from './phase';
import { peaks, streamFor, type Smoothed } from './window';

/** The points as the detector reads them (phase.ts's). */
export type DetectorPoints = PhasePoints;

/** What the detector needs besides the points. */
export interface DetectorContext {
  warmup: number;
  stepUs: number;
  /** The shaft's radius, m, for the rope's limits. */
  radius: number;
  /** The phase context as known at grid point `by` (the edges timed by then). */
  phaseContext(by: number): PhaseContext;
  /** When the rope came to rest (edges.ts `lastStopUs`), as known at `by`. */
  lastStopUs(by: number): number | null;
  smoothed: readonly Smoothed[][];
  /** Points after a phase's last moving point by which its smoothed power has all come (window.ts). */
  settle: number;
  /** The first point of each segment of the grid, in order (the first 0): at a gap the detector ends the segment before it as the end of data does, and starts again. */
  segmentStarts: readonly number[];
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

/** `certainAt`: the point at which the phase became certain (phase.ts `PhaseStart`). */
type Direction =
  | { kind: 'unknown'; hi: Extreme; lo: Extreme; rested: boolean }
  | { kind: 'concentric'; start: Extreme; certainAt: number; ext: Extreme; seen: boolean }
  | { kind: 'eccentric'; concentric: Concentric | null; from: number; certainAt: number; ext: Extreme };

/** A phase that has ended while the smoothed power centred on its last points is still to come. */
interface Pending {
  start: PhaseStart;
  to: number;
  due: number;
  /** The rep whose eccentric this is; null: the concentric of the eccentric in progress. */
  rep: Rep | null;
}

/**
 * reps.rs: over the first `count` points, in order. Rope position p = |angle|. Before the first
 * switch the direction is unknown: a switch comes once p is REP_TRAVEL_DEG below its running
 * maximum (a concentric from there) or above its running minimum (an eccentric, without a rep).
 * A concentric's running minimum is its turn, certain once p has come back REP_TRAVEL_DEG: the
 * concentric is published then (a turn), unless the rope never rested before a first one, or no
 * rope can make it ({@link plausibleConcentric}: refused and counted); either way the detector
 * goes on in the eccentric, which then closes no rep. An eccentric's running maximum is its end:
 * the rep closes when the next pull is certain (p back REP_TRAVEL_DEG below it), or once the rope
 * has rested REST_CLOSE_S (the rope stopped, and within REST_BAND_DEG of where it stopped moving),
 * after which that eccentric closes nothing more. A phase's points until it became certain count
 * as its movement only if they move its way (phase.ts `movesIn`). A phase's peak power waits
 * until the settle points after its movement's last point, or until the next phase ends;
 * `finished`: end of data, with every smoothed value the end brought, the phase still waiting
 * goes with what it has and a trailing rep closes if its eccentric's latest points are not
 * movement.
 *
 * The points are numbered across segments; at a gap (the first point of a segment after the
 * first) the segment before it ends as the data's end does, and the detector starts again as on
 * the first point: no phase spans a gap, and a segment that begins mid-pull makes no rep of that
 * pull (reps.rs `segment_break`). The reps' indices run on.
 */
export function detectReps(pts: DetectorPoints, count: number, finished: boolean, c: DetectorContext): { reps: Rep[]; turns: Turn[]; refused: number } {
  const reps: Rep[] = [];
  const turns: Turn[] = [];
  let [nextIndex, refused] = [0, 0];
  let dir: Direction | null = null;
  let pending: Pending | null = null;
  const band = { anchor: NaN, sinceUs: 0 };
  // `known`: the point by which the smoothed power is known, `by` but at the end of data, which
  // brings every value still to come (those of the last segment's end).
  const timed = (start: PhaseStart, to: number, head: Split | null, tail: Split | null, by: number, known = by) =>
    summary(pts, c.phaseContext(by), start, to, head, tail, peaks(c.smoothed, start.from, to, start.own, known));
  const due = (start: PhaseStart, to: number) => (movementOf(pts, start, to)?.last ?? to) + c.settle;
  const peakPower = (phase: PhaseSummary, p: Pending, known: number) => peaks(c.smoothed, p.start.from, p.to, p.start.own, known)[streamFor(phase.duration)]!;

  /** The phase waiting for its peak power takes what it has at `known`. */
  const complete = (known: number) => {
    const p = pending;
    pending = null;
    if (p === null) return;
    if (p.rep !== null) {
      const e = p.rep.eccentric;
      if (e.duration > 0) e.peakPower = peakPower(e, p, known);
      p.rep.peakPowerRatio = overloadRatio(e.peakPower, p.rep.concentric.peakPower);
      reps.push(p.rep);
    } else if (dir?.kind === 'eccentric' && dir.concentric !== null && dir.concentric.timed.phase.duration > 0) {
      dir.concentric.timed.phase.peakPower = peakPower(dir.concentric.timed.phase, p, known);
    }
  };

  /** The rep of `concentric` whose eccentric (`start`) runs to the extreme `end`, as known at `by` (its smoothed power at `known`). */
  const close = (concentric: Concentric, start: PhaseStart, end: Extreme, by: number, known = by): Rep => {
    const index = nextIndex++;
    const e = timed(start, end.index, concentric.split, null, by, known);
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

  /** The end of data, or of a segment before a gap, at its last point `last`: the phase still waiting goes with what it has, and a trailing rep closes if its eccentric's latest points are not movement. */
  const end = (last: number) => {
    complete(Infinity);
    if (dir?.kind === 'eccentric' && dir.concentric !== null) {
      const release = { from: dir.from, certainAt: dir.certainAt, own: -1 };
      if (!moving(pts, release, last)) reps.push(close(dir.concentric, release, dir.ext, last, Infinity));
    }
  };
  for (let i = 0; i < count; i++) {
    if (i > 0 && c.segmentStarts.includes(i)) {
      // A gap: no phase spans it (reps.rs `segment_break`).
      end(i - 1);
      [dir, pending] = [null, null];
      [band.anchor, band.sinceUs] = [NaN, 0];
    }
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
      if (here.p <= dir.hi.p - REP_TRAVEL_DEG) dir = { kind: 'concentric', start: dir.hi, certainAt: i, ext: here, seen: dir.rested };
      else if (here.p >= dir.lo.p + REP_TRAVEL_DEG) dir = { kind: 'eccentric', concentric: null, from: dir.lo.index, certainAt: i, ext: here };
      else dir.rested ||= !pts.moving[i];
    } else if (dir.kind === 'concentric') {
      if (here.p < dir.ext.p) dir.ext = here;
      if (here.p >= dir.ext.p + REP_TRAVEL_DEG) {
        complete(i);
        const { start, certainAt, ext: turn, seen }: Direction & { kind: 'concentric' } = dir;
        const pull: PhaseStart = { from: start.index, certainAt, own: 1 };
        let concentric: Concentric | null = null;
        if (seen) {
          const split = turnSplit(pts, turn.index, c.stepUs);
          const con = timed(pull, turn.index, null, split, i);
          if (plausibleConcentric(con.phase, c.radius)) {
            pending = { start: pull, to: turn.index, due: due(pull, turn.index), rep: null };
            turns.push({ index: nextIndex, count: nextIndex - c.warmup + 1, start: start.index, turn: turn.index, startUs: con.startUs, concentric: { ...con.phase } });
            concentric = { start, turn, split, timed: con };
          } else {
            refused += 1;
          }
        }
        dir = { kind: 'eccentric', concentric, from: turn.index, certainAt: i, ext: here };
      }
    } else {
      if (here.p > dir.ext.p) dir.ext = here;
      const release: PhaseStart = { from: dir.from, certainAt: dir.certainAt, own: -1 };
      if (here.p <= dir.ext.p - REP_TRAVEL_DEG) {
        complete(i);
        const ecc: Direction & { kind: 'eccentric' } = dir;
        dir = { kind: 'concentric', start: ecc.ext, certainAt: i, ext: here, seen: true };
        if (ecc.concentric !== null) {
          const rep = close(ecc.concentric, release, ecc.ext, i);
          pending = { start: release, to: ecc.ext.index, due: due(release, ecc.ext.index), rep };
        }
      } else if (dir.concentric !== null && rested(now, band.sinceUs, c.lastStopUs(i))) {
        complete(i);
        reps.push(close(dir.concentric, release, dir.ext, i));
        dir.concentric = null;
      }
    }
    if (pending !== null && pending.due <= i) complete(i);
  }
  if (finished && count > 0) end(count - 1);
  return { reps, turns, refused };
}

/**
 * reps.rs `plausible_concentric`: a concentric a rope can make, on a shaft of `radius` m. Over its
 * travel θ = v̄·T/r a pull from rest at most α (the hardest pull on the lightest flywheel,
 * constants.ts) takes at least √(2θ/α) and reaches at most ω = √(2αθ), and no rope goes faster
 * than MAX_ROPE_SPEED_M_S: a phase with movement (T > 0), T² ≥ 2θ/α, and peak and mean velocity
 * at most r·min(V, √(2αθ)).
 */
export function plausibleConcentric(c: PhaseSummary, radius: number): boolean {
  const alpha = maxAngularAcceleration(radius);
  const theta = (c.velocity * c.duration) / radius;
  const top = radius * Math.min(maxAngularSpeed(radius), Math.sqrt(2 * alpha * theta));
  return c.duration > 0 && c.duration ** 2 >= (2 * theta) / alpha && c.peakVelocity <= top && c.velocity <= top;
}

/** reps.rs `rested`: the rope has rested REST_CLOSE_S by `nowUs` since it stopped (`stopUs`) and since it last left the band. */
function rested(nowUs: number, bandSinceUs: number, stopUs: number | null): boolean {
  return stopUs !== null && nowUs - Math.max(stopUs, bandSinceUs) >= REST_CLOSE_S * 1e6;
}

/** reps.rs `turn_split`: where within the turn point's step the filtered angle crosses 0, from its angle and its own rate (its time when that is 0). */
function turnSplit(pts: DetectorPoints, index: number, stepUs: number): Split {
  const t = pts.timeUs[index]!;
  const half = 0.5 * stepUs;
  const shift = (pts.angleDeg[index]! * DEG_TO_RAD) / pts.rate[index]!;
  const crossUs = Number.isFinite(shift) ? Math.min(Math.max(t - shift * 1e6, t - half), t + half) : t;
  return { index, after: (t + half - crossUs) / stepUs, timeUs: crossUs };
}

/** Whether the phase from `start` ends (at `last`) in movement: a moving point whose run, within the phase, has travelled PHASE_MOVE_DEG (phase.rs). */
function moving(pts: DetectorPoints, start: PhaseStart, last: number): boolean {
  const run = movementOf(pts, start, last);
  return run !== null && run.last === last;
}

/** reps.rs `overload_ratio`: eccentric / concentric, 0 when the concentric is 0. */
function overloadRatio(eccentric: number, concentric: number): number {
  return concentric > 0 ? eccentric / concentric : 0;
}
