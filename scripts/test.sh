#!/usr/bin/env bash
# `npm test`: every test of the project, from a fresh clone on a new Debian machine.
# Installs what is missing (npm packages, Debian's wasm toolchain, wasm-pack and wasm-bindgen
# built by cargo install, Chromium), checks that the committed pkg/ is a fresh wasm-pack build of
# engine-rs/, then runs the native engine tests (property tests included), the type check, the
# import check (ARCHITECTURE.md's folder layering of src/, cli/ and server/, no cycles there nor among the
# engine's Rust modules), the module-state check (no
# module-level signal, cache or late-bound slot in src/, nothing run at import), the timing-comment
# check (no timing figure in engine-rs/ comments: they go to bench/results.json), the path-claim check (every
# file or folder a README or a code comment names exists), the unit/component tests, the
# production build with its size budget, the CLI bundle, the team server's tests (on PGlite and on a
# PostgreSQL 15 they start; Debian's package installed when missing) and the real-browser
# end-to-end tests.
#
# The engine's steps (scripts/test-engine.sh) run alongside the others: they are compiling
# (on a first run, the wasm tools and the wasm32 standard library too), while the end-to-end
# tests mostly wait on the emulated unit's real pace, so on two cores the two halves fill each
# other's gaps. Their output is kept in test-results/engine-steps.log and printed once they end;
# the run fails when either half does. They split first thing, the npm packages installed
# alongside, since the engine's half is the longer; anything installed with apt (Chromium) is
# installed before, as two apt-get runs at once would fight over dpkg's lock.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"

started=$(date +%s)
source scripts/steps.sh

step "Chromium" bash scripts/ensure-chromium.sh
step "PostgreSQL 15 for the team server's tests" bash scripts/ensure-postgres.sh

mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e.json test-results/server.json
engine_log=test-results/engine-steps.log
setsid -w bash scripts/test-engine.sh >"$engine_log" 2>&1 &
engine_pid=$!
engine_done=0
# On a failure the engine's log is printed first and the failed step last, since CI often keeps
# only the end of the output.
finish_engine() {
  local status=$?
  if [ "$engine_done" = 0 ]; then
    kill -- "-$engine_pid" 2>/dev/null || true
    echo; echo "=== engine steps, stopped as the run failed (test-results/engine-steps.log):"
    cat "$engine_log"
  fi
  if [ "$status" != 0 ]; then
    node scripts/test-summary.mjs || true
    echo "=== npm test failed in the step \"$current_step\" (exit $status) after $(( $(date +%s) - started )) s"
  fi
}
trap finish_engine EXIT
echo
echo "=== engine steps started alongside (scripts/test-engine.sh; printed when they end)"

step "npm dependencies" bash scripts/ensure-node-modules.sh

step "typecheck" npx tsc -p .
step "imports keep the layering of ARCHITECTURE.md, no cycles (src/, cli/, server/, engine-rs/)" node build/checkImports.mjs
step "no module-level state in src/, nothing run at import" node build/checkModuleState.mjs
step "no timing figure in the engine's comments" node build/checkTimingComments.mjs
step "every path a README or a comment names exists" node build/checkPathClaims.mjs
step "unit and component tests" npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json
step "production build and size budget" bash scripts/build-app.sh
step "batch command bundle" npx vite build --config vite.cli.config.ts --logLevel warn
step "team server bundle" npx vite build --config vite.server.config.ts --logLevel warn
step "team server on PGlite and PostgreSQL 15" npx vitest run --config vitest.server.config.ts --reporter=default --reporter=json --outputFile=test-results/server.json
step "end-to-end tests in Chromium" bash scripts/e2e.sh --reporter=default --reporter=json --outputFile=test-results/e2e.json
step "offline PWA and CSP in Chromium" node build/checkPwa.mjs dist --demo

engine_status=0
wait "$engine_pid" || engine_status=$?
engine_done=1
echo
echo "=== engine steps (test-results/engine-steps.log):"
cat "$engine_log"
current_step="engine steps (scripts/test-engine.sh, log above)"
[ "$engine_status" = 0 ] || exit "$engine_status"
current_step="summary of the JavaScript suites"
node scripts/test-summary.mjs
echo "All tests passed in $(( $(date +%s) - started )) s"
