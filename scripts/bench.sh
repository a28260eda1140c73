#!/usr/bin/env bash
# npm run bench: every benchmark; results go to bench/results/*.json. Last,
# the page measurements (bench/page, each asserting its bound): allocation
# during a drag and playback, the page's thread beside the background
# solves, a 45 s drag's heap.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-native.sh
bash scripts/build-wasm.sh
npx tsx bench/ik.ts
npx tsx bench/skinning.ts
npx tsx bench/animation.ts
npx tsx bench/drag-allocation.ts
npx tsx bench/retarget.ts
npx tsx bench/retarget-batch.ts
npx tsx bench/solve-worker.ts
npx vitest run --config bench/page/vitest.config.ts
