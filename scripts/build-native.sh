#!/usr/bin/env bash
# Builds the native core, its GoogleTest suite, the reference tools and the
# benchmarks' native tools; with target names (as npm test gives), only those.
set -euo pipefail
cd "$(dirname "$0")/.."

# One build at a time in this tree (several shells may build at once).
mkdir -p build
exec 9>build/.build.lock
flock 9
if [ ! -f build/native/CMakeCache.txt ]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
targets=()
for target in "$@"; do targets+=(--target "$target"); done
cmake --build build/native -j"$(nproc)" "${targets[@]+"${targets[@]}"}"
