#!/usr/bin/env bash
# `npm run screenshots`: the README's pictures (docs/screens/*.png: the Workout screen, History, a
# session opened from it, the Profile and the Target dialog), taken from the production build in
# Chromium with the emulated unit.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-modules.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-dist.sh
npx vitest run --config vitest.screenshots.config.ts "$@"
