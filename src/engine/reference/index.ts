/**
 * The engine's test oracle: the pipeline of `engine-rs/` written again from its crate and module
 * docs, for reading, over whole arrays (see ../README.md). Slow on purpose; not for the app (use
 * `../index`).
 */
export { createReferenceEngine, referenceReprocess } from './session';
