#!/usr/bin/env bash
# Formats the C++ sources with clang-format 14 and the project's .clang-format:
#   scripts/format.sh            rewrites every file that is not formatted
#   scripts/format.sh --check    changes nothing; lists each unformatted file and exits 1 (CI)
#   scripts/format.sh [--check] FILE...   only these files
#   scripts/format.sh --self-check   shows that --check fails on an unformatted file and passes a
#                                    formatted one (CI runs it before the check)
# The files: *.h and *.cpp under src/, tests/ and bench/ that git tracks (or those given).
set -euo pipefail
cd "$(dirname "$0")/.."
FORMAT=${CLANG_FORMAT:-clang-format-14}
command -v "$FORMAT" >/dev/null 2>&1 || FORMAT=clang-format
if [ "${1:-}" = "--self-check" ]; then
  dir=$(mktemp -d "$PWD/.format-self-check.XXXXXX") # inside the tree: .clang-format applies
  trap 'rm -rf "$dir"' EXIT
  printf 'int  sum( int a,int b ){return a+b;}\n' > "$dir/bad.cpp"
  "$FORMAT" "$dir/bad.cpp" > "$dir/good.cpp"
  if "$0" --check "$dir/bad.cpp" >/dev/null; then echo "format self-check: an unformatted file passed"; exit 1; fi
  "$0" --check "$dir/good.cpp" >/dev/null || { echo "format self-check: a formatted file failed"; exit 1; }
  echo "format self-check: an unformatted file fails, a formatted one passes"
  exit 0
fi
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files -- 'src/*.h' 'src/*.cpp' 'tests/*.h' 'tests/*.cpp' 'bench/*.h' 'bench/*.cpp')
fi
if [ $check = 1 ]; then
  # One process for the whole tree (704 files: 2 s instead of 23 s); file by file only to name
  # the unformatted ones.
  if "$FORMAT" --dry-run --Werror "${files[@]}" >/dev/null 2>&1; then
    echo "${#files[@]} files formatted as .clang-format says"
    exit 0
  fi
  bad=0
  for f in "${files[@]}"; do
    if ! "$FORMAT" --dry-run --Werror "$f" >/dev/null 2>&1; then
      echo "not formatted: $f (scripts/format.sh $f)"
      bad=1
    fi
  done
  [ $bad = 0 ] && echo "${#files[@]} files formatted as .clang-format says"
  exit $bad
fi
"$FORMAT" -i "${files[@]}"
