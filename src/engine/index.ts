/**
 * The metrics engine's public face: `createEngine` for live sessions, `reprocess` for a whole
 * session, and the contract types. Everything else in this folder is an implementation detail
 * (the test oracle in `reference/` is not for the app).
 */
import { createEngine, reprocess } from './wasmEngine';

export * from './types';
export { createEngine, reprocess };
export { DEFAULT_ENGINE_SETTINGS } from './settings';
