#!/usr/bin/env bash
# Builds the native core, its GoogleTest suite and the reference tool.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/native/CMakeCache.txt ]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build/native -j"$(nproc)"
