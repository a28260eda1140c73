#!/usr/bin/env bash
# Builds the sanitizer tree, build/sanitize: clang, ASan + UBSan (any report
# is a failure), the native GoogleTest suite and the libFuzzer targets of
# tests/fuzz (one compile of the core serves both).
set -euo pipefail
cd "$(dirname "$0")/.."

mkdir -p build
exec 9>build/.sanitize.lock
flock 9
if [ ! -f build/sanitize/CMakeCache.txt ]; then
  CC=clang CXX=clang++ cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKIN_SANITIZE=ON -DKIN_FUZZ=ON >/dev/null
fi
cmake --build build/sanitize -j"$(nproc)" --target kin_tests kin_fuzzers
