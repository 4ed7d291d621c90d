/**
 * The engine against physics, as figures: the errors the accuracy tests (tests/unit/engine.accuracy.test.ts)
 * bound, measured and written to bench/results.json (`accuracy`), so the measured medians and
 * worst reps have one home and the tests keep only their bounds. The same sessions as the tests:
 * flywheel sets whose every figure is known on paper (tests/unit/flywheelTruth.ts), sampled like real
 * sensors at raw rates of 100–1000 Hz, seeds 1–11, measured by the wasm engine on 100, 200 and
 * 500 Hz grids.
 *
 * Per grid and sensor (clean; noise, ticks and jitter together) and per braking (even; harder
 * towards the end of the eccentric, HARD_BRAKING): the signed median error of each phase's mean
 * velocity (a bias shows as one sign), the worst rep's |error|, and the same for the concentric
 * and eccentric peak power and their ratio.
 */
import { describe, it } from 'vitest';
import { reprocess, type PhaseSummary } from '../src/engine';
import { HARD_BRAKING, HEAVY_SLOW, LIGHT_FAST, truthSession, type RepTruth, type SensorSpec } from '../tests/unit/flywheelTruth';
import { record, type Figure } from './record';

const GRID_HZ = [100, 200, 500];
const RAW_HZ = [100, 200, 500, 1000];
const SEEDS = Array.from({ length: 11 }, (_, k) => k + 1);
const SENSORS: [string, Omit<SensorSpec, 'rawHz'>][] = [
  ['clean', { noiseDeg: 0, tickDeg: 0, jitterMs: 0 }],
  ['noisy', { noiseDeg: 0.6, tickDeg: 1.8, jitterMs: 1.5 }],
];
const BRAKINGS: [string, typeof HARD_BRAKING | undefined][] = [
  ['even', undefined],
  ['hardBraking', HARD_BRAKING],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (x: number): Figure => ({ value: Number((100 * x).toFixed(3)), unit: '%' });

type Measure = (rep: { concentric: PhaseSummary; eccentric: PhaseSummary; peakPowerRatio: number }, truth: RepTruth) => number;
const MEASURES: [string, Measure][] = [
  ['concentricVelocity', (rep, t) => rep.concentric.velocity / t.concentric.velocity - 1],
  ['eccentricVelocity', (rep, t) => rep.eccentric.velocity / t.eccentric.velocity - 1],
  ['concentricPeakPower', (rep, t) => rep.concentric.peakPower / t.concentric.peakPower - 1],
  ['eccentricPeakPower', (rep, t) => rep.eccentric.peakPower / t.eccentric.peakPower - 1],
  ['peakPowerRatio', (rep, t) => rep.peakPowerRatio / (t.eccentric.peakPower / t.concentric.peakPower) - 1],
];

describe('the engine against physics', () => {
  it('measures the signed median and worst rep of each figure per grid, sensor and braking', () => {
    const figures: Record<string, Figure> = {};
    for (const [braking, profile] of BRAKINGS) {
      for (const [sensorName, sensor] of SENSORS) {
        for (const hz of GRID_HZ) {
          const errors = new Map<string, number[]>(MEASURES.map(([name]) => [name, []]));
          for (const set of [LIGHT_FAST, HEAVY_SLOW]) {
            for (const rawHz of RAW_HZ) {
              for (const seed of SEEDS) {
                const session = truthSession(profile === undefined ? set : { ...set, braking: profile }, { ...sensor, rawHz }, seed);
                const out = reprocess(session.batch, { ...session.settings, hz });
                if (out.reps.length !== session.reps.length) throw new Error(`${set.name}, ${rawHz} Hz raw, seed ${seed}, ${hz} Hz: ${out.reps.length} reps, want ${session.reps.length}`);
                for (const [name, measure] of MEASURES) errors.get(name)!.push(...session.reps.map((t, k) => measure(out.reps[k]!, t)));
              }
            }
          }
          for (const [name, e] of errors) {
            const key = `${braking}.${sensorName}.${hz}Hz.${name}`;
            figures[`${key}.median`] = pct(median(e));
            figures[`${key}.worst`] = pct(e.reduce((worst, x) => (Math.abs(x) > Math.abs(worst) ? x : worst), 0));
          }
        }
      }
    }
    record('accuracy', figures);
  });
});
