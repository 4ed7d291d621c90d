#!/usr/bin/env bash
# Makes sure wasm-pack and the wasm-bindgen CLI are on PATH (in ~/.cargo/bin), building them
# from crates.io with `cargo install` when missing: their own installers download prebuilt
# binaries from GitHub, which these machines cannot reach. The wasm-bindgen CLI must be exactly
# the version Cargo.lock pins for the wasm-bindgen crate (the generated glue and the crate talk
# a private protocol), so it is reinstalled when the lock file moves. A tool already there at
# the right version is reused.
#
# They are built unoptimised (`--debug`, without debug info) into one shared target folder, so
# the second reuses the dependencies the first compiled: cargo's release profile (LTO, one
# codegen unit) would make the build several times longer (docs/ci.md: why the first run is the
# slow one), while the tools only orchestrate cargo and rewrite one small module, and the
# pkg/ they write is the same byte for byte (`build-engine.sh --check`).
#
#   bash scripts/wasm-tools.sh            # prints what is missing and fails
#   bash scripts/wasm-tools.sh --install  # installs what is missing
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$bin:$PATH"

WASM_PACK_VERSION=0.15.1
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$root/Cargo.lock")
[ -n "$bindgen_version" ] || { echo "wasm-tools: no wasm-bindgen in Cargo.lock" >&2; exit 1; }

have() { command -v "$1" >/dev/null && "$1" --version 2>/dev/null | grep -q " $2\$"; }

install=0
[ "${1:-}" = --install ] && install=1
missing=0
for tool in "wasm-bindgen-cli wasm-bindgen $bindgen_version" "wasm-pack wasm-pack $WASM_PACK_VERSION"; do
  set -- $tool
  crate=$1 command=$2 version=$3
  have "$command" "$version" && continue
  if [ "$install" = 0 ]; then
    echo "wasm-tools: $command $version is missing (run: bash scripts/wasm-tools.sh --install)" >&2
    missing=1
    continue
  fi
  echo "wasm-tools: building $crate $version with cargo install (a minute or two)" >&2
  # Not --locked: each tool's own lock pins other versions of the dependencies the two share
  # (syn, clap, rustix, rustls...), so cargo compiled them twice; resolved afresh they mostly
  # agree and the second tool reuses the first's (191–229 CPU-seconds for both in runs here,
  # against 247 with wasm-pack --locked). wasm-bindgen-cli's
  # lock also names a release the registry mirror has lagged behind on.
  # --force: another version's binaries (wasm2es6js and the test runner come with wasm-bindgen)
  # would otherwise stop the install ("binary already exists in destination").
  fast=(--debug --force --version "=$version")
  export CARGO_PROFILE_DEV_DEBUG=0 CARGO_TARGET_DIR="${WASM_TOOLS_TARGET_DIR:-$root/target/wasm-tools}"
  # Only the binary wasm-pack runs.
  [ "$crate" = wasm-bindgen-cli ] && fast+=(--bin wasm-bindgen)
  cargo install --quiet "$crate" "${fast[@]}"
  have "$command" "$version" || { echo "wasm-tools: $command $version did not install" >&2; exit 1; }
done
exit "$missing"
