#!/usr/bin/env bash
# Runs the benchmarks of bench/ and prints, as Markdown, the tables docs/performance.md shows:
# each heavy job beside its floor measured in the same run (a plain pass over the mapping for
# deep validation of every BPAT version and the BPSM content check; writing the same number of
# bytes through QSaveFile for a rebake), with the ratio. Every figure is a median of several runs
# inside the benchmark program.
#
# Usage: scripts/bench.sh [BUILD_DIR]        (default: build, as made by scripts/build.sh)
# The last section (bench/bench_python.py) measures the Python module when the build has it.
# Environment: RUNS (default 5), SIZE_MIB (deep-validation files, default 1024; one at a time),
#              BPSM (a BPSM file measured beside the generated one; default the baked
#              horse_minimal.bpsm of the build when there is one),
#              FPS (rebake frame rates, default "2400 9600"), BENCH_DIR (scratch directory for
#              the generated and rebaked files, default the temp dir; needs SIZE_MIB + 600 MB,
#              and 1.6 GB for the `bpat diff` files), DIFF_FPS (the frame rate of the late-v3
#              rebake `bpat diff` is measured on, default 9600: 504 MB).
# The machine is whatever runs it: on a shared machine, run it more than once and say so.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${RUNS:-5}
size=${SIZE_MIB:-1024}
fps_list=${FPS:-2400 9600}
scratch=${BENCH_DIR:-${TMPDIR:-/tmp}}

bpsm=${BPSM:-$build/share/bpat-studio/samples/horse_minimal.bpsm}

cmake --build "$build" --target bench_BpatValidate bench_BpatVersions bench_Rebake bench_RebakePreview bench_Diff bench_MotionEdit >&2

build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo "Machine: $(nproc) CPU threads (${cpu:-unknown CPU}), load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?');"
echo "build ${build_type:-?} with $(basename "${compiler:-?}"); $(date -u '+%Y-%m-%d %H:%M UTC'); medians of $runs runs."
echo

echo "### Deep validation (every version) and the BPSM content check beside a plain pass over the same mapping"
echo
echo "| file | job | throughput | ratio to the plain pass |"
echo "|---|---|---|---|"
TMPDIR=$scratch "$build/bench/bench_BpatValidate" --size-mib "$size" --runs "$runs" > "$scratch/bench_validate.$$.txt"
bpsm_args=()
if [ -f "$bpsm" ]; then bpsm_args=(--bpsm "$bpsm"); fi
TMPDIR=$scratch "$build/bench/bench_BpatVersions" --size-mib "$size" --runs "$runs" "${bpsm_args[@]}" >> "$scratch/bench_validate.$$.txt"
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

# Peak memory of the streamed writes in every version: `bpat rebake --format-version V` of the
# real recording and `bpat convert` of the largest v1 output to each later version, through
# /usr/bin/time (max RSS). Skipped without /usr/bin/time or the recording. STREAM_VERSIONS
# (default "1 2 v3-early 3") picks the versions.
recording=${BPAT_SHARED_DIR:-../shared}/mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin
if [ -x /usr/bin/time ] && [ -f "$recording" ]; then
  cmake --build "$build" --target bpat >&2
  versions=${STREAM_VERSIONS:-1 2 v3-early 3}
  measure() { # prints "wall s | max RSS MB" of the command
    /usr/bin/time -f '%e %M' -o "$scratch/stream_time.$$" "$@" >/dev/null 2>&1 || { echo "failed |"; return; }
    awk '{ printf "%.2f s | %.0f MB", $1, $2 / 1024 }' "$scratch/stream_time.$$"
  }
  echo
  echo "### Peak memory of streamed writes, every version (real recording, hands recipe; /usr/bin/time)"
  echo
  echo "| job | output | wall time | peak memory (max RSS) |"
  echo "|---|---|---|---|"
  largest=
  for fps in $fps_list; do
    for v in $versions; do
      out_file="$scratch/stream_${fps}_$v.$$.bpat"
      figures=$(measure "$build/bin/bpat" rebake "$recording" -o "$out_file" --recipe hands --fps "$fps" --threads 1 --format-version "$v")
      size=$(stat -c %s "$out_file" 2>/dev/null || echo 0)
      echo "| rebake ${fps} fps, --format-version $v, 1 thread | $((size / 1000000)) MB | $figures |"
      if [ "$v" = 1 ]; then largest=$out_file; else rm -f "$out_file"; fi
    done
  done
  if [ -n "$largest" ] && [ -f "$largest" ]; then
    for v in $versions; do
      [ "$v" = 1 ] && continue
      out_file="$scratch/stream_convert_$v.$$.bpat"
      figures=$(measure "$build/bin/bpat" convert "$largest" -o "$out_file" --to-version "$v")
      size=$(stat -c %s "$out_file" 2>/dev/null || echo 0)
      echo "| convert the last v1 rebake ($(( $(stat -c %s "$largest") / 1000000 )) MB) to $v | $((size / 1000000)) MB | $figures |"
      rm -f "$out_file"
    done
  fi
  rm -f "$scratch"/stream_*.$$.bpat "$scratch/stream_time.$$"
