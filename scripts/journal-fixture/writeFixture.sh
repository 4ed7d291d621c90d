#!/usr/bin/env bash
# Writes src/journal/testing/journal-v<N>.json (N = 2 or 3) with the journal code of the release of
# schema version N (the commit given, default the one the fixture was first written at): that
# commit's src/ is exported to a scratch folder, this checkout's writeV<N>Fixture.ts and
# fixtureFile.ts are built there for Node (as the batch command is built: an SSR bundle with the
# wasm engine inlined) and run. See writeV<N>Fixture.ts: a fixture is written once, by the release
# whose schema it holds. Version 1's writer ran in its own release's checkout (writeV1Fixture.ts).
#
#     bash scripts/journal-fixture/writeFixture.sh 3
set -euo pipefail
cd "$(dirname "$0")/../.."
version=${1:-}
case "$version" in
  2) first=421c9f53c65d6d8a7ace4e4c2167febde50ac4b0 ;;
  3) first=c71623ff6903708933debf3620a3a904724bf8b4 ;;
  *) echo "usage: bash scripts/journal-fixture/writeFixture.sh 2|3 [commit]" >&2; exit 2 ;;
esac
commit=${2:-$first}
writer="writeV${version}Fixture"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git archive "$commit" src pkg scripts/journal-fixture/vite.fixture.config.ts | tar -x -C "$work"
cp "scripts/journal-fixture/$writer.ts" scripts/journal-fixture/fixtureFile.ts "$work/scripts/journal-fixture/"
ln -s "$PWD/node_modules" "$work/node_modules"
sed -i "s/writeV1Fixture/$writer/g" "$work/scripts/journal-fixture/vite.fixture.config.ts"
(cd "$work" && npx vite build --config scripts/journal-fixture/vite.fixture.config.ts --outDir "$work/out" --logLevel warn)
FIXTURE_COMMIT="$commit" node "$work/out/$writer.js" "src/journal/testing/journal-v$version.json"
