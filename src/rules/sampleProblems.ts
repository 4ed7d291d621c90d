/**
 * The engine's counts of what it set aside in a session's samples (`SampleProblems`, with the
 * dropped `skipped`), added up across calls and said in words, one place for every screen and the
 * batch command: so a session with fewer reps than expected, or none, always has a reason to
 * show. The rules behind each count are the engine's (engine-rs/src/input.rs, reps.rs).
 */
import type { EngineUpdate, SampleProblems } from '../engine/types';

import { REP_TRAVEL_DEG } from '../engine/ranges';
import { NO_PROBLEMS } from './problemCounts';

export { addProblems, NO_PROBLEMS } from './problemCounts';

/** Each problem of `p` as a short sentence, most telling first; none when there are none. */
export function describeProblems(p: Readonly<SampleProblems>): string[] {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const lines: string[] = [];
  if (p.saturated > 0) lines.push(`the angle stopped dead at ±${p.saturationDeg}° ${plural(p.saturated, 'time', 'times')}: the sensor saturates there, so the reps that go past it read short and fast`);
  if (p.unwrapped > 0) lines.push(`the angle wraps at 360° (${plural(p.unwrapped, 'wrap', 'wraps')} undone): reps are right only if the session started with the rope out`);
  if (p.rejected > 0) lines.push(`${plural(p.rejected, 'sample', 'samples')} rejected as ${p.rejected === 1 ? 'a glitch' : 'glitches'} no rope can make`);
  if (p.refused > 0) lines.push(`${plural(p.refused, 'rep candidate', 'rep candidates')} refused as faster or shorter than a rope can pull`);
  if (p.gaps > 0) lines.push(`the samples stop for more than a second ${plural(p.gaps, 'time', 'times')}: no phase spans a gap, so a rep a gap cut is not counted`);
  return lines;
}

/**
 * What the Workout screen says about this set's samples (null while all were taken): the unit's
 * own warnings (skipped packets, clock faults), then what the engine set aside, each a sentence.
 */
export function streamNote(stats: { warnings: number; lastWarning: string | null; problems: Readonly<SampleProblems> }): string | null {
  const { warnings, lastWarning, problems } = stats;
  // A gap in a live set is a link drop, which the link's own notice already tells as it happens.
  const engine = describeProblems({ ...problems, gaps: 0 });
  if ((warnings === 0 || lastWarning === null) && engine.length === 0) return null;
  const unit = warnings > 0 && lastWarning !== null ? [`Problems with the unit's samples this set: ${warnings}. Latest: ${lastWarning}`] : [];
  return [...unit, ...engine.map((line) => `${line[0]!.toUpperCase()}${line.slice(1)}.`)].join(' ');
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
  return `the rope never moved ${REP_TRAVEL_DEG}° out and back, the least a rep travels`;
}
