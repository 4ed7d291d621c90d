/**
 * The engine's wasm-bindgen glue, from one of its two builds (scripts/build-engine.sh): pkg/simd/
 * where the runtime has WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4, Node 16.4 and
 * later), pkg/ elsewhere. Both are the same engine-rs/ source; the SIMD one is faster
 * (bench/results.json, engine-rs/PERF-HISTORY.md) and gives the same bits (glue.test.ts). The
 * plain one is for the iOS app's oldest systems (iOS 14 to 16.3), whose WebKit refuses to
 * compile a module that holds a single SIMD instruction. Importing this module loads one of them.
 */
import { simd } from 'wasm-feature-detect';

export type Glue = typeof import('../../pkg/repline_engine.js');

/** The build this runtime can run: with SIMD when it validates a SIMD module. */
export async function loadGlue(withSimd: boolean): Promise<Glue> {
  return withSimd ? import('../../pkg/simd/repline_engine.js') : import('../../pkg/repline_engine.js');
}

export const { LiveEngine, Points, EngineSettings, DebugCsvReader, wasmMemory } = await loadGlue(await simd());
export type LiveEngine = Glue['LiveEngine']['prototype'];
export type Points = Glue['Points']['prototype'];
export type DebugCsvReader = Glue['DebugCsvReader']['prototype'];
