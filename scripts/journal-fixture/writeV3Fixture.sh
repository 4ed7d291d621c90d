#!/usr/bin/env bash
# Writes src/journal/testing/journal-v3.json with the journal code of the release of schema
# version 3 (the commit given, default the one the fixture was first written at): that commit's
# src/ is exported to a scratch folder, this checkout's writeV3Fixture.ts is built there for Node
# (as the batch command is built: an SSR bundle with the wasm engine inlined) and run. See the
# script's comment: the fixture is written once, by the release whose schema it holds.
set -euo pipefail
cd "$(dirname "$0")/../.."
commit=${1:-c71623ff6903708933debf3620a3a904724bf8b4}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git archive "$commit" src pkg scripts/journal-fixture/vite.fixture.config.ts | tar -x -C "$work"
cp scripts/journal-fixture/writeV3Fixture.ts "$work/scripts/journal-fixture/"
ln -s "$PWD/node_modules" "$work/node_modules"
sed -i 's/writeV1Fixture/writeV3Fixture/g' "$work/scripts/journal-fixture/vite.fixture.config.ts"
(cd "$work" && npx vite build --config scripts/journal-fixture/vite.fixture.config.ts --outDir "$work/out" --logLevel warn)
FIXTURE_COMMIT="$commit" node "$work/out/writeV3Fixture.js" src/journal/testing/journal-v3.json
