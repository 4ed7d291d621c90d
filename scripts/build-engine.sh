#!/usr/bin/env bash
# Builds engine-rs/ into pkg/ with wasm-pack (wasm-bindgen's JS glue, the .wasm, the generated
# .d.ts files and package.json), twice from the same source: pkg/ as plain WebAssembly, and
# pkg/simd/ with WebAssembly SIMD (`-Ctarget-feature=+simd128`: LLVM vectorises some of the
# engine's loops). src/engine/glue.ts loads pkg/simd/ where the runtime has SIMD and pkg/
# elsewhere (Safari before 16.4, where the iOS app's oldest iOS runs a module with SIMD not at
# all); a test holds their outputs equal bit for bit (src/engine/glue.test.ts).
#
# Two toolchains, tried in this order (ENGINE_TOOLCHAIN=rustup|debian forces one):
#   rustup  - a rustup toolchain with the wasm32-unknown-unknown target installed
#             (the ordinary route on a developer laptop with internet).
#   debian  - Debian's rustc-web + rust-web-src + lld, building std from source
#             (-Zbuild-std), because rustup cannot download targets on this network.
#             wasm-pack runs with --mode force (its check for the wasm32 target looks in the
#             sysroot, where build-std leaves nothing), Debian's cargo and rustc first on PATH,
#             RUSTC_BOOTSTRAP=1 for -Z, and the build-std flags after `--`.
# wasm-pack and wasm-bindgen come from scripts/wasm-tools.sh (cargo install); wasm-opt is off
# (engine-rs/Cargo.toml: wasm-pack would download it).
# With --install, missing tools are installed (apt-get for the Debian toolchain needs root).
# It also writes src/engine/generated/records.ts, the TypeScript readers of the engine's header
# and records (engine-rs/src/records.rs has the one list of their fields).
# With --check, the fresh build is compared with the committed pkg/ and records.ts file by file
# and the script fails when one differs. The committed pkg/ is built by the debian route, so --check
# pins that route: two compilers never produce the same bytes.
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

bin="${CARGO_HOME:-$HOME/.cargo}/bin"

vendor=/usr/lib/rustlib/src/rust/library/vendor
have_rustup_target() { command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; }
have_debian() { [ -x /usr/bin/rustc ] && [ -x /usr/bin/cargo ] && [ -d "$vendor" ] && command -v rust-lld >/dev/null; }
# (rust-web-src's vendored crates are how build-std finds std's own dependencies.)

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
# The SIMD build's flags and its own target folder: with build-std the standard library is built
# with them too, and one folder for both would rebuild it at every switch.
simd_env=(RUSTFLAGS="$RUSTFLAGS -Ctarget-feature=+simd128" CARGO_TARGET_DIR="$CARGO_TARGET_DIR-simd")

# How each route runs cargo and wasm-pack. The Debian route: Debian's cargo and rustc first on
# PATH, RUSTC_BOOTSTRAP for -Z, wasm-pack's `--mode force`, and the standard library built from
# source without its default `backtrace` feature (wasm32-unknown-unknown has no backtraces, and
# its symbolizer's crates, gimli, addr2line, object and miniz_oxide, were a fifth of the std
# build's work).
if [ "$route" = rustup ]; then
  route_env=(PATH="$bin:$PATH")
  pack_mode=()
  cargo_args=()
else
  route_env=(PATH="/usr/bin:$bin:$PATH" RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1)
  pack_mode=(--mode force --)
  cargo_args=(-Zbuild-std=std,panic_abort -Zbuild-std-features=)
fi

# The cargo build that wasm-pack runs (wasm-pack/src/build/mod.rs: `cargo build --lib --release` in the
# crate's folder with CARGO_BUILD_TARGET set), in the same environment, so that wasm-pack's own
# run below finds it done.
wasm_cargo_build() {
  (cd engine-rs && env "${route_env[@]}" "$@" CARGO_BUILD_TARGET=wasm32-unknown-unknown cargo build --lib --release --quiet "${cargo_args[@]}")
}
if [ "$install" = 1 ] && ! bash scripts/wasm-tools.sh 2>/dev/null; then
  # A first run: the engine (and, on the Debian route, the wasm32 standard library) compiles
  # while cargo install builds the tools, instead of after them. Its messages are dropped: a
  # failed build fails again, with them, in wasm-pack's run.
  { wasm_cargo_build && wasm_cargo_build "${simd_env[@]}"; } >/dev/null 2>&1 &
  early_build=$!
  bash scripts/wasm-tools.sh --install
  wait "$early_build" || true
else
  bash scripts/wasm-tools.sh
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# wasm-pack into folder $1, with the environment after it.
pack() {
  local dir="$1"
  shift
  env "${route_env[@]}" "$@" wasm-pack build engine-rs --release --no-opt --target bundler --out-dir "$dir" --out-name repline_engine "${pack_mode[@]}" "${cargo_args[@]}"
  # wasm-pack marks its output as not for version control; this project commits it.
  rm -f "$dir/.gitignore"
}
pack "$out"
pack "$out/simd" "${simd_env[@]}"
# The settings' ranges, for TypeScript code that runs before the engine has loaded.
source "$root/scripts/steps.sh"
RUSTFLAGS= CARGO_TARGET_DIR="$root/target" cargo_native run --quiet --profile native -p repline-engine --example settings_json >"$out/settings.json"
# The TypeScript readers and types of the header and records the engine leaves in wasm memory,
# from the one list of their fields (engine-rs/src/records.rs).
generated=src/engine/generated/records.ts
records="$(mktemp)"
trap 'rm -rf "$out" "$records"' EXIT
RUSTFLAGS= CARGO_TARGET_DIR="$root/target" cargo_native run --quiet --profile native -p repline-engine --example records_ts >"$records"

if [ "$check" = 1 ]; then
  if ! diff -r "$out" pkg >/dev/null || ! diff -q "$records" "$generated" >/dev/null; then
    diff -rq "$out" pkg >&2 || true
    diff -q "$records" "$generated" >&2 || true
    echo "build-engine: pkg/ or $generated differs from a fresh build of engine-rs/." >&2
    echo "Run 'ENGINE_TOOLCHAIN=debian npm run build:engine' and commit pkg/ and $generated." >&2
    exit 1
  fi
  echo "build-engine: pkg/ and $generated match a fresh build ($(wc -c <"$out/repline_engine_bg.wasm") and $(wc -c <"$out/simd/repline_engine_bg.wasm") bytes of wasm, $route route)"
else
  rm -rf pkg
  mkdir -p pkg
  cp -r "$out"/* pkg/
  mkdir -p "$(dirname "$generated")"
  cp "$records" "$generated"
  echo "build-engine: wrote $generated and pkg/ ($(wc -c <pkg/repline_engine_bg.wasm) and $(wc -c <pkg/simd/repline_engine_bg.wasm) bytes of wasm, $route route)"
fi
