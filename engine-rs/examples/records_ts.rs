//! Prints the TypeScript readers and types of the records the engine leaves in wasm memory
//! (`src/engine/generated/records.ts`, written by `scripts/build-engine.sh`; see
//! `repline_engine::records`). `cargo run --quiet --profile native -p repline-engine --example records_ts`

fn main() {
    print!("{}", repline_engine::records::typescript());
}
