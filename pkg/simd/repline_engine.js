/* @ts-self-types="./repline_engine.d.ts" */
import * as wasm from "./repline_engine_bg.wasm";
import { __wbg_set_wasm } from "./repline_engine_bg.js";

__wbg_set_wasm(wasm);
wasm.__wbindgen_start();
export {
    DebugCsvReader, EngineSettings, LiveEngine, Points, wasmMemory
} from "./repline_engine_bg.js";
