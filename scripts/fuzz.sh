#!/usr/bin/env bash
# npm run fuzz [-- --seconds N] [--jobs J] [--only T] [--record]: runs each
# libFuzzer target of tests/fuzz (<name>_fuzz.cpp) for N seconds (default 60)
# from its seed corpus in tests/fuzz/corpus/<target>, growing a working
# corpus in build/fuzz/<target>, and each Node target (<name>-fuzz.ts, on the
# built WASM module: animation files read as the page reads them) as long.
# J targets run side by side (default: one per core; fewer leaves cores free
# for other work during a long run). A finding (a crash, a
# sanitizer report, a broken invariant, a timeout) fails the run with the
# input saved under build/fuzz/findings/; add it to the seed corpus and a
# regression test. --only T runs target T alone. --record writes each
# target's executions to bench/results/fuzz.json (with --only: that target's
# entry, the others kept).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
jobs=$(nproc)
record=0
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --record) record=1; shift ;;
    *) echo "fuzz: unknown argument $1 (use --seconds N, --jobs J, --only T, --record)" >&2; exit 2 ;;
  esac
done

bash scripts/build-sanitize.sh
bash scripts/build-wasm.sh
mkdir -p build/fuzz/findings
targets=()
for source in tests/fuzz/*_fuzz.cpp; do targets+=("$(basename "$source" .cpp)"); done
for source in tests/fuzz/*-fuzz.ts; do name=$(basename "$source" .ts); targets+=("${name//-/_}"); done
if [ -n "$only" ]; then
  case " ${targets[*]} " in *" $only "*) targets=("$only") ;; *) echo "fuzz: no target $only (targets: ${targets[*]})" >&2; exit 2 ;; esac
fi

case "$jobs" in ''|*[!0-9]*|0) echo "fuzz: --jobs must be a whole number >= 1 (got $jobs)" >&2; exit 2 ;; esac
# One target runs on one core: `jobs` side by side.
run_target() {
  local name=$1 status=0
  mkdir -p "build/fuzz/$name"
  if [ -f "tests/fuzz/$name.cpp" ]; then
    mkdir -p "tests/fuzz/corpus/$name"
    build/sanitize/tests/fuzz/"$name" "build/fuzz/$name" "tests/fuzz/corpus/$name" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="build/fuzz/findings/$name-" > "build/fuzz/$name.log" 2>&1 || status=$?
  else
    npx tsx "tests/fuzz/${name//_/-}.ts" -max_total_time="$seconds" \
      -artifact_prefix="build/fuzz/findings/$name-" > "build/fuzz/$name.log" 2>&1 || status=$?
  fi
  echo "$status" > "build/fuzz/$name.status"
}
pids=()
for k in "${!targets[@]}"; do
  if [ "$k" -ge "$jobs" ]; then wait "${pids[$((k - jobs))]}"; fi
  echo "fuzz: ${targets[$k]} for ${seconds}s"
  rm -f "build/fuzz/${targets[$k]}.status"
  run_target "${targets[$k]}" &
  pids+=($!)
done
wait

failed=0
results=()
for name in "${targets[@]}"; do
  log="build/fuzz/$name.log"
  if [ "$(cat "build/fuzz/$name.status" 2>/dev/null)" != 0 ]; then
    tail -n 40 "$log" >&2
    echo "fuzz: $name found a problem; the input is in build/fuzz/findings/ (log: $log)" >&2
    failed=1
    continue
  fi
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  corpus=$(find "build/fuzz/$name" -type f | wc -l)
  echo "fuzz: $name: $executions executions, no findings, working corpus $corpus inputs"
  results+=("{\"target\": \"$name\", \"seconds\": $seconds, \"executions\": $executions, \"corpus\": $corpus, \"findings\": 0}")
done
[ "$failed" = 0 ] || exit 1
if [ "$record" = 1 ]; then
  if [ -n "$only" ] && [ -f bench/results/fuzz.json ]; then
    # The other targets' entries as the last full record left them.
    while IFS= read -r kept; do results+=("$kept"); done < <(node -e '
      const record = JSON.parse(require("fs").readFileSync("bench/results/fuzz.json", "utf8"));
      for (const t of record.targets) if (t.target !== process.argv[1]) console.log(JSON.stringify(t).replace(/,"/g, ", \"").replace(/":/g, "\": "));
    ' "$only")
  fi
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
