#!/usr/bin/env bash
# The GoogleTest suite built under ASan + UBSan (scripts/build-sanitize.sh),
# in one process per core, each a share of the tests (GoogleTest's
# sharding): one process a share, as a sanitizer's start-up per test
# (CTest's way) costs minutes. Any sanitizer report or failed test fails it.
set -euo pipefail
cd "$(dirname "$0")/.."

shards=$(nproc)
pids=()
for ((shard = 0; shard < shards; shard++)); do
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$shard \
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    build/sanitize/tests/cpp/kin_tests --gtest_brief=1 > "build/sanitize/shard-$shard.log" 2>&1 &
  pids+=($!)
done
status=0
for ((shard = 0; shard < shards; shard++)); do
  wait "${pids[$shard]}" || status=1
  echo "-- shard $((shard + 1)) of $shards"
  cat "build/sanitize/shard-$shard.log"
done
exit "$status"
