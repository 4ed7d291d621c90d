#!/usr/bin/env bash
# `npm run bench`: every benchmark (vitest.bench.config.ts); figures go to bench/results.json and
# to stdout: the engine, CSV, journal and batch command in Node, the team server on a PostgreSQL
# 15 it starts (installed first when missing), and the production build in Chromium
# (bench/browser/), which is built first when stale. Extra arguments go to vitest (a file
# filter).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-modules.sh
bash scripts/ensure-postgres.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-dist.sh
npx vitest run --config vitest.bench.config.ts "$@"
