#!/usr/bin/env bash
# Configures and builds BPAT Studio into ./build (extra arguments go to the configure step).
# RelWithDebInfo with line tables only (-g1): backtraces and profiles keep file and line, and
# the build takes about half the time of full debug info (-g doubles the cost of every file
# that includes Qt's headers). For a debugging build: scripts/build.sh -DCMAKE_BUILD_TYPE=Debug
#
# Compiler: clang 14 when installed (scripts/install-deps.sh installs it for the sanitizer
# build), because it builds this tree in well under half GCC 12's CPU time: most of a file's
# cost is Qt's headers, and clang's precompiled headers load lazily where GCC's are read whole
# (docs/performance.md). CXX=g++ scripts/build.sh builds with GCC; an existing build/ keeps
# the compiler it was configured with.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${CXX:-}" ] && [ ! -f build/CMakeCache.txt ] && command -v clang++-14 >/dev/null 2>&1; then
  export CXX=clang++-14
fi
# ccache, when installed, lets several checkouts (worktrees) share compiled objects.
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" "${launcher[@]}" "$@"
cmake --build build --parallel "$(nproc)"
