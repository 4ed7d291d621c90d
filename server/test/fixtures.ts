/**
 * Records as the app makes them, for the server's tests: athletes, exercises, sessions with their
 * sets, tags and notes, chunks of samples. Stamps are made by `stamp(ms, device)`, times are the
 * harness's clock (T0) and after.
 */
import { ENGINE_DEFAULTS } from '../../src/engine/ranges';
import type { ChunkRecord, GapRecord, SessionRecord } from '../../src/log/records';
import { makeStamp } from '../../src/log/stamp';
import { createAthlete, type Athlete } from '../../src/rules/athletes';
import { createExercise, type Exercise } from '../../src/rules/exercises';
import { setRecordOf } from '../../src/rules/fixtures';
import type { SetRecord } from '../../src/rules/setRecords';
import type { SetNote, TagSpan } from '../../src/rules/setTags';
import { T0 } from './harness';

export const stamp = (ms: number, device = 'dev-a', count = 0) => makeStamp({ ms, count }, device);

export function athlete(id: string, name: string, at = T0, device = 'dev-a'): Athlete {
  const a = createAthlete({ name, bodyMass: 70 }, { id, now: at });
  const s = stamp(at, device);
  return { ...a, stamps: { name: s, bodyMass: s, archived: s } };
}

export function exercise(id: string, name: string, at = T0, device = 'dev-a'): Exercise {
  const s = stamp(at, device);
  return { ...createExercise({ name, massShare: 0.5, radius: null, movingPulley: false }, { id, now: at }), stamps: { name: s, massShare: s, radius: s, movingPulley: s, archived: s } };
}

/** A set of `athleteId` starting at `startUs`, with concentric velocities `velocities` (m/s). */
export function set(athleteId: string, startUs: number, velocities: number[]): SetRecord {
  return setRecordOf(athleteId, 'builtin:squat', startUs, startUs + 20_000_000, velocities, { angularAcceleration: null, work: 100, overload: 1.1 });
}

/** A finished session; `turns`: who trained from when (µs on its clock), each one set of the given velocities. */
export function session(id: string, turns: { athleteId: string; fromUs: number; velocities: number[]; mass?: number }[], options: { at?: number; device?: string; notes?: SetNote[] } = {}): SessionRecord {
  const at = options.at ?? T0;
  const s = stamp(at, options.device ?? 'dev-a');
  const tags: TagSpan[] = turns.map((t, i) => ({ fromUs: i === 0 ? Number.NEGATIVE_INFINITY : t.fromUs, athleteId: t.athleteId, exerciseId: 'builtin:squat', mass: t.mass ?? 61.46, radius: 0.014, warmup: 1 }));
  const sets = turns.map((t) => set(t.athleteId, t.fromUs + 1_000_000, t.velocities));
  const best = Math.max(...turns.flatMap((t) => t.velocities));
  return {
    id,
    startedAt: at - 600_000,
    finishedAt: at,
    modifiedAt: at,
    settings: {
      engine: { ...ENGINE_DEFAULTS, inertia: 0.05, mass: turns[0]?.mass ?? 61.46 },
      workout: { metric: 'velocity', phase: 'concentric', target: 'None', mass: turns[0]?.mass ?? 61.46 },
      loads: [{ fromUs: Number.NEGATIVE_INFINITY, inertia: 0.05, boost: 0 }],
      tags,
    },
    plates: [0, 1, 0, 0, 0],
    unitKind: 'demo',
    unit: null,
    summary: { reps: sets.reduce((n, x) => n + x.counted, 0), best: { value: best, metric: 'velocity', phase: 'concentric' } },
    sets,
    ...(options.notes === undefined ? {} : { notes: options.notes }),
    stamps: { recording: s, tags: s, sets: s },
  };
}

/** Chunk `seq` of a session: `n` samples at 200 Hz from `fromUs`, a smooth pull. */
export function chunk(sessionId: string, seq: number, n = 200, fromUs = seq * 1_000_000): ChunkRecord {
  const timeUs = Float64Array.from({ length: n }, (_, i) => fromUs + i * 5000);
  const angleDeg = Float64Array.from(timeUs, (t) => Math.round(1e4 * 180 * Math.sin(t / 1e6)) / 1e4);
  return { sessionId, seq, timeUs, angleDeg };
}

export function gap(sessionId: string, seq: number, fromUs: number, toUs: number): GapRecord {
  return { sessionId, seq, fromUs, toUs };
}
