// @vitest-environment happy-dom
/**
 * The wasm loader under happy-dom, the environment of the component tests: the module must
 * instantiate there exactly as in node and the browser.
 */
import { expect, it } from 'vitest';
import { reprocess } from '../../src/engine';

it('loads and runs the wasm engine in a DOM environment', () => {
  expect(typeof window).toBe('object');
  const timeUs = Float64Array.from({ length: 400 }, (_, i) => i * 5000);
  const angleDeg = Float64Array.from({ length: 400 }, (_, i) => i * 0.5);
  const out = reprocess({ timeUs, angleDeg }, {}, { points: true });
  expect(out.points.timeUs.length).toBe(400);
  // 0.5° per 5 ms = 100°/s, away from the session's edges.
  expect(out.points.angularVelocity[200]).toBeCloseTo((100 * Math.PI) / 180, 9);
});
