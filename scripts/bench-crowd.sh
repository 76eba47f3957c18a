#!/usr/bin/env bash
# The crowd benchmark series of docs/performance.md ("Crowds with the bone pre-pass and levels of
# detail"): bpat-studio --benchmark-crowd on the synthetic humanoid, the game's humanoid and horse
# with their bodies and a mixed army, the bone pre-pass against today's per-vertex path in the
# same run, and the application's CPU time from 1,000 to 100,000 instances. Prints one line per
# run and leaves each run's JSON in $OUT.
#
#   scripts/bench-crowd.sh                  build/bin/bpat-studio under xvfb-run (llvmpipe here)
#   STUDIO=/opt/b/bpat-studio XVFB= scripts/bench-crowd.sh
#                                           on a lent GPU machine after `source .gpu/gpu-env.sh`
#                                           (../shared/tools/gpu/README.md; copy the files below
#                                           into ASSETS and set ASSETS=.gpu)
# FRAMES (default 3), SIZES (default "1000 10000 100000"), ASSETS (the folder holding
# humanoid.bpat, horse.bpat, elephant.bpat and their .bprm bodies; default
# ../shared/upstream_assets/bpat_current), ARMY (default bench/crowds/army-20k.json, whose paths
# are relative to it), OUT (default /tmp/bench-crowd) and ONLY (a word: run only the runs whose
# name contains it) tune it. llvmpipe needs minutes for the larger runs.
set -uo pipefail
cd "$(dirname "$0")/.."
STUDIO=${STUDIO:-build/bin/bpat-studio}
XVFB=${XVFB-xvfb-run -a -s "-screen 0 1600x1000x24"}
FRAMES=${FRAMES:-3}
SIZES=${SIZES:-1000 10000 100000}
ASSETS=${ASSETS:-../shared/upstream_assets/bpat_current}
ARMY=${ARMY:-bench/crowds/army-20k.json}
OUT=${OUT:-/tmp/bench-crowd}
ONLY=${ONLY:-}
mkdir -p "$OUT"

run() { # NAME ARGS...
  local name=$1
  shift
  [ -n "$ONLY" ] && [[ $name != *"$ONLY"* ]] && return
  echo "== $name (load $(cut -d' ' -f1-3 /proc/loadavg))"
  if ! eval "$XVFB" "$STUDIO" --benchmark-crowd "$@" >"$OUT/$name.json" 2>"$OUT/$name.err"; then
    echo "   failed: $(tail -n 3 "$OUT/$name.err")"
    return
  fi
  python3 - "$OUT/$name.json" <<'PY' || cat "$OUT/$name.json"
import json, sys
d = json.load(open(sys.argv[1]))
gpu = d.get("gpu_ms_per_frame")
print(f"   {d['gl_renderer']}: {d['instances']} instances, {d['instances_in_view']} in view, by level {d['instances_per_level']}, "
      f"{d['vertices_shaded_per_frame']:.0f} vertices, {d['draw_calls_per_frame']} draws, {d['skinning']}; "
      f"app CPU {d['app_cpu_ms_per_frame']:.3f} ms, issue {d['cpu_ms_per_frame']:.1f} ms, frame {d['frame_ms']:.1f} ms, "
      f"GPU {'-' if gpu is None else f'{gpu:.2f} ms'}")
if "direct" in d:
    print(f"   today's path: frame {d['direct']['frame_ms']:.1f} ms; pre-pass speed-up: frame x{d['prepass_speedup']:.2f}, "
          f"vertex stage x{d['prepass_vertex_speedup']:.2f}")
PY
}

run synthetic-compare 1000 --frames "$FRAMES" --compare-skinning
run humanoid-compare 1000 --frames "$FRAMES" --compare-skinning "$ASSETS/humanoid.bpat"
run humanoid-full-compare 100 --frames "$FRAMES" --compare-skinning --no-lod "$ASSETS/humanoid.bpat"
run horse-compare 1000 --frames "$FRAMES" --compare-skinning "$ASSETS/horse.bpat"
for n in $SIZES; do
  run "synthetic-$n" "$n" --frames "$FRAMES"
  run "humanoid-$n" "$n" --frames "$FRAMES" "$ASSETS/humanoid.bpat"
  run "horse-$n" "$n" --frames "$FRAMES" "$ASSETS/horse.bpat"
done
run army 1 --frames "$FRAMES" --crowd-spec "$ARMY"
run army-fly 1 --frames "$FRAMES" --fly --crowd-spec "$ARMY"
