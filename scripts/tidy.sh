#!/usr/bin/env bash
# clang-tidy 14 with the project's .clang-tidy over the core (src/core) and the command line
# (src/cli), on the compile commands of build/ (scripts/build.sh writes them):
#   scripts/tidy.sh              the files changed most recently first, as many as fit in the time
#                                budget (TIDY_BUDGET seconds, default 360; CI's stage): each file is
#                                checked whole or not at all, and the ones left are named
#   scripts/tidy.sh --all        every file, however long it takes
#   scripts/tidy.sh --since REV  every file changed since REV, and every file that includes a
#                                header changed since REV (CI: REV is .ci/last-green, the last
#                                main whose changes passed; the whole set runs at least once a
#                                day of work, CONTRIBUTING.md)
#   scripts/tidy.sh FILE...      these files
#   scripts/tidy.sh --self-check shows that a flagged file fails the stage and a clean one passes
# Exit 1 on any finding (WarningsAsErrors), 2 when the build's compile commands are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
TIDY=${CLANG_TIDY:-clang-tidy-14}
command -v "$TIDY" >/dev/null 2>&1 || TIDY=clang-tidy
BUILD=${BUILD:-build}
budget=${TIDY_BUDGET:-360}

if [ "${1:-}" = "--self-check" ]; then
  dir=$(mktemp -d "$PWD/.tidy-self-check.XXXXXX")
  trap 'rm -rf "$dir"' EXIT
  printf '#include <vector>\nint sum(const std::vector<int> &v) { int s = 0; for (std::size_t i = 0; i < v.size(); ++i) s += v[i]; return s; }\nint *none() { return 0; }\n' > "$dir/flagged.cpp"
  printf '#include <vector>\nint sum(const std::vector<int> &v) { int s = 0; for (const int x : v) s += x; return s; }\n' > "$dir/clean.cpp"
  if "$TIDY" --quiet "$dir/flagged.cpp" -- -std=c++20 >/dev/null 2>&1; then
    echo "tidy self-check: a flagged file passed"; exit 1
  fi
  "$TIDY" --quiet "$dir/clean.cpp" -- -std=c++20 >/dev/null 2>&1 || { echo "tidy self-check: a clean file failed"; exit 1; }
  echo "tidy self-check: a flagged file fails, a clean one passes"
  exit 0
fi

[ -f "$BUILD/compile_commands.json" ] || { echo "no $BUILD/compile_commands.json: run scripts/build.sh first"; exit 2; }
all=0
if [ "${1:-}" = "--all" ]; then all=1; shift; fi
if [ "${1:-}" = "--since" ]; then
  rev=${2:?--since needs a revision}
  git cat-file -e "$rev^{commit}" 2>/dev/null || { echo "tidy: $rev is no commit of this clone: checking every file"; rev=""; }
  mapfile -t files < <(
    if [ -z "$rev" ]; then git ls-files -- 'src/core/*.cpp' 'src/cli/*.cpp'; else
      { git diff --name-only --diff-filter=d "$rev" HEAD -- 'src/core/*.cpp' 'src/cli/*.cpp'
        # a changed header: every file that includes it ("bpat/BpatFile.h" from src/core, "X.h" in src/cli)
        git diff --name-only --diff-filter=d "$rev" HEAD -- 'src/core/*.h' 'src/cli/*.h' |
          sed -e 's|^src/core/||' -e 's|^src/cli/||' |
          while read -r h; do git grep -l -F "#include \"$h\"" -- 'src/core/*.cpp' 'src/cli/*.cpp'; done; } | sort -u
    fi)
  all=1
  echo "tidy: ${#files[@]} files changed since ${rev:-the beginning} (or including a changed header)"
elif [ $# -gt 0 ]; then
  files=("$@"); all=1
else
  # Most recently changed first, then the rest: a time budget checks what a change touched.
  mapfile -t files < <( { git log --format= --name-only -- 'src/core/*.cpp' 'src/cli/*.cpp' 2>/dev/null;
                          git ls-files -- 'src/core/*.cpp' 'src/cli/*.cpp'; } |
                        awk 'NF && !seen[$0]++' | while read -r f; do [ -f "$f" ] && git ls-files --error-unmatch "$f" >/dev/null 2>&1 && echo "$f"; done )
fi
if [ ${#files[@]} -eq 0 ]; then echo "clang-tidy: nothing to check"; exit 0; fi
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
: > "$out/clean"; : > "$out/flagged"; : > "$out/skipped"
deadline=$(( $(date +%s) + budget ))
export TIDY BUILD out deadline all
check() {
  local f=$1 log
  if [ "$all" = 0 ] && [ "$(date +%s)" -ge "$deadline" ]; then echo "$f" >> "$out/skipped"; return 0; fi
  log="$out/$(echo "$f" | tr / _).log"
  if "$TIDY" -p "$BUILD" --quiet "$f" > "$log" 2>&1; then
    echo "$f" >> "$out/clean"
  else
    echo "$f" >> "$out/flagged"; grep -E 'error:|warning:' "$log" | grep -v 'warnings generated' || cat "$log"
  fi
}
export -f check
printf '%s\0' "${files[@]}" | xargs -0 -n 1 -P "$(nproc)" bash -c 'check "$1"' _
clean=$(wc -l < "$out/clean"); flagged=$(wc -l < "$out/flagged"); skipped=$(wc -l < "$out/skipped")
echo "clang-tidy: $clean clean, $flagged with findings, $skipped not reached in the ${budget} s budget (of ${#files[@]} files)"
[ "$skipped" = 0 ] || sed 's/^/  not checked: /' "$out/skipped" | head -n 20
[ "$flagged" = 0 ]
