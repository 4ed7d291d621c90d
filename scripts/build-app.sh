#!/usr/bin/env bash
# Production build plus the size budget: the JavaScript outside the Plotly chunk must
# stay within 100 kB gzip.
set -euo pipefail
cd "$(dirname "$0")/.."
npx vite build --logLevel warn
node scripts/check-bundle.mjs
