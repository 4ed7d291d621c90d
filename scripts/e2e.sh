#!/usr/bin/env bash
# `npm run test:e2e`: the real-browser end-to-end tests (tests/e2e/), from a fresh machine.
# 1. Installs the npm packages and Debian's Chromium when missing (never a downloaded browser:
#    only npm and apt are reachable); 2. builds the production app when dist/ is missing or older
#    than its sources; 3. runs the suite, which serves dist/ on 127.0.0.1 and drives Chromium over
#    emulated Bluetooth. Extra arguments go to vitest (a file filter, reporters).
# Environment: E2E_VIEWPORT=desktop runs every scenario at desktop size (default: phone);
# E2E_DIST=dir serves another build; CHROMIUM_PATH overrides /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-node-modules.sh

bash scripts/ensure-chromium.sh
bash scripts/ensure-dist.sh

mkdir -p test-results/e2e
exec npx vitest run --config vitest.e2e.config.ts "$@"
