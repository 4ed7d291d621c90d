# Sourced by scripts/test.sh and scripts/test-engine.sh: one named, timed step of `npm test` (its
# name kept in current_step, so that a failed run can say where it stopped), and cargo from rustup
# when it works (Debian's otherwise).
step() {
  local name="$1"; shift
  current_step="$name"
  echo
  echo "=== $name"
  local t0; t0=$(date +%s)
  "$@"
  echo "=== $name: ok ($(( $(date +%s) - t0 )) s)"
}

cargo_native() {
  if command -v cargo >/dev/null && cargo --version >/dev/null 2>&1; then
    cargo "$@"
  else
    RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc /usr/bin/cargo "$@"
  fi
}
