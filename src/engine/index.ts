/**
 * The metrics engine's public face: `createEngine` for live sessions, `reprocess` for a whole
 * session, and the contract types. Everything else in this folder is an implementation detail
 * (the reference port in `reference/` is a test oracle, not for the app).
 */
import { provideEngine } from './lazy';
import { createEngine, reprocess } from './wasmEngine';

export * from './types';
export { createEngine, reprocess };
export { DEFAULT_ENGINE_SETTINGS } from './settings';

// Start-up code reaches the engine through the facade of ./lazy once this module has loaded.
provideEngine({ createEngine, reprocess });
