#!/usr/bin/env bash
# Builds the fuzz seed corpora, one folder per target, in BUILD/seeds (BUILD defaults to
# build-fuzz, a configured and built scripts/fuzz.sh tree):
#   fuzz_bpat    the real files in ../shared, the malformed corpus of tests/data/malformed
#   fuzz_anim    the real recordings in ../shared, the .bin cases of tests/data/malformed
#   fuzz_bpsm    small valid snapshots written by BUILD's bpsm_fuzz_seed (from the BPSM files
#                BUILD baked into share/bpat-studio/samples, plus a synthetic one), the .bpsm
#                cases of tests/data/malformed
#   fuzz_bprm    the game's rigged bodies in ../shared (bpat_current), cut like every seed
#   fuzz_recipe  the built-in recipes and the JSON examples of docs/examples
#   fuzz_gltf    Debian's assimp-testmodels glTF 2.0 files (when installed, every folder), and
#                the real horse and elephant exported as .glb and .gltf by BUILD's bpat (when built)
#   fuzz_gltf_glb the same .glb files unwrapped into the target's input (JSON, NUL, BIN chunk)
#                and the .gltf files as JSON alone
#   fuzz_diff    pairs (a 2-byte length of A, A, B; each at most 32 KiB): the malformed corpus's
#                base against each of its BPAT, BPSM and recording cases, and each against itself
# Files over 64 KiB (the fuzzers run with -max_len=65536) are cut to their first 64 KiB. Real
# files are copied into the build folder only, never into the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build-fuzz}
DIR=$BUILD/seeds
SHARED=${BPAT_SHARED_DIR:-../shared}
rm -rf "$DIR"
mkdir -p "$DIR/fuzz_bpat" "$DIR/fuzz_anim" "$DIR/fuzz_bpsm" "$DIR/fuzz_bprm" "$DIR/fuzz_recipe" "$DIR/fuzz_gltf" "$DIR/fuzz_gltf_glb" \
  "$DIR/fuzz_diff"
seed() { # TARGET FILE
  local out="$DIR/$1/$(basename "$(dirname "$2")")_$(basename "$2")"
  head -c 65536 "$2" > "$out"
}
shopt -s nullglob
for f in "$SHARED"/upstream_assets/*/*.bpat tests/data/malformed/*.bpat; do seed fuzz_bpat "$f"; done
for f in "$SHARED"/mrtk_samples/*.bin tests/data/malformed/*.bin; do seed fuzz_anim "$f"; done
for f in tests/data/malformed/*.bpsm; do seed fuzz_bpsm "$f"; done
for f in "$SHARED"/upstream_assets/*/*.bprm; do seed fuzz_bprm "$f"; done
for f in resources/recipes/*.json docs/examples/*.json; do seed fuzz_recipe "$f"; done
if [ -d /usr/share/assimp/models/glTF2 ]; then
  while IFS= read -r -d '' f; do seed fuzz_gltf "$f"; done \
    < <(find /usr/share/assimp/models/glTF2 -type f \( -name '*.gltf' -o -name '*.glb' \) -size -1024k -print0)
fi
if [ -x "$BUILD/bin/bpat" ]; then
  for f in "$SHARED"/upstream_assets/bpat_v1_latest/horse.bpat "$SHARED"/upstream_assets/bpat_v1_initial/elephant.bpat; do
    [ -f "$f" ] || continue
    name=$(basename "$(dirname "$f")")_$(basename "$f" .bpat)
    "$BUILD/bin/bpat" export "$f" -o "$DIR/fuzz_gltf/$name.glb" --clips idle >/dev/null
    "$BUILD/bin/bpat" export "$f" -o "$DIR/fuzz_gltf/$name.gltf" --clips idle >/dev/null
  done
  for f in "$DIR"/fuzz_gltf/*_*.gl*; do head -c 65536 "$f" > "$f.cut" && mv "$f.cut" "$f"; done
fi
# fuzz_gltf_glb's input: a .glb's JSON chunk, a NUL, its BIN chunk; a .gltf's JSON as it is.
python3 - "$DIR/fuzz_gltf" "$DIR/fuzz_gltf_glb" <<'PY'
import os, struct, sys
src, dst = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(src)):
    data = open(os.path.join(src, name), 'rb').read()
    if data[:4] == b'glTF' and len(data) >= 20:
        jlen = struct.unpack_from('<I', data, 12)[0]
        out = data[20:20 + jlen].rstrip(b' ')
        at = 20 + jlen
        if len(data) >= at + 8:
            blen = struct.unpack_from('<I', data, at)[0]
            out += b'\0' + data[at + 8:at + 8 + blen]
    else:
        out = data.split(b'\0')[0]
    open(os.path.join(dst, name), 'wb').write(out[:65536])
PY
# fuzz_diff's input: two files in one.
python3 - tests/data/malformed "$DIR/fuzz_diff" <<'PY'
import os, struct, sys
src, dst = sys.argv[1], sys.argv[2]
base = open(os.path.join(src, 'base.bpat'), 'rb').read()[:32768]
for name in sorted(os.listdir(src)):
    data = open(os.path.join(src, name), 'rb').read()[:32768]
    for tag, a, b in (('base', base, data), ('self', data, data)):
        open(os.path.join(dst, f'{tag}_{name}'), 'wb').write(struct.pack('<H', len(a)) + a + b)
PY
"$BUILD/tests/fuzz/bpsm_fuzz_seed" "$DIR/fuzz_bpsm/synthetic.bpsm"
for f in "$BUILD"/share/bpat-studio/samples/*.bpsm; do
  "$BUILD/tests/fuzz/bpsm_fuzz_seed" "$DIR/fuzz_bpsm/$(basename "$f")" "$f"
done
for t in "$DIR"/*; do echo "seeds: $(basename "$t"): $(ls "$t" | wc -l) files"; done
