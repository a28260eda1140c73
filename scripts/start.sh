#!/usr/bin/env bash
# npm start: set up what is missing, build the WASM module, serve the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
exec npx vite --config vite.config.ts
