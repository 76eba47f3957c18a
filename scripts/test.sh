#!/usr/bin/env bash
# The test command of the README: every Qt Test through CTest, under Xvfb so GUI and GL tests
# get a real OpenGL context (Mesa llvmpipe).
set -euo pipefail
cd "$(dirname "$0")/.."
exec xvfb-run -a -s "-screen 0 1600x1000x24" ctest --test-dir build --output-on-failure --parallel "$(nproc)" "$@"
