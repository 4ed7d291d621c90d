#!/usr/bin/env bash
# `npm run soak`: three hours of live samples with a fault every three minutes, and the long fuzz
# of notifications and debug CSVs. Figures go to bench/results.json ("soak", "fuzz").
# Takes a few minutes on two cores; not part of `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-modules.sh
npx vitest run --config vitest.soak.config.ts "$@"
