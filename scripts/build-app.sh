#!/usr/bin/env bash
# Production build plus the size budget (build/checkBundle.mjs): the JavaScript the Workout
# screen's start-up loads must stay within 100 kB gzip.
set -euo pipefail
cd "$(dirname "$0")/.."
npx vite build --logLevel warn
node build/checkBundle.mjs
