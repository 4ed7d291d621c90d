#!/usr/bin/env bash
# Builds engine-rs/ to pkg/engine.wasm.
#
# Two routes, tried in this order (ENGINE_TOOLCHAIN=rustup|debian forces one):
#   rustup  - a rustup toolchain with the wasm32-unknown-unknown target installed
#             (the ordinary route on a developer laptop with internet).
#   debian  - Debian's rustc-web + rust-web-src + lld, building std from source
#             (-Zbuild-std), because rustup cannot download targets on this network.
# With --install, a missing Debian toolchain is installed with apt-get (needs root).
# With --check, the fresh build is compared with the committed pkg/engine.wasm and the
# script fails when they differ. The committed artefact is built by the debian route, so
# --check pins that route: two compilers never produce the same bytes.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

install=0; check=0
for arg in "$@"; do
  case "$arg" in
    --install) install=1 ;;
    --check) check=1 ;;
    *) echo "build-engine: unknown option $arg" >&2; exit 2 ;;
  esac
done
route="${ENGINE_TOOLCHAIN:-}"
[ "$check" = 1 ] && route=debian

vendor=/usr/lib/rustlib/src/rust/library/vendor
have_rustup_target() { command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; }
have_debian() { [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && [ -d "$vendor" ] && command -v rust-lld >/dev/null; }

if [ -z "$route" ]; then
  if have_rustup_target; then route=rustup; else route=debian; fi
fi
if [ "$route" = debian ] && ! have_debian; then
  if [ "$install" = 1 ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "build-engine: installing Debian's rustc-web, cargo-web, rust-web-src and lld-22" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustc-web cargo-web rust-web-src lld-22 >/dev/null
  fi
  if ! have_debian; then
    cat >&2 <<MSG
build-engine: no WebAssembly toolchain found. Either
  - rustup target add wasm32-unknown-unknown          (needs internet access to rustup), or
  - apt-get install rustc-web cargo-web rust-web-src lld-22   (Debian 12+, as root),
then run this script again (or run it with --install as root to do the second).
Missing: $( [ -x /usr/bin/rustc ] || printf '/usr/bin/rustc (rustc-web) ' )$( [ -d "$vendor" ] || printf "$vendor (rust-web-src) " )$( command -v rust-lld >/dev/null || printf 'rust-lld (lld-22)' )
MSG
    exit 1
  fi
fi

# Paths must not leak into the artefact, or a clone elsewhere builds different bytes.
export RUSTFLAGS="--remap-path-prefix=$root=/repline --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo"
export CARGO_TARGET_DIR="$root/target-wasm/$route"
if [ "$route" = rustup ]; then
  cargo build --release --target wasm32-unknown-unknown -p repline-engine
else
  RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc /usr/bin/cargo build --release \
    --target wasm32-unknown-unknown -p repline-engine -Zbuild-std=std,panic_abort \
    --config 'source.crates-io.replace-with="vstd"' \
    --config "source.vstd.directory=\"$vendor\""
fi
built="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/engine.wasm"

if [ "$check" = 1 ]; then
  if ! cmp -s "$built" pkg/engine.wasm; then
    echo "build-engine: pkg/engine.wasm differs from a fresh build of engine-rs/." >&2
    echo "Run 'ENGINE_TOOLCHAIN=debian npm run build:engine' and commit pkg/." >&2
    exit 1
  fi
  echo "build-engine: pkg/engine.wasm matches a fresh build ($(wc -c <"$built") bytes, $route route)"
else
  mkdir -p pkg
  cp "$built" pkg/engine.wasm
  echo "build-engine: wrote pkg/engine.wasm ($(wc -c <pkg/engine.wasm) bytes, $route route)"
fi
