#!/usr/bin/env bash
# npm run build: the static site in dist/ (works from any sub-path).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
npx vite build --config vite.config.ts
