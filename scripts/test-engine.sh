#!/usr/bin/env bash
# The engine's steps of `npm test`: installs what the wasm build needs when missing (Debian's
# wasm toolchain; wasm-pack and wasm-bindgen built by cargo install), checks that the committed
# pkg/ and src/engine/generated/records.ts are what a fresh wasm-pack build of engine-rs/ writes,
# then runs the native engine tests (property tests included).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh

step "engine: pkg/ is a fresh wasm-pack build of engine-rs/" bash scripts/build-engine.sh --install --check
step "engine: native tests" cargo_native test --profile native -p repline-engine
