/**
 * Test fixtures: docs/behaviour.md §3's sample metric rows (counts 0–6, "they look like demo data") turned into
 * engine `Rep` objects, so rule, table and chart tests start from the same hand-checkable numbers.
 * Every metric of a phase carries the same value; only the phase differs.
 */
import type { PhaseSummary, Rep, Turn } from '../engine/types';
import type { SetRecord } from './setRecords';
import { bandFor, withBand, type TargetBand } from './targetBands';
import type { ViewSettings } from './workoutView';

export function phaseOf(value: number): PhaseSummary {
  return {
    duration: 1,
    velocity: value,
    acceleration: value,
    torque: value,
    force: value,
    linearForce: value,
    netForce: value,
    power: value,
    peakVelocity: value,
    peakPower: value,
    work: value,
  };
}

/** A rep at `index` with the given concentric and eccentric value; count assumes warmup 1. */
export function makeRep(index: number, concentric: number, eccentric: number, warmup = 1): Rep {
  return {
    index,
    count: index - warmup + 1,
    start: index * 300,
    turn: index * 300 + 150,
    end: index * 300 + 300,
    concentric: phaseOf(concentric),
    eccentric: phaseOf(eccentric),
    // A rep every 3 s, moving for 2 s of it.
    startUs: index * 3e6,
    endUs: index * 3e6 + 2e6,
    peakPowerRatio: concentric > 0 ? eccentric / concentric : 0,
    meanPowerRatio: concentric > 0 ? eccentric / concentric : 0,
  };
}

/** The turn of the rep at `index` (as `makeRep` places it), with the concentric value. */
export function makeTurn(index: number, concentric: number, warmup = 1): Turn {
  return { index, count: index - warmup + 1, start: index * 300, turn: index * 300 + 150, startUs: index * 3e6, concentric: phaseOf(concentric) };
}

/** docs/behaviour.md §3 sample rows: [concentric, eccentric] for counts 0 to 6. */
export const SAMPLE_ROW_VALUES: readonly (readonly [number, number])[] = [
  [0.8, 0.7],
  [1, 0.98],
  [0.98, 0.99],
  [0.96, 0.96],
  [0.94, 0.93],
  [0.9, 0.91],
  [0.86, 0.86],
];

/** The sample rows as reps at indexes 0 to 6 (warmup 1, so counts 0 to 6). */
export function sampleRowReps(): Rep[] {
  return SAMPLE_ROW_VALUES.map(([c, e], i) => makeRep(i, c, e));
}

/**
 * View settings for tests: velocity, concentric, no target, warmup 1, no goal. Band fields in
 * `patch` (targetValue, dropValue, dropPercent) set the band of the chosen metric and phase;
 * the parts not given stay unset.
 */
export function viewSettings(patch: Partial<ViewSettings> & Partial<TargetBand> = {}): ViewSettings {
  const { targetValue, dropValue, dropPercent, ...rest } = patch;
  const s: ViewSettings = { metric: 'velocity', phase: 'concentric', target: 'None', targets: {}, warmup: 1, repGoal: null, ...rest };
  const band = { ...bandFor(s.targets, s.metric, s.phase) };
  if (targetValue !== undefined) band.targetValue = targetValue;
  if (dropValue !== undefined) band.dropValue = dropValue;
  if (dropPercent !== undefined) band.dropPercent = dropPercent;
  return { ...s, targets: withBand(s.targets, s.metric, s.phase, band) };
}

/**
 * A set's record as the History keeps it: one warmup rep, then counted reps of concentric mean
 * velocities `velocities` (m/s; best and mean made from them), at 0.05 kg·m² without boost.
 * `patch` sets any other field.
 */
export function setRecordOf(athleteId: string, exerciseId: string, startUs: number, endUs: number, velocities: readonly number[], patch: Partial<SetRecord> = {}): SetRecord {
  const counted = velocities.length;
  return {
    athleteId,
    exerciseId,
    startUs,
    endUs,
    inertia: 0.05,
    boost: 0,
    warmup: 1,
    reps: counted + 1,
    counted,
    velocities: [...velocities],
    velocityLoss: 0,
    angularAcceleration: counted > 0 ? 100 : null,
    figures: counted > 0 ? { 'velocity.concentric': { best: Math.max(...velocities), mean: velocities.reduce((a, b) => a + b, 0) / counted } } : {},
    work: 0,
    overload: 0,
    ...patch,
  };
}
