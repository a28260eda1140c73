#!/usr/bin/env bash
# npm test: set up what is missing, then every test layer in order —
# native C++ (GoogleTest via CTest), the same suite under ASan + UBSan, a
# short run of every fuzz target, the WASM build, a type check, Vitest in
# Node on the built module, and the page in Debian's Chromium — and at the
# end (a failed layer's too) how long each layer took. docs/tests.md tells
# the layers and how to run each alone; the measurements live in npm run
# bench and npm run soak.
set -euo pipefail
cd "$(dirname "$0")/.."

layer_names=()
layer_seconds=()
layer_started=0
current=''

finish_layer() {
  if [ -n "$current" ]; then
    layer_names+=("$current")
    layer_seconds+=($(($(date +%s) - layer_started)))
  fi
  current=''
}

# Starts timing layer $1 (the one before ends here).
layer() {
  finish_layer
  current=$1
  layer_started=$(date +%s)
  echo "== $1"
}

report_times() {
  local status=$?
  local failed=$current
  finish_layer
  echo
  echo "== layer times"
  local total=0
  for k in "${!layer_names[@]}"; do
    printf '%-12s %4d:%02d\n' "${layer_names[$k]}" $((layer_seconds[k] / 60)) $((layer_seconds[k] % 60))
    total=$((total + layer_seconds[k]))
  done
  printf '%-12s %4d:%02d\n' total $((total / 60)) $((total % 60))
  [ "$status" -eq 0 ] || echo "npm test failed in layer '$failed'"
}
trap report_times EXIT

layer setup
bash scripts/setup.sh

layer 'native C++'
echo "native build + GoogleTest (CTest)"
bash scripts/build-native.sh kin_tests kin_reference kin_retarget_reference
ctest --test-dir build/native --output-on-failure -j"$(nproc)"

layer sanitizers
echo "GoogleTest under ASan + UBSan (clang; any report fails)"
bash scripts/build-sanitize.sh
bash scripts/test-sanitized.sh

layer 'wasm build'
bash scripts/build-wasm.sh

layer fuzz
echo "fuzz smoke (each target from its seed corpus, the Node ones on the module; npm run fuzz runs longer)"
bash scripts/fuzz.sh --seconds 8

layer tsc
echo "type check"
npx tsc --noEmit -p .
echo "character asset is current"
node scripts/make-character.mjs --check

layer Vitest
echo "Vitest (Node): TypeScript units and the WASM module"
npx vitest run --config vitest.config.ts --exclude 'tests/web/*allocation*.test.ts'
# The allocation tests measure V8's optimised code: one file at a time, as
# beside other files on both cores V8 has left a hot function unoptimised.
npx vitest run --config vitest.config.ts --no-file-parallelism allocation

layer Chromium
echo "Playwright + Chromium: the page"
npx vitest run --config tests/e2e/vitest.config.ts
finish_layer
