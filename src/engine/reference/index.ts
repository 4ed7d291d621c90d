/**
 * A plain TypeScript port of the engine-rs pipeline, for tests (an oracle the wasm engine must
 * agree with) and benchmarks (the baseline wasm must beat). Not for the app: use `../index`.
 */
export { createReferenceEngine, referenceReprocess } from './session';
