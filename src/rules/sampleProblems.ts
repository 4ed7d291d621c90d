/**
 * The engine's counts of what it set aside in a session's samples (`SampleProblems`, with the
 * dropped `skipped`), added up across calls and said in words, one place for every screen and the
 * batch command: so a session with fewer reps than expected, or none, always has a reason to
 * show. The rules behind each count are the engine's (engine-rs/src/input.rs, reps.rs).
 */
import type { EngineUpdate, SampleProblems } from '../engine/types';

/** No problem at all. */
export const NO_PROBLEMS: Readonly<SampleProblems> = Object.freeze({ rejected: 0, unwrapped: 0, saturated: 0, saturationDeg: 0, refused: 0 });

/** `a` and `b` added up (the saturation limit: the latest known). */
export function addProblems(a: Readonly<SampleProblems>, b: Readonly<SampleProblems> | undefined): SampleProblems {
  if (b === undefined) return { ...a };
  return {
    rejected: a.rejected + b.rejected,
    unwrapped: a.unwrapped + b.unwrapped,
    saturated: a.saturated + b.saturated,
    saturationDeg: b.saturated > 0 ? b.saturationDeg : a.saturationDeg,
    refused: a.refused + b.refused,
  };
}

/** Each problem of `p` as a short sentence, most telling first; none when there are none. */
export function describeProblems(p: Readonly<SampleProblems>): string[] {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const lines: string[] = [];
  if (p.saturated > 0) lines.push(`the angle stopped dead at ±${p.saturationDeg}° ${plural(p.saturated, 'time', 'times')}: the sensor saturates there, so the reps that go past it read short and fast`);
  if (p.unwrapped > 0) lines.push(`the angle wraps at 360° (${plural(p.unwrapped, 'wrap', 'wraps')} undone): reps are right only if the session started with the rope out`);
  if (p.rejected > 0) lines.push(`${plural(p.rejected, 'sample', 'samples')} rejected as ${p.rejected === 1 ? 'a glitch' : 'glitches'} no rope can make`);
  if (p.refused > 0) lines.push(`${plural(p.refused, 'rep candidate', 'rep candidates')} refused as faster or shorter than a rope can pull`);
  return lines;
}

/**
 * Why a session of `samples` samples that the engine took as `update` (its totals) has no rep, or
 * null when it has reps. The causes the engine can see, most likely first.
 */
export function whyNoReps(samples: number, update: Pick<EngineUpdate, 'reps' | 'skipped' | 'pointCount' | 'problems'>): string | null {
  if (update.reps.length > 0) return null;
  if (samples < 2) return 'fewer than two samples';
  if (update.skipped >= samples - 1) return `${update.skipped} of ${samples} samples dropped: their times did not increase or a value was not a finite number`;
  const problems = describeProblems(update.problems ?? NO_PROBLEMS);
  if (problems.length > 0) return problems.join('; ');
  return 'the rope never moved half a turn (180°) out and back, the least a rep travels';
}
