#!/usr/bin/env bash
# Configures and builds BPAT Studio into ./build (extra arguments go to the configure step).
# RelWithDebInfo with line tables only (-g1): backtraces and profiles keep file and line, and
# the build takes about half the time of full debug info (-g doubles the cost of every file
# that includes Qt's headers). For a debugging build: scripts/build.sh -DCMAKE_BUILD_TYPE=Debug
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" "$@"
cmake --build build --parallel "$(nproc)"
