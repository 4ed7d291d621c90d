import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { reprocess } from '../../src/engine';
const ticks = readFileSync('/work/shared/data/real/joeries__chronojump/encoder/tests/signal_inertial3/signal_inertial3.txt', 'utf8').split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
it('real', () => {
  const n = ticks.length; const timeUs = new Float64Array(n); const angleDeg = new Float64Array(n); const cum = new Float64Array(n);
  let sum = 0; ticks.forEach((t, i) => { sum += t; cum[i] = sum; timeUs[i] = i * 1000; angleDeg[i] = sum * 1.8; });
  const w = new Float64Array(n), a = new Float64Array(n);
  for (let i = 1; i < n; i++) { w[i] = (angleDeg[i]! - angleDeg[i-1]!) * Math.PI / 180 * 1000; a[i] = (w[i]! - w[i-1]!) * 1000; }
  for (const [label, batch, settings] of [['default no device', { timeUs, angleDeg }, {}], ['default device', { timeUs, angleDeg, angularVelocity: w, angularAcceleration: a }, {}], ['calc both', { timeUs, angleDeg, angularVelocity: w, angularAcceleration: a }, { calcAngularVelocity: true, calcAngularAcceleration: true }]] as const) {
    const out = reprocess(batch, { radius: 0.02, inertia: 0.374, mass: 90, ...settings });
    console.log(label, out.reps.length);
    for (const r of out.reps) {
      const s = out.points.timeUs[r.start]! / 1000, tu = out.points.timeUs[r.turn]! / 1000;
      // independent: extreme index near s
      let ext = Math.round(s); for (let i = Math.round(s) - 300; i < Math.round(s) + 300; i++) if (Math.abs(cum[i]!) > Math.abs(cum[ext]!)) ext = i;
      const lvl = Math.abs(cum[ext]!);
      let onset = ext; while (Math.abs(cum[onset + 1]!) >= lvl - 1) onset++;
      let zero = onset; while (Math.sign(cum[zero]!) === Math.sign(cum[ext]!) && cum[zero] !== 0) zero++;
      const T = (zero - onset) / 1000; const dist = 0.02 * lvl * 1.8 * Math.PI / 180;
      const wz = Math.abs(cum[zero + 20]! - cum[zero - 20]!) * 1.8 * Math.PI / 180 / 0.04;
      const ke = 0.5 * 0.374 * wz * wz;
      console.log(`rep ${r.index} ext ${ext} onset ${onset} zero ${zero} engine turn ${tu.toFixed(0)} T ${T.toFixed(3)} vs ${r.concentric.duration.toFixed(3)} v ${(dist / T).toFixed(3)} vs ${r.concentric.velocity.toFixed(3)} P ${(ke / T).toFixed(1)} vs ${r.concentric.power.toFixed(1)} peakV ${(wz*0.02).toFixed(3)} vs ${r.concentric.peakVelocity.toFixed(3)}`);
    }
  }
});
