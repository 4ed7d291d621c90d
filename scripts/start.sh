#!/usr/bin/env bash
# `npm start`: installs what the app needs (Node only: the engine's wasm-pack build in pkg/ is committed) and
# serves it on http://127.0.0.1:5173. Without Bluetooth hardware, connect the Demo unit.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-modules.sh
exec npx vite --host 127.0.0.1 "$@"
