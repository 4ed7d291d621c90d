#!/usr/bin/env bash
# Installs Debian's Chromium when missing (never a downloaded browser: only npm and apt are
# reachable). CHROMIUM_PATH overrides /usr/bin/chromium.
set -euo pipefail
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_bin" ]; then
  echo "Installing Chromium from Debian (apt-get)..." >&2
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