fi

# `bpat diff` of two 504 MB files beside the deep checks of both, in the same run (bench_Diff),
# and its peak memory (/usr/bin/time): a late-v3 rebake of the real recording at DIFF_FPS
# against a copy of itself and against its conversion to v1 (the same motion in another dialect:
# every matrix goes through skin x bind and a transpose).
if [ -x /usr/bin/time ] && [ -f "$recording" ]; then
  cmake --build "$build" --target bpat >&2
  diff_fps=${DIFF_FPS:-9600}
  late="$scratch/diff_late.$$.bpat"
  "$build/bin/bpat" rebake "$recording" -o "$late" --recipe hands --fps "$diff_fps" --format-version 3 >/dev/null 2>&1
  cp "$late" "$scratch/diff_copy.$$.bpat"
  "$build/bin/bpat" convert "$late" -o "$scratch/diff_v1.$$.bpat" --to-version 1 >/dev/null 2>&1
  echo
  echo "### \`bpat diff\` of two $(( $(stat -c %s "$late") / 1000000 )) MB files beside a deep check of both (real recording, hands, ${diff_fps} fps, late v3)"
  echo
  echo "| files | job | time | ratio to the deep checks |"
  echo "|---|---|---|---|"
  for other in copy v1; do
    out=$("$build/bench/bench_Diff" "$late" "$scratch/diff_$other.$$.bpat" --runs "$runs" --label "late v3 vs its $other")
    grep '^|' <<<"$out"
    grep -v '^|' <<<"$out" | sed 's/^/    /'
  done
  echo
  echo "| job | wall time | peak memory (max RSS) |"
  echo "|---|---|---|"
  for other in copy v1; do
    /usr/bin/time -f '%e %M' -o "$scratch/diff_time.$$" "$build/bin/bpat" diff "$late" "$scratch/diff_$other.$$.bpat" >/dev/null 2>&1 || true
    awk -v what="bpat diff late v3 vs its $other" '{ printf "| %s | %.2f s | %.0f MB |\n", what, $1, $2 / 1024 }' "$scratch/diff_time.$$"
  done
  rm -f "$late" "$scratch/diff_copy.$$.bpat" "$scratch/diff_v1.$$.bpat" "$scratch/diff_time.$$"
fi
echo

