/**
 * Samples no rope can produce, through the wasm engine, on the physics-truth sets
 * (flywheelTruth.ts): a sign-flipped angle, an angle read as 0, a 180° spike, and bursts of three
 * sign flips, in every rest between reps or in the middle of every pull and return, sampled at
 * 100, 200 and 500 Hz with noise, ticks and jitter. Every rep must be found, each concentric's
 * mean velocity within the accuracy bounds of the untouched set's truth (2 % median, 5 % worst
 * rep), and every glitched sample counted as rejected (engine-rs/src/input.rs has the rule; the
 * Rust twin, engine-rs/src/tests/glitches.rs, adds random bursts and 4 900° jumps).
 */
import { describe, expect, it } from 'vitest';
import { reprocess, type SampleBatch } from '../../src/engine';
import { HEAVY_SLOW, LIGHT_FAST, truthSession, type SetSpec, type TruthSession } from './flywheelTruth';

type Glitch = 'sign flip' | 'zero' | '180° spike' | '3 sign flips';
const GLITCHES: [Glitch, number, (a: number) => number][] = [
  ['sign flip', 1, (a) => -a],
  ['zero', 1, () => 0],
  ['180° spike', 1, (a) => a + 180],
  ['3 sign flips', 3, (a) => -a],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The session's samples with `glitch` at the middle of every rest (`rests`) or of every phase. */
function glitched(session: TruthSession, [, length, glitch]: (typeof GLITCHES)[number], rests: boolean): { batch: SampleBatch; count: number } {
  const { timeUs, angleDeg } = session.batch;
  const angles = Float64Array.from(angleDeg);
  const reps = session.reps;
  const instants = rests ? reps.slice(1).map((rep, k) => (reps[k]!.endS + rep.startS) / 2) : reps.flatMap((r) => [(r.startS + r.turnS) / 2, (r.turnS + r.endS) / 2]);
  let count = 0;
  for (const t of instants) {
    const at = timeUs.findIndex((us) => us >= t * 1e6);
    for (let i = at; i < at + length; i++) {
      const before = angles[i]!;
      angles[i] = glitch(before);
      // A reading moved by no more than the sensor's own noise is no glitch (a sign flip near 0°).
      if (Math.abs(angles[i]! - before) > 40) count++;
    }
  }
  return { batch: { timeUs, angleDeg: angles }, count };
}

describe.each([HEAVY_SLOW, LIGHT_FAST])('$name', (set: SetSpec) => {
  it.each([100, 200, 500])('sampled at %i Hz with glitches in rests and movements: every rep, within the bounds, each glitch counted', (rawHz) => {
    const report: string[] = [];
    for (const seed of [1, 2, 3]) {
      const session = truthSession(set, { rawHz, noiseDeg: 0.6, tickDeg: 1.8, jitterMs: 1.5 }, seed);
      for (const glitch of GLITCHES) {
        for (const rests of [true, false]) {
          const { batch, count } = glitched(session, glitch, rests);
          const out = reprocess(batch, session.settings);
          const what = `seed ${seed}, ${glitch[0]} in ${rests ? 'rests' : 'movements'}`;
          if (out.reps.length !== session.reps.length) {
            report.push(`${what}: ${out.reps.length} reps, want ${session.reps.length}`);
            continue;
          }
          const errors = out.reps.map((rep, k) => Math.abs(rep.concentric.velocity / session.reps[k]!.concentric.velocity - 1));
          if (median(errors) > 0.02 || Math.max(...errors) > 0.05) report.push(`${what}: concentric velocity median ${median(errors)}, worst ${Math.max(...errors)}`);
          if (out.problems?.rejected !== count) report.push(`${what}: ${out.problems?.rejected} rejected, ${count} glitched`);
        }
      }
    }
    expect(report).toEqual([]);
  });
});
