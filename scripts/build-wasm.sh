#!/usr/bin/env bash
# Builds the WebAssembly module with Debian's Emscripten and places kin.js and
# kin.wasm where the page and the Node tests import them from.
set -euo pipefail
cd "$(dirname "$0")/.."

# One build at a time in this tree (several shells may build at once).
mkdir -p build
exec 9>build/.build.lock
flock 9

# Debian's Emscripten runs its JS optimizer with Node and needs Debian's
# node modules (acorn) on the path.
export NODE_PATH=/usr/share/nodejs
if [ ! -f build/wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build/wasm -j"$(nproc)"

out=web/src/wasm/generated
mkdir -p "$out"
for f in kin.js kin.wasm; do
  cmp -s "build/wasm/$f" "$out/$f" || cp "build/wasm/$f" "$out/$f"
done
# The module's hand-written types travel with it, and so does its contract
# (what TypeScript and the core agree on, with its type and the types of
# the shapes the core parses) as the page is built against it.
cmp -s web/src/wasm/kin.d.ts "$out/kin.d.ts" || cp web/src/wasm/kin.d.ts "$out/kin.d.ts"
node scripts/write-contract.mjs "$out/kin.js" "$out"
