/**
 * The engine for start-up code: the wasm module and its glue load after the Workout screen has
 * rendered (they are not in the start-up bundle), so the app's live session holds this facade,
 * which hands calls to the engine once it has loaded. `load()` starts the load (the app calls it
 * at start) and resolves when calls will work; whatever needs the engine at once (a unit
 * connecting, a session being recovered) awaits it first. The composition root makes one per app.
 */
import type { EngineOptions, EngineSettings, EngineUpdate, EngineUpdateWithPoints, IncrementalEngine, SampleBatch } from './types';

export interface EngineModule {
  createEngine(settings?: Partial<EngineSettings>, options?: EngineOptions): IncrementalEngine<EngineUpdate | EngineUpdateWithPoints>;
  reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>, options?: EngineOptions): EngineUpdate | EngineUpdateWithPoints;
}

export interface LazyEngine {
  /** `createEngine` and `reprocess`, once the engine has loaded (they throw before). */
  readonly engine: {
    createEngine(settings?: Partial<EngineSettings>): IncrementalEngine;
    reprocess(batch: SampleBatch, settings?: Partial<EngineSettings>): EngineUpdate;
  };
  /** Loads the engine (once); resolves when it can be called. */
  load(): Promise<void>;
}

/** `importEngine` is how the engine's code arrives (the wasm facade, unless a test says otherwise). */
export function createLazyEngine(importEngine: () => Promise<EngineModule> = () => import('./wasmEngine')): LazyEngine {
  let module: EngineModule | null = null;
  let loading: Promise<void> | null = null;
  const loaded = (): EngineModule => {
    if (module === null) throw new Error('The metrics engine is still loading; try again in a moment');
    return module;
  };
  return {
    engine: {
      createEngine: (settings) => loaded().createEngine(settings) as IncrementalEngine,
      reprocess: (batch, settings) => loaded().reprocess(batch, settings) as EngineUpdate,
    },
    load() {
      loading ??= importEngine().then((imported) => {
        module = imported;
      });
      return loading;
    },
  };
}
