#!/usr/bin/env bash
# npm test: set up what is missing, then every test layer in order —
# native C++ (GoogleTest via CTest), the same suite under ASan + UBSan, a
# short run of every fuzz target, the WASM build, a type check, Vitest in
# Node on the built module, and the page in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

echo "== native build + GoogleTest (CTest)"
bash scripts/build-native.sh
ctest --test-dir build/native --output-on-failure -j"$(nproc)"

echo "== GoogleTest under ASan + UBSan (clang; any report fails)"
bash scripts/build-sanitize.sh
# One process for the whole suite: a sanitizer's start-up per test (CTest's way) costs minutes.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  build/sanitize/tests/cpp/kin_tests --gtest_brief=1

echo "== fuzz smoke (each target from its seed corpus; npm run fuzz runs longer)"
bash scripts/fuzz.sh --seconds 8

echo "== WASM build"
bash scripts/build-wasm.sh

echo "== type check"
npx tsc --noEmit -p .

echo "== character asset is current"
node scripts/make-character.mjs --check

echo "== Vitest (Node): TypeScript units and the WASM module"
npx vitest run --config vitest.config.ts --exclude 'tests/web/*allocation*.test.ts'
# The allocation tests measure V8's optimised code: one file at a time, as
# beside other files on both cores V8 has left a hot function unoptimised.
npx vitest run --config vitest.config.ts --no-file-parallelism allocation

echo "== Playwright + Chromium: the page"
npx vitest run --config tests/e2e/vitest.config.ts
