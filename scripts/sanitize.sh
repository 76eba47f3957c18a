#!/usr/bin/env bash
# Builds the whole project with AddressSanitizer + UndefinedBehaviorSanitizer into
# ./build-asan with clang 14 (-O1 -g1: quick to compile, line numbers in reports) and runs every
# test there under Xvfb. Any sanitizer report fails the test that triggered it (halt_on_error,
# and UBSan is built with -fno-sanitize-recover). Extra arguments go to ctest (e.g. -R Bpat).
#
# The same tree is built with -DBPAT_FUZZ=ON, so it also holds the libFuzzer targets:
# `BPAT_FUZZ_BUILD=build-asan scripts/fuzz.sh` runs them without a second build (what CI does).
#
# Leak checking: on for the core and CLI tests; off for the GUI tests (label gui), where Mesa's
# llvmpipe and the X libraries keep allocations for the life of the process that LeakSanitizer
# reports as leaks we cannot fix; and tests/sanitizers/asan-gui.supp names the one report in a
# system library (libxkbcommon-x11) that every GUI process hits at start-up. See
# docs/robustness.md.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=build-asan
CXX=${SANITIZE_CXX:-clang++-14}
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_CXX_FLAGS="-O1 -g1" -DBPAT_SANITIZE=ON -DBPAT_FUZZ=ON -DBPAT_BUILD_BENCH=OFF >/dev/null
cmake --build "$BUILD" --parallel "$(nproc)"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
common=abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=0:strict_string_checks=1
ASAN_OPTIONS=$common:detect_leaks=1 \
  ctest --test-dir "$BUILD" --output-on-failure --parallel "$(nproc)" -LE gui "$@"
if grep -q '^BPAT_BUILD_APP:BOOL=ON' "$BUILD/CMakeCache.txt"; then
  ASAN_OPTIONS=$common:detect_leaks=0:suppressions=$PWD/tests/sanitizers/asan-gui.supp \
    xvfb-run -a -s "-screen 0 1600x1000x24 -noreset" \
    ctest --test-dir "$BUILD" --output-on-failure --parallel "$(nproc)" -L gui "$@"
fi
