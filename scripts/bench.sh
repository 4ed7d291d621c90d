#!/usr/bin/env bash
# `npm run bench`: every benchmark; figures go to bench/results.json and to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-modules.sh
npx vitest run --config vitest.bench.config.ts "$@"
