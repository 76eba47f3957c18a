#!/usr/bin/env bash
# bpat render's speed target (issue 43): a 24-frame filmstrip of the real late-v3 horse with its
# body in under 10 s under Xvfb/llvmpipe. Prints, as a Markdown table, the median of RUNS runs
# (default 5) of the 24-frame filmstrip beside one frame of the same clip (the floor: starting
# Xvfb, the context, the shaders, the file and its body), the render time bpat prints (drawing and
# reading back the frames) and the whole command's wall time.
# Usage: bench/bench_render.sh [BUILD_DIR]   (BPAT_SHARED_DIR: the shared folder, default ../shared)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${RUNS:-5}
shared=${BPAT_SHARED_DIR:-../shared}
horse="$shared/upstream_assets/bpat_current/horse.bpat"
[ -f "$horse" ] || { echo "bench_render: no $horse (set BPAT_SHARED_DIR)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
measure() { # FRAMES -> "render_ms wall_s" medians
  local renders=() walls=()
  for _ in $(seq "$runs"); do
    local start end line
    start=$(date +%s.%N)
    line=$(xvfb-run -a "$build/bin/bpat" render "$horse" --clip walk --frames "$1" --size 480x360 -o "$out/strip.png" 2>/dev/null)
    end=$(date +%s.%N)
    renders+=("$(sed -n 's/.* in \([0-9]*\) ms .*/\1/p' <<<"$line")")
    walls+=("$(echo "$end - $start" | bc | xargs printf "%.2f")")
  done
  echo "$(printf '%s\n' "${renders[@]}" | median) $(printf '%s\n' "${walls[@]}" | median)"
}
read -r one_render one_wall < <(measure 0)
read -r strip_render strip_wall < <(measure 0:23)
echo "Machine: $(nproc) CPU threads, load average $(cut -d' ' -f1-3 /proc/loadavg); medians of $runs runs; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "| bpat render horse.bpat --clip walk, 480x360 | render (ms) | wall (s) |"
echo "|---|---|---|"
echo "| 1 frame (the floor) | $one_render | $one_wall |"
echo "| 24-frame filmstrip (target: under 10 s) | $strip_render | $strip_wall |"
