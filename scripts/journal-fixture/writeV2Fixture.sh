#!/usr/bin/env bash
# Writes src/journal/testing/journal-v2.json with the journal code of the release of schema
# version 2 (the commit given, default the one the fixture was first written at): that commit's
# src/ is exported to a scratch folder, this checkout's writeV2Fixture.ts is built there for Node
# (as the batch command is built: an SSR bundle with the wasm engine inlined) and run. See the
# script's comment: the fixture is written once, by the release whose schema it holds.
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=${1:-421c9f53c65d6d8a7ace4e4c2167febde50ac4b0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git archive "$commit" src pkg scripts/journal-fixture/vite.fixture.config.ts | tar -x -C "$work"
cp scripts/journal-fixture/writeV2Fixture.ts "$work/scripts/journal-fixture/"
ln -s "$PWD/node_modules" "$work/node_modules"
sed -i 's/writeV1Fixture/writeV2Fixture/g' "$work/scripts/journal-fixture/vite.fixture.config.ts"
(cd "$work" && npx vite build --config scripts/journal-fixture/vite.fixture.config.ts --outDir "$work/out" --logLevel warn)
FIXTURE_COMMIT="$commit" node "$work/out/writeV2Fixture.js" src/journal/testing/journal-v2.json
