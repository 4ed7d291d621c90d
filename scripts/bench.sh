#!/usr/bin/env bash
# `npm run bench`: every benchmark; figures go to bench/results.json and to stdout. First the
# Node benchmarks (engine, CSV, journal, batch command, the team server on a PostgreSQL 15 it starts),
# then those of the production build in
# Chromium (bench/browser/). Extra arguments go to both vitest runs (a file filter).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-modules.sh
bash scripts/ensure-postgres.sh
npx vitest run --config vitest.bench.config.ts --passWithNoTests "$@"
bash scripts/ensure-chromium.sh
bash scripts/ensure-dist.sh
npx vitest run --config vitest.browser.config.ts bench/browser "$@"
