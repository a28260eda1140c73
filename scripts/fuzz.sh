#!/usr/bin/env bash
# npm run fuzz [-- --seconds N] [--record]: runs each libFuzzer target of
# tests/fuzz for N seconds (default 60) from its seed corpus in
# tests/fuzz/corpus/<target>, growing a working corpus in build/fuzz/<target>.
# A finding (a crash, a sanitizer report, a broken invariant, a timeout)
# stops the run with the input saved under build/fuzz/findings/; add it to
# the seed corpus and a regression test. --record writes each target's
# executions to bench/results/fuzz.json.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
record=0
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --record) record=1; shift ;;
    *) echo "fuzz: unknown argument $1 (use --seconds N, --record)" >&2; exit 2 ;;
  esac
done

bash scripts/build-sanitize.sh
mkdir -p build/fuzz/findings
results=()
for source in tests/fuzz/*_fuzz.cpp; do
  name=$(basename "$source" .cpp)
  mkdir -p "build/fuzz/$name" "tests/fuzz/corpus/$name"
  log="build/fuzz/$name.log"
  echo "fuzz: $name for ${seconds}s"
  if ! build/sanitize/tests/fuzz/"$name" "build/fuzz/$name" "tests/fuzz/corpus/$name" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="build/fuzz/findings/$name-" > "$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz: $name found a problem; the input is in build/fuzz/findings/ (log: $log)" >&2
    exit 1
  fi
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  corpus=$(find "build/fuzz/$name" -type f | wc -l)
  echo "fuzz: $name: $executions executions, no findings, working corpus $corpus inputs"
  results+=("{\"target\": \"$name\", \"seconds\": $seconds, \"executions\": $executions, \"corpus\": $corpus, \"findings\": 0}")
done
if [ "$record" = 1 ]; then
  {
    echo "{"
    echo "  \"date\": \"$(date -u +%Y-%m-%dT%H:%M:%SZ)\","
    echo "  \"machine\": \"$(nproc) cores, $(uname -m), clang $(clang++ -dumpversion)\","
    echo "  \"targets\": ["
    for k in "${!results[@]}"; do
      sep=","; [ "$k" -eq $((${#results[@]} - 1)) ] && sep=""
      echo "    ${results[$k]}$sep"
    done
    echo "  ]"
    echo "}"
  } > bench/results/fuzz.json
  echo "fuzz: wrote bench/results/fuzz.json"
fi
