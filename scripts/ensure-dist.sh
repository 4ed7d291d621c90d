#!/usr/bin/env bash
# Builds the production app (dist/) when it is missing or older than any input of the build,
# for the scripts that serve it to Chromium (end-to-end tests, the browser benchmark).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f dist/index.html ] || [ -n "$(find src public pkg build index.html vite.config.ts package-lock.json -newer dist/index.html -print -quit 2>/dev/null)" ]; then
  echo "Building the app (npx vite build)..." >&2
  npx vite build --logLevel warn
fi
