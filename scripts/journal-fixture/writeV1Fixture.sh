#!/usr/bin/env bash
# Builds writeV1Fixture.ts for Node (as the batch command is built: an SSR bundle with the wasm
# engine inlined) and runs it, writing src/journal/testing/journal-v1.json. See the script's comment: the
# fixture is written once, by the release whose schema it holds.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
npx vite build --config scripts/journal-fixture/vite.fixture.config.ts --outDir "$out" --logLevel warn
node "$out/writeV1Fixture.js" src/journal/testing/journal-v1.json
