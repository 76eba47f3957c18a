#!/usr/bin/env bash
# The test command of the README: every Qt Test through CTest, under Xvfb so GUI and GL tests
# get a real OpenGL context (Mesa llvmpipe). -noreset: by default the X server resets when its
# last client disconnects, and a test starting during that reset (ctest runs two at a time)
# could not connect to the display.
set -euo pipefail
cd "$(dirname "$0")/.."
exec xvfb-run -a -s "-screen 0 1600x1000x24 -noreset" ctest --test-dir build --output-on-failure --parallel "$(nproc)" "$@"
