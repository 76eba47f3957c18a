#!/usr/bin/env bash
# Runs the benchmarks of bench/ and prints, as Markdown, the tables docs/performance.md shows:
# each heavy job beside its floor measured in the same run (a plain pass over the mapping for
# deep validation; writing the same number of bytes through QSaveFile for a rebake), with the
# ratio. Every figure is a median of several runs inside the benchmark program.
#
# Usage: scripts/bench.sh [BUILD_DIR]        (default: build, as made by scripts/build.sh)
# Environment: RUNS (default 5), SIZE_MIB (deep-validation file, default 1024),
#              FPS (rebake frame rates, default "2400 9600"), BENCH_DIR (scratch directory for
#              the generated and rebaked files, default the temp dir; needs SIZE_MIB + 600 MB).
# The machine is whatever runs it: on a shared machine, run it more than once and say so.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${RUNS:-5}
size=${SIZE_MIB:-1024}
fps_list=${FPS:-2400 9600}
scratch=${BENCH_DIR:-${TMPDIR:-/tmp}}

cmake --build "$build" --target bench_BpatValidate bench_Rebake >&2

build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "Machine: $(nproc) CPU threads (${cpu:-unknown CPU}), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?');"
echo "build ${build_type:-?} with $(basename "${compiler:-?}"); $(date -u '+%Y-%m-%d %H:%M UTC'); medians of $runs runs."
echo

echo "### Deep validation beside a plain pass over the same mapping"
echo
echo "| file | job | throughput | ratio to the plain pass |"
echo "|---|---|---|---|"
TMPDIR=$scratch "$build/bench/bench_BpatValidate" --size-mib "$size" --runs "$runs" > "$scratch/bench_validate.$$.txt"
grep '^|' "$scratch/bench_validate.$$.txt"
grep -v '^|' "$scratch/bench_validate.$$.txt" | sed 's/^/    /'
rm -f "$scratch/bench_validate.$$.txt"
echo

echo "### Rebake beside writing the same bytes"
echo
echo "| recording, recipe, frame rate, output | job | time | ratio to the write floor |"
echo "|---|---|---|---|"
for fps in $fps_list; do
  out=$("$build/bench/bench_Rebake" --fps "$fps" --runs "$runs" --dir "$scratch")
  grep '^|' <<<"$out"
  grep -v '^|' <<<"$out" | sed "s/^/    ${fps} fps: /"
done
