#!/usr/bin/env bash
# `npm run test:server`: the team server's tests (server/test/), each file run on PGlite and on a
# real PostgreSQL 15 started for the run (installed first when missing). Extra arguments go to
# vitest (a file filter, `--project postgres`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-postgres.sh
npx vitest run --config vitest.server.config.ts "$@"
