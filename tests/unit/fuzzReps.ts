/**
 * The engine behind the notification fuzz (src/device/testing/notificationFuzz.ts): each fuzzed
 * connection's samples pushed into a wasm engine as the live session does, and every rep and turn
 * it publishes held to the rope's physical limits (the oracle's plausibleConcentric, from
 * engine-rs/src/reps.rs's doc of the rule). Shared by the
 * unit suite and `npm run soak`.
 */
import { createEngine, type EngineUpdate, type IncrementalEngine } from '../../src/engine';
import { DEFAULT_ENGINE_SETTINGS } from '../../src/engine/settings';
import { plausibleConcentric } from '../../src/engine/reference/reps';
import type { StreamSink } from '../../src/device/testing/notificationFuzz';

export interface FuzzReps {
  /** Reps and turns the engines published. */
  reps: number;
  turns: number;
  /** Samples the engines rejected as glitches, and rep candidates they refused. */
  rejected: number;
  refused: number;
  /** Reps or turns whose concentric no rope can make: must stay empty. */
  beyond: string[];
  /** The fastest concentric mean speed published, m/s, and the shortest, s. */
  fastest: number;
  shortest: number;
}

/** A sink factory for fuzzNotifications and the report it fills. */
export function fuzzReps(): { sinks: () => StreamSink; report: FuzzReps } {
  const report: FuzzReps = { reps: 0, turns: 0, rejected: 0, refused: 0, beyond: [], fastest: 0, shortest: Infinity };
  const radius = DEFAULT_ENGINE_SETTINGS.radius;
  const take = (update: EngineUpdate) => {
    report.rejected += update.problems?.rejected ?? 0;
    report.refused += update.problems?.refused ?? 0;
    for (const [kind, c] of [...update.reps.map((r) => ['rep', r.concentric] as const), ...update.turns.map((t) => ['turn', t.concentric] as const)]) {
      if (kind === 'rep') report.reps++;
      else report.turns++;
      report.fastest = Math.max(report.fastest, c.velocity);
      report.shortest = Math.min(report.shortest, c.duration);
      if (!plausibleConcentric(c, radius)) report.beyond.push(`${kind}: ${c.duration.toFixed(4)} s at ${c.velocity.toFixed(3)} m/s (peak ${c.peakVelocity.toFixed(3)})`);
    }
  };
  const sinks = (): StreamSink => {
    let engine: IncrementalEngine | null = createEngine(DEFAULT_ENGINE_SETTINGS);
    return {
      samples: (timeUs, angleDeg) => take(engine!.push({ timeUs: Float64Array.from(timeUs), angleDeg: Float64Array.from(angleDeg) })),
      end: () => {
        take(engine!.finish());
        engine!.dispose();
        engine = null;
      },
    };
  };
  return { sinks, report };
}
