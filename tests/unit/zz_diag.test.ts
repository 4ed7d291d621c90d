import { it } from 'vitest';
import { referenceReprocess } from '../../src/engine/reference';
import { HEAVY_SLOW, LIGHT_FAST, truthSession } from './flywheelTruth';
it('diag', () => {
  for (const [set, sensor, hz] of [[LIGHT_FAST, { rawHz: 1000, noiseDeg: 0.6, tickDeg: 0, jitterMs: 0 }, 100], [LIGHT_FAST, { rawHz: 1000, noiseDeg: 0, tickDeg: 0, jitterMs: 0 }, 100], [HEAVY_SLOW, { rawHz: 200, noiseDeg: 0.6, tickDeg: 1.8, jitterMs: 1.5 }, 100]] as const) {
    const s = truthSession(set, sensor);
    const out = referenceReprocess(s.batch, { ...s.settings, hz });
    console.log(set.name, JSON.stringify(sensor), hz);
    out.reps.forEach((r, k) => {
      const t = s.reps[k]!;
      const turn = out.points.timeUs[r.turn]! / 1e6;
      const start = turn - r.concentric.duration, end = turn + r.eccentric.duration;
      console.log(k, 'start', ((start - t.startS) * 1000).toFixed(1), 'turn', ((turn - t.turnS) * 1000).toFixed(1), 'end', ((end - t.endS) * 1000).toFixed(1), 'startIdxT', ((out.points.timeUs[r.start]!/1e6 - t.startS)*1000).toFixed(1));
    });
  }
});
