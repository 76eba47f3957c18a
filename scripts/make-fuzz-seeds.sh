#!/usr/bin/env bash
# Builds the fuzz seed corpora in DIR (default build-fuzz/seeds), one folder per target, from
# the real files in ../shared (copied into the build folder only, never into the repository),
# their first 64 KiB when larger (the fuzzers run with -max_len=65536) and the crafted files of
# tests/data/malformed.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${1:-build-fuzz/seeds}
SHARED=${BPAT_SHARED_DIR:-../shared}
mkdir -p "$DIR/fuzz_bpat" "$DIR/fuzz_anim"
seed() { # TARGET FILE
  local out="$DIR/$1/$(basename "$(dirname "$2")")_$(basename "$2")"
  head -c 65536 "$2" > "$out"
}
shopt -s nullglob
for f in "$SHARED"/upstream_assets/*/*.bpat tests/data/malformed/*.bpat; do seed fuzz_bpat "$f"; done
for f in "$SHARED"/mrtk_samples/*.bin tests/data/malformed/*.bin; do seed fuzz_anim "$f"; done
for t in "$DIR"/*; do echo "seeds: $(basename "$t"): $(ls "$t" | wc -l) files"; done
