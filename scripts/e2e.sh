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

chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_bin" ]; then
  echo "Installing Chromium from Debian (apt-get)..." >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

# dist/ is stale when any input of the build is newer than its index.html.
needs_build=0
if [ ! -f dist/index.html ]; then
  needs_build=1
elif [ -n "$(find src public pkg build index.html vite.config.ts package-lock.json -newer dist/index.html -print -quit 2>/dev/null)" ]; then
  needs_build=1
fi
if [ "$needs_build" = 1 ]; then
  echo "Building the app (npx vite build)..." >&2
  npx vite build --logLevel warn
fi

mkdir -p test-results/e2e
exec npx vitest run --config vitest.e2e.config.ts "$@"
