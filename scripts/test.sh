#!/usr/bin/env bash
# `npm test`: every test of the project, from a fresh clone on a new Debian machine.
# Installs what is missing (npm packages, Debian's wasm toolchain, wasm-pack and wasm-bindgen
# built by cargo install, Chromium), checks that the committed pkg/ is a fresh wasm-pack build of
# engine-rs/, then runs the native engine tests (property tests included), the type check, the
# import check (ARCHITECTURE.md's folder layering, no cycles), the module-state check (no
# module-level signal, cache or late-bound slot in src/, nothing run at import), the timing-comment
# check (no timing figure in engine-rs/ comments: they go to engine-rs/PERF.md), the unit/component tests, the
# production build with its size budget, the CLI bundle and the real-browser end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"

started=$(date +%s)
step() {
  local name="$1"; shift
  echo
  echo "=== $name"
  local t0; t0=$(date +%s)
  "$@"
  echo "=== $name: ok ($(( $(date +%s) - t0 )) s)"
}

cargo_native() {
  if command -v cargo >/dev/null && cargo --version >/dev/null 2>&1; then
    cargo "$@"
  else
    RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc /usr/bin/cargo "$@"
  fi
}

step "npm dependencies" bash scripts/ensure-node-modules.sh
step "engine: pkg/ is a fresh wasm-pack build of engine-rs/" bash scripts/build-engine.sh --install --check
step "engine: native tests" cargo_native test --release -p repline-engine
step "typecheck" npx tsc -p .
step "imports keep the layering of ARCHITECTURE.md, no cycles" node build/checkImports.mjs
step "no module-level state in src/, nothing run at import" node build/checkModuleState.mjs
step "no timing figure in the engine's comments" node build/checkTimingComments.mjs
step "unit and component tests" npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json
step "production build and size budget" bash scripts/build-app.sh
step "batch command bundle" npx vite build --config vite.cli.config.ts --logLevel warn
step "end-to-end tests in Chromium" bash scripts/e2e.sh --reporter=default --reporter=json --outputFile=test-results/e2e.json
step "offline PWA and CSP in Chromium" node build/checkPwa.mjs dist --demo
node scripts/test-summary.mjs
echo "All tests passed in $(( $(date +%s) - started )) s"
