/**
 * The simulated unit's sets, through the same packets and decoder as the hardware, into the
 * metrics engine: the engine must find exactly the reps the physics performed, at the speed the
 * physics moved the rope (mean rope speed = travel / phase time, known from the simulation).
 */
import { describe, expect, it } from 'vitest';
import { createEngine, reprocess } from '../../engine';
import { encodeSamplePackets, type SampleFormat } from '../protocol/samplePacket';
import { SampleStream } from '../protocol/sampleStream';
import { synthesizeSet, type SetOptions } from './physics';
import { createManualScheduler } from './scheduler';
import { createSimulatedUnit } from './simulatedUnit';

function throughDecoder(options: SetOptions, format: SampleFormat = 'records') {
  const set = synthesizeSet(options);
  const stream = new SampleStream(format);
  const timeUs: number[] = [];
  const angleDeg: number[] = [];
  for (const packet of encodeSamplePackets(set, { format })) {
    const { samples, warnings } = stream.push(packet);
    expect(warnings).toEqual([]);
    timeUs.push(...samples.timeUs);
    angleDeg.push(...samples.angleDeg);
  }
  const result = reprocess({ timeUs: Float64Array.from(timeUs), angleDeg: Float64Array.from(angleDeg) }, { inertia: options.inertia ?? 0 });
  return { set, result };
}

describe('a simulated set through the decoder into the engine', () => {
  const cases = [1, 2, 3].flatMap((seed) => [1, 3, 6, 8].map((reps) => ({ seed, reps })));
  it.each(cases)('yields exactly $reps reps for seed $seed', ({ seed, reps }) => {
    const { result } = throughDecoder({ reps, seed, inertia: 0.05 });
    expect(result.reps.length).toBe(reps);
  });

  it.each([0, 0.0125, 0.05, 0.1])('reports each rep at the speed the physics moved the rope at inertia %f kg·m²', (inertia) => {
    const { set, result } = throughDecoder({ reps: 6, seed: 11, inertia });
    expect(result.reps.length).toBe(6);
    for (const [i, rep] of result.reps.entries()) {
      const truth = set.reps[i]!;
      expect(rep.concentric.velocity).toBeGreaterThan(0.3);
      expect(rep.concentric.velocity).toBeLessThan(1.6);
      expect(Math.abs(rep.concentric.velocity / truth.concentricMeanVelocity - 1)).toBeLessThan(0.05);
      expect(Math.abs(rep.eccentric.velocity / truth.eccentricMeanVelocity - 1)).toBeLessThan(0.05);
      expect(rep.concentric.peakVelocity).toBeCloseTo(truth.concentricPeakVelocity, 1);
    }
  });

  it('yields exactly the reps of a legacy-format set', () => {
    const { result } = throughDecoder({ reps: 5, seed: 4, inertia: 0.025 }, 'legacy');
    expect(result.reps.length).toBe(5);
  });

  it('does not count the motor winding the rope in as a rep', () => {
    const { set, result } = throughDecoder({ reps: 4, seed: 9, inertia: 0.05, startAngleDeg: 0 });
    expect(Math.max(...set.angleDeg.slice(0, 600).map(Math.abs))).toBeGreaterThan(2000);
    expect(result.reps.length).toBe(4);
  });

  it('lets the engine see fatigue: the last rep is slower than the best one', () => {
    const { result } = throughDecoder({ reps: 8, seed: 5, inertia: 0.05 });
    const velocities = result.reps.map((r) => r.concentric.velocity);
    expect(velocities.at(-1)!).toBeLessThan(0.95 * Math.max(...velocities));
  });
});

describe('the Demo unit live into the incremental engine', () => {
  it('yields the reps of the set started after calibrating, between rests', async () => {
    const scheduler = createManualScheduler();
    const unit = createSimulatedUnit({ seed: 3, scheduler, inertia: 0.05, reps: 5 });
    const engine = createEngine({ inertia: 0.05 });
    const reps: number[] = [];
    unit.on('samples', (s) => {
      const update = engine.push({ timeUs: Float64Array.from(s.timeUs), angleDeg: Float64Array.from(s.angleDeg) });
      reps.push(...update.reps.map((r) => r.index));
    });
    unit.on('warning', (w) => expect.fail(w.message));
    await unit.connect();
    scheduler.advance(2000);
    await unit.calibrate();
    scheduler.advance(30_000);
    unit.startSet(3);
    scheduler.advance(30_000);
    reps.push(...engine.finish().reps.map((r) => r.index));
    engine.dispose();
    await unit.disconnect();
    expect(reps).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
