#!/usr/bin/env bash
# Runs each libFuzzer target for a bounded time: scripts/fuzz.sh [SECONDS_PER_TARGET] (default
# 60). The targets come from BPAT_FUZZ_BUILD (default build-fuzz): a tree configured with
# -DBPAT_FUZZ=ON is only brought up to date (scripts/sanitize.sh leaves one in build-asan);
# otherwise a small one is configured there (clang, ASan + UBSan, core and CLI only). Seed
# corpora come from scripts/make-fuzz-seeds.sh (real files in ../shared, the malformed corpus,
# small BPSM files, the recipes, glTF files); dictionaries tests/fuzz/X.dict serve the targets
# fuzz_X*; what libFuzzer finds lands in BUILD/corpus/<target>/, crashes in BUILD/crashes/. Exits non-zero on the first crash, leak, sanitizer report or timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-60}
BUILD=${BPAT_FUZZ_BUILD:-build-fuzz}
if ! grep -qs '^BPAT_FUZZ:BOOL=ON' "$BUILD/CMakeCache.txt"; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER="${FUZZ_CXX:-clang++-14}" -DBPAT_FUZZ=ON -DBPAT_BUILD_APP=OFF \
    -DBPAT_BUILD_TESTS=OFF -DBPAT_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$BUILD" --parallel "$(nproc)"
scripts/make-fuzz-seeds.sh "$BUILD"
rm -rf "$BUILD/crashes"; mkdir -p "$BUILD/crashes"
for target in "$BUILD"/tests/fuzz/fuzz_*; do
  [ -f "$target" ] && [ -x "$target" ] || continue
  name=$(basename "$target")
  mkdir -p "$BUILD/corpus/$name"
  echo "== $name: ${SECONDS_PER_TARGET}s"
  # -rss_limit_mb bounds memory (a header claiming billions of keys must not allocate them);
  # -timeout flags a single input slower than 10 s as a hang.
  log="$BUILD/$name.log"
  # A dictionary tests/fuzz/X.dict serves every target named fuzz_X...: glTF's keys for both
  # glTF targets.
  dict=()
  for d in tests/fuzz/*.dict; do
    [ -f "$d" ] && [[ $name == fuzz_$(basename "$d" .dict)* ]] && dict=(-dict="$d")
  done
  rc=0
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  "$target" -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$BUILD/crashes/$name-" "${dict[@]}" \
    "$BUILD/corpus/$name" "$BUILD/seeds/$name" >"$log" 2>&1 || rc=$?
  grep -E '^(INFO: seed corpus|#[0-9]+ +DONE|stat::(number_of_executed_units|peak_rss_mb|new_units_added))' "$log" || true
  if [ "$rc" -ne 0 ] || ls "$BUILD/crashes/$name-"* >/dev/null 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz.sh: $name failed (exit $rc); inputs: $(ls "$BUILD/crashes/$name-"* 2>/dev/null | xargs)" >&2
    exit 1
  fi
done
# The Python document API under threads (issue 42: six threads editing one bpat.Document
# crashed the interpreter), on the instrumented module when the tree built one: the runtime is
# preloaded into Debian's uninstrumented python3, as CTest does for the python label. 150 rounds
# (CTest's run has 80): the document grows with every round, so 300 took 139 s of CI's 45 minutes.
if compgen -G "$BUILD/python/bpat/_bpat*.so" >/dev/null && [ -x "$BUILD/bin/bpat" ]; then
  echo "== python document API under threads"
  runtime=$("${FUZZ_CXX:-clang++-14}" -print-file-name=libclang_rt.asan-x86_64.so)
  built=$(cd "$BUILD" && pwd)
  (cd tests/python && PYTHONPATH="$built/python" BPAT_BINARY_DIR="$built" PYTHONDONTWRITEBYTECODE=1 \
     BPAT_THREAD_ROUNDS=${BPAT_THREAD_ROUNDS:-150} LD_PRELOAD="$runtime" ASAN_OPTIONS=detect_leaks=0 \
     timeout 600 /usr/bin/python3 -m unittest -q test_threads) || {
    echo "fuzz.sh: the Python thread stress test failed" >&2
    exit 1
  }
fi
echo "fuzz.sh: no crash, hang or sanitizer report"
