/**
 * The engine for start-up code: the wasm module and its glue load after the Workout screen has
 * rendered (they are not in the start-up bundle), so the app's live session holds this facade,
 * which hands calls to the engine once it has loaded. `loadEngine()` starts the load (the app
 * calls it at start) and resolves when calls will work; whatever needs the engine at once (a
 * unit connecting, a session being recovered) awaits it first.
 */
import type { EngineOptions, EngineSettings, EngineUpdate, EngineUpdateWithPoints, IncrementalEngine, SampleBatch } from './types';

export interface EngineModule {
  createEngine(settings?: Partial<EngineSettings>, options?: EngineOptions): IncrementalEngine<EngineUpdate | EngineUpdateWithPoints>;
  reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options?: EngineOptions): EngineUpdate | EngineUpdateWithPoints;
}

let engine: EngineModule | null = null;
let loading: Promise<void> | null = null;

/** Loads the engine (once); resolves when it can be called. */
export function loadEngine(): Promise<void> {
  loading ??= import('./wasmEngine').then((module) => {
    engine = module;
  });
  return loading;
}

function loaded(): EngineModule {
  if (engine === null) throw new Error('The metrics engine is still loading; try again in a moment');
  return engine;
}

/** `createEngine` and `reprocess`, once the engine has loaded (see the module notes). */
export const lazyEngine = {
  createEngine: (settings?: Partial<EngineSettings>) => loaded().createEngine(settings) as IncrementalEngine,
  reprocess: (batch: SampleBatch, settings?: Partial<EngineSettings>) => loaded().reprocess(batch, settings) as EngineUpdate,
};
