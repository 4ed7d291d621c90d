import { describe, expect, it, vi } from 'vitest';
import { createLazyEngine, type EngineModule } from './lazy';
import * as wasm from './wasmEngine';

describe('the engine loaded after start-up', () => {
  it('says it is still loading until it has loaded, then hands calls to the engine', async () => {
    const lazy = createLazyEngine(async () => wasm);
    const batch = { timeUs: Float64Array.of(0, 5_000, 10_000), angleDeg: Float64Array.of(0, 1, 2) };
    expect(() => lazy.engine.reprocess(batch)).toThrow('The metrics engine is still loading; try again in a moment');
    await lazy.load();
    expect(lazy.engine.reprocess(batch)).toEqual(wasm.reprocess(batch));
  });

  it('loads once however often it is asked, and each app has its own', async () => {
    const importEngine = vi.fn(async (): Promise<EngineModule> => wasm);
    const one = createLazyEngine(importEngine);
    await Promise.all([one.load(), one.load()]);
    await one.load();
    expect(importEngine).toHaveBeenCalledOnce();
    const other = createLazyEngine(importEngine);
    expect(() => other.engine.createEngine()).toThrow(/still loading/);
  });
});