# The motion lint (`bpat validate --profile motion`) beside the deep check (`--deep`) of the same
# file, interleaved, through the CLI as a pipeline runs them: a late-v3 rebake of the real
# recording at 9600 fps (504 MB, one clip of 138,841 frames, 53 bones). Medians of RUNS runs of
# each, wall time and max RSS (/usr/bin/time).
if [ -x /usr/bin/time ] && [ -f "$recording" ]; then
  cmake --build "$build" --target bpat >&2
  lint_file="$scratch/motion_lint.$$.bpat"
  "$build/bin/bpat" rebake "$recording" -o "$lint_file" --recipe hands --fps 9600 --format-version 3 >/dev/null 2>&1
  median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
  : > "$scratch/lint_deep.$$"; : > "$scratch/lint_motion.$$"; : > "$scratch/lint_deep_rss.$$"; : > "$scratch/lint_motion_rss.$$"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M' -o "$scratch/lint_t.$$" "$build/bin/bpat" validate --deep "$lint_file" >/dev/null 2>&1 || true
    read -r t m < "$scratch/lint_t.$$"; echo "$t" >> "$scratch/lint_deep.$$"; echo "$m" >> "$scratch/lint_deep_rss.$$"
    /usr/bin/time -f '%e %M' -o "$scratch/lint_t.$$" "$build/bin/bpat" validate --profile motion "$lint_file" >/dev/null 2>&1 || true
    read -r t m < "$scratch/lint_t.$$"; echo "$t" >> "$scratch/lint_motion.$$"; echo "$m" >> "$scratch/lint_motion_rss.$$"
  done
  deep_t=$(median < "$scratch/lint_deep.$$"); motion_t=$(median < "$scratch/lint_motion.$$")
  deep_m=$(median < "$scratch/lint_deep_rss.$$"); motion_m=$(median < "$scratch/lint_motion_rss.$$")
  echo "### The motion lint beside the deep check (9600 fps late-v3 rebake of the real recording, $(( $(stat -c %s "$lint_file") / 1000000 )) MB; CLI, medians of $runs)"
  echo
  echo "| job | wall time | peak memory (max RSS) | ratio to the deep check |"
  echo "|---|---|---|---|"
  echo "| bpat validate --deep | $deep_t s | $((deep_m / 1024)) MB | 1 |"
  echo "| bpat validate --profile motion | $motion_t s | $((motion_m / 1024)) MB | $(awk -v a="$motion_t" -v b="$deep_t" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "?" }') |"
  echo
  # `bpat fix --all` of the same file beside its floors, interleaved (issue 40): the deep check,
  # the lint, and cp of the file (writing the same bytes). The fix lints the input, repairs every
  # BONE_STRETCH the rebake has (the whole clip, in runs), writes the 504 MB output with its deep
  # checks and lints the output; so beside the deep check (the issue's yardstick) it is also
  # measured against "the lint twice plus writing the file" (2 x lint + cp). Wall time and CPU
  # (user + sys) each, medians of RUNS; the ratios are of the medians. The fix saves atomically
  # (QSaveFile: its commit waits for the file to reach the disk), so "cp + sync" (the copy, then
  # fsync of it) is the floor of writing the file as the fix must, beside plain cp.
  fix_jobs=(deep lint cp cpsync fix)
  for j in "${fix_jobs[@]}"; do : > "$scratch/fix_${j}_wall.$$"; : > "$scratch/fix_${j}_cpu.$$"; : > "$scratch/fix_${j}_rss.$$"; done
  fix_measure() { # job name, then the command
    local job=$1; shift
    /usr/bin/time -f '%e %U %S %M' -o "$scratch/fix_t.$$" "$@" >/dev/null 2>&1 || true
    read -r w u s m < "$scratch/fix_t.$$"
    echo "$w" >> "$scratch/fix_${job}_wall.$$"
    awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f\n", u + s }' >> "$scratch/fix_${job}_cpu.$$"
    echo "$m" >> "$scratch/fix_${job}_rss.$$"
  }
  for _ in $(seq "$runs"); do
    fix_measure deep "$build/bin/bpat" validate --deep "$lint_file"
    fix_measure lint "$build/bin/bpat" validate --profile motion "$lint_file"
    fix_measure cp cp "$lint_file" "$scratch/copy.$$.bpat"
    rm -f "$scratch/copy.$$.bpat"
    fix_measure cpsync sh -c 'cp "$1" "$2" && sync "$2"' sh "$lint_file" "$scratch/copy.$$.bpat"
    rm -f "$scratch/copy.$$.bpat"
    fix_measure fix "$build/bin/bpat" fix "$lint_file" -o "$scratch/fixed.$$.bpat" --all
    rm -f "$scratch/fixed.$$.bpat"
  done
  declare -A fw fc fm
  for j in "${fix_jobs[@]}"; do
    fw[$j]=$(median < "$scratch/fix_${j}_wall.$$"); fc[$j]=$(median < "$scratch/fix_${j}_cpu.$$"); fm[$j]=$(median < "$scratch/fix_${j}_rss.$$")
  done
  floor_w=$(awk -v l="${fw[lint]}" -v c="${fw[cp]}" 'BEGIN { printf "%.2f", 2 * l + c }')
  floor_c=$(awk -v l="${fc[lint]}" -v c="${fc[cp]}" 'BEGIN { printf "%.2f", 2 * l + c }')
  sfloor_w=$(awk -v l="${fw[lint]}" -v c="${fw[cpsync]}" 'BEGIN { printf "%.2f", 2 * l + c }')
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }'; }
  echo "### \`bpat fix --all\` beside the deep check and the floor of writing the file (the same file; CLI, medians of $runs)"
  echo
  echo "| job | wall | CPU (user+sys) | max RSS | wall / deep | CPU / deep | wall / cp | CPU / cp | wall / floor | CPU / floor |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  for j in "${fix_jobs[@]}"; do
    case $j in
      deep) name="bpat validate --deep" ;; lint) name="bpat validate --profile motion" ;;
      cp) name="cp (writing the same bytes)" ;; cpsync) name="cp + sync (the same, on disk)" ;; fix) name="bpat fix --all" ;;
    esac
    echo "| $name | ${fw[$j]} s | ${fc[$j]} s | $((fm[$j] / 1024)) MB | $(ratio "${fw[$j]}" "${fw[deep]}") | $(ratio "${fc[$j]}" "${fc[deep]}") | $(ratio "${fw[$j]}" "${fw[cp]}") | $(ratio "${fc[$j]}" "${fc[cp]}") | $(ratio "${fw[$j]}" "$floor_w") | $(ratio "${fc[$j]}" "$floor_c") |"
  done
  echo "| floor: 2 x lint + cp | $floor_w s | $floor_c s | | $(ratio "$floor_w" "${fw[deep]}") | $(ratio "$floor_c" "${fc[deep]}") | $(ratio "$floor_w" "${fw[cp]}") | $(ratio "$floor_c" "${fc[cp]}") | 1 | 1 |"
  echo
  echo "With the file on disk as the fix leaves it: floor 2 x lint + cp + sync = $sfloor_w s wall; the fix is $(ratio "${fw[fix]}" "$sfloor_w") x that floor."
  echo
  rm -f "$scratch"/fix_*.$$
  rm -f "$lint_file" "$scratch"/lint_*.$$
fi

echo "### The motion-editing layer: a clip read into local poses and recomposed after an edit of every bone (bench_MotionEdit)"
echo
"$build/bench/bench_MotionEdit" --runs "$runs"
echo

echo "### The Rebake dialog's Preview: peak memory"
echo
echo "| recording, recipe, frame rate: output | preview | peak RSS | peak anonymous memory | time |"
echo "|---|---|---|---|---|"
for fps in $fps_list; do
  "$build/bench/bench_RebakePreview" --fps "$fps" --dir "$scratch" 2>/dev/null | grep '^|'
done

# The Python module (bench/bench_python.py): opening a ~1 MiB and a ~1 GiB file with palette()
# of its clip in a fresh interpreter, and globals() of a 504 MB late-v3 clip beside the C++ deep
# sweep in the same process. Skipped when the build has no module or the recording is missing.
python=$(sed -n 's/^Python3_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
if [ -d "$build/python/bpat" ] && [ -n "$python" ] && [ -f "$recording" ]; then
  cmake --build "$build" --target bpat bpat_python >&2
  echo
  echo "### The Python module: views and global matrices (medians of $runs)"
  echo
  "$python" bench/bench_python.py "$build" --runs "$runs" --dir "$scratch" --recording "$recording"
fi
