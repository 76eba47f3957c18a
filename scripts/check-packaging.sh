#!/usr/bin/env bash
# CI check of the desktop integration and the .deb (run by .ci/run after the tests, on a build in
# ./build): validates the desktop entry, the AppStream metadata and the MIME definitions, checks
# that shared-mime-info recognises the file types by their magic, builds the .deb with CPack,
# unpacks it into a temporary root and runs the packaged `bpat` and Python module on a sample.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD_DIR:-build}
APP_ID=org.bpatstudio.BpatStudio
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "check-packaging: FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

[ -f "$BUILD/CMakeCache.txt" ] || fail "no configured build in $BUILD (run scripts/build.sh first)"

step "desktop entry"
desktop-file-validate "packaging/$APP_ID.desktop"

step "AppStream metadata (no network)"
appstreamcli validate --no-net "$BUILD/packaging/$APP_ID.metainfo.xml"

step "MIME definitions"
if command -v xmllint >/dev/null; then
  xmllint --noout packaging/bpat-studio-mime.xml
else
  echo "xmllint not installed (libxml2-utils): skipped"
fi

step "thumbnailer entry"
# The freedesktop thumbnailer entry: its group, TryExec and an Exec with the size, input and
# output, and only MIME types the MIME XML defines (desktop-file-validate knows no thumbnailers).
entry=packaging/bpat.thumbnailer
[ "$(head -n 1 "$entry")" = "[Thumbnailer Entry]" ] || fail "$entry does not start with [Thumbnailer Entry]"
grep -q '^TryExec=bpat$' "$entry" || fail "$entry has no TryExec=bpat"
grep -q '^Exec=bpat thumbnail -s %s %i %o$' "$entry" || fail "$entry: Exec is not 'bpat thumbnail -s %s %i %o'"
for type in $(sed -n 's/^MimeType=//p' "$entry" | tr ';' ' '); do
  grep -q "<mime-type type=\"$type\">" packaging/bpat-studio-mime.xml || fail "$entry names $type, which the MIME XML does not define"
done
if grep -v '^\(\[Thumbnailer Entry\]\|TryExec=.*\|Exec=.*\|MimeType=.*\)$' "$entry"; then
  fail "$entry has lines other than its group and TryExec, Exec, MimeType"
fi

# The desktop entry and the AppStream file must name exactly the types the MIME XML defines.
defined=$(sed -n 's/.*<mime-type type="\([^"]*\)".*/\1/p' packaging/bpat-studio-mime.xml | sort | xargs)
in_desktop=$(sed -n 's/^MimeType=//p' "packaging/$APP_ID.desktop" | tr ';' '\n' | sed '/^$/d' | sort | xargs)
in_metainfo=$(sed -n 's/.*<mediatype>\([^<]*\)<.*/\1/p' "$BUILD/packaging/$APP_ID.metainfo.xml" | sort | xargs)
[ -n "$defined" ] || fail "no MIME types in packaging/bpat-studio-mime.xml"
[ "$in_desktop" = "$defined" ] || fail "desktop MimeType ($in_desktop) differs from the MIME XML ($defined)"
[ "$in_metainfo" = "$defined" ] || fail "metainfo mediatypes ($in_metainfo) differ from the MIME XML ($defined)"
echo "types: $defined"

# The file types must be recognised by content, also under a foreign name, and a .bin that is
# not a recording must not be claimed: a private XDG_DATA_HOME holds only our definitions.
if command -v update-mime-database >/dev/null && command -v gio >/dev/null; then
  mkdir -p "$WORK/xdg/mime/packages" "$WORK/files"
  cp packaging/bpat-studio-mime.xml "$WORK/xdg/mime/packages/"
  XDG_DATA_HOME="$WORK/xdg" update-mime-database "$WORK/xdg/mime"
  f="$WORK/files"
  { printf 'BPAT\001\000\000\000'; head -c 120 /dev/zero; } > "$f/creature.bpat"
  cp "$f/creature.bpat" "$f/creature.data"
  { printf 'BPSM\001\000\000\000'; head -c 120 /dev/zero; } > "$f/mesh.bpsm"
  { printf 'BPRM\001\000\000\000'; head -c 120 /dev/zero; } > "$f/horse_full.bprm"
  cp "$f/horse_full.bprm" "$f/body.mesh"
  { printf '\306\102\236\017\156\257\217\152\001\000\000\000\001\000\000\000'; head -c 120 /dev/zero; } > "$f/recording.bin"
  cp "$f/recording.bin" "$f/recording.dat"
  head -c 128 /dev/zero > "$f/firmware.bin"
  expect_type() { # FILE TYPE
    local got
    got=$(XDG_DATA_HOME="$WORK/xdg" gio info -a standard::content-type "$f/$1" |
          sed -n 's/^ *standard::content-type: //p')
    [ "$got" = "$2" ] || fail "$1 is recognised as '$got', expected $2"
    echo "$1: $got"
  }
  expect_type creature.bpat application/x-bpat
  expect_type creature.data application/x-bpat
  expect_type mesh.bpsm application/x-bpsm
  expect_type horse_full.bprm application/x-bprm
  expect_type body.mesh application/x-bprm
  expect_type recording.bin application/x-mrtk-input-animation
  expect_type recording.dat application/x-mrtk-input-animation
  got=$(XDG_DATA_HOME="$WORK/xdg" gio info -a standard::content-type "$f/firmware.bin" |
        sed -n 's/^ *standard::content-type: //p')
  [ "$got" != application/x-mrtk-input-animation ] || fail "a zero-filled .bin is claimed as a recording"
  echo "firmware.bin: $got"
else
  echo "update-mime-database or gio (shared-mime-info, libglib2.0-bin) missing: recognition skipped"
fi

step "Debian package"
rm -f "$BUILD"/packages/*.deb
(cd "$BUILD" && cpack -G DEB >/dev/null)
debs=("$BUILD"/packages/*.deb)
[ -f "${debs[0]}" ] || fail "cpack produced no .deb"
deb=${debs[0]}
echo "$deb"
dpkg-deb --field "$deb" Package Version Section Depends
depends=$(dpkg-deb --field "$deb" Depends)
for lib in libqt6core6 libqt6widgets6 qt6-qpa-plugins libmeshoptimizer2d; do
  grep -q "\b$lib\b" <<<"$depends" || fail "Depends lacks $lib: $depends"
done

root="$WORK/root"
dpkg-deb -x "$deb" "$root"
for path in usr/bin/bpat usr/bin/bpat-studio "usr/share/applications/$APP_ID.desktop" \
            "usr/share/metainfo/$APP_ID.metainfo.xml" usr/share/mime/packages/bpat-studio.xml \
            usr/share/thumbnailers/bpat.thumbnailer \
            usr/share/icons/hicolor/scalable/apps/bpat-studio.svg \
            usr/share/icons/hicolor/48x48/apps/bpat-studio.png \
            usr/share/man/man1/bpat.1.gz usr/share/man/man1/bpat-studio.1.gz \
            usr/share/doc/bpat-studio/copyright usr/share/doc/bpat-studio/CHANGELOG.md; do
  [ -e "$root/$path" ] || fail "the package lacks /$path"
done
grep -q '^License: Expat' "$root/usr/share/doc/bpat-studio/copyright" && grep -q 'Permission is hereby granted' "$root/usr/share/doc/bpat-studio/copyright" || fail "the package's copyright file does not hold the MIT (Expat) license"
grep -q '<project_license>MIT</project_license>' "$root/usr/share/metainfo/$APP_ID.metainfo.xml" || fail "the metainfo names no project license"
if ldd "$root/usr/bin/bpat" "$root/usr/bin/bpat-studio" | grep 'not found'; then
  fail "a packaged executable needs a library that is not installed"
fi

step "packaged bpat"
bpat="$root/usr/bin/bpat"
version_line=$("$bpat" --version)
echo "$version_line"
# "bpat 0.2.0 (git <describe>)": the package version, then the build's revision.
case "$version_line" in
    "bpat $(dpkg-deb --field "$deb" Version) (git "*")") ;;
    *) fail "bpat --version does not start with the package version and name a revision" ;;
esac

sample="$root/usr/share/bpat-studio/samples/humanoid.bpat"
if [ ! -f "$sample" ]; then
  # The real game files: $BPAT_SHARED_DIR, else the build's BPAT_SHARED_DIR, else ../shared.
  shared=${BPAT_SHARED_DIR:-$(sed -n 's/^BPAT_SHARED_DIR:PATH=//p' "$BUILD/CMakeCache.txt")}
  shared=${shared:-../shared}
  sample="$shared/upstream_assets/bpat_v1_latest/humanoid.bpat"
  [ -f "$sample" ] || sample=$(find "$shared/upstream_assets" -name '*.bpat' 2>/dev/null | sort | head -n 1 || true)
fi
set +e
"$bpat" validate --help >/dev/null 2>"$WORK/validate.err"
rc=$?
set -e
if [ "$rc" -eq 2 ] && grep -q "unknown command" "$WORK/validate.err"; then
  echo "bpat has no validate command yet: skipped"
elif [ -z "$sample" ]; then
  echo "no sample to validate (no packaged sample, no $shared/upstream_assets): skipped"
else
  echo "bpat validate $sample"
  "$bpat" validate "$sample" || fail "the packaged bpat does not validate $sample"
fi
# The thumbnailer as a file manager runs it (no display: the sketch without OpenGL).
if [ -n "$sample" ]; then
  env -u DISPLAY -u WAYLAND_DISPLAY "$bpat" thumbnail -s 128 "$sample" "$WORK/thumbnail.png" ||
    fail "the packaged bpat thumbnail failed on $sample"
  head -c 8 "$WORK/thumbnail.png" | grep -q PNG || fail "the packaged bpat thumbnail wrote no PNG"
  echo "bpat thumbnail $sample: $(stat -c %s "$WORK/thumbnail.png") bytes"
fi
# The Python module, imported from the unpacked package alone (-I: no PYTHONPATH, no user site;
# the package's dist-packages first on the path), opening the sample and validating it.
step "packaged Python module"
pydir="$root/usr/lib/python3/dist-packages"
if [ ! -d "$pydir/bpat" ]; then
  grep -q '^BPAT_BUILD_PYTHON:BOOL=OFF' "$BUILD/CMakeCache.txt" && echo "built without the Python module: skipped" ||
    fail "the package lacks /usr/lib/python3/dist-packages/bpat"
else
  python=$(sed -n 's/^Python3_EXECUTABLE:FILEPATH=//p' "$BUILD/CMakeCache.txt")
  python=${python:-/usr/bin/python3}
  ls "$pydir"/bpat/_bpat.*.so >/dev/null 2>&1 || fail "the package lacks the compiled module in $pydir/bpat"
  if ldd "$pydir"/bpat/_bpat.*.so | grep 'not found'; then
    fail "the packaged Python module needs a library that is not installed"
  fi
  "$python" -I - "$pydir" "$sample" <<'PY' || fail "the packaged Python module does not import or read $sample"
import sys
sys.path.insert(0, sys.argv[1])
import bpat
assert bpat.__file__.startswith(sys.argv[1]), bpat.__file__
print(f"bpat {bpat.__version__} from {bpat.__file__}")
if sys.argv[2]:
    f = bpat.open(sys.argv[2])
    view = f.palette(0)
    assert view.base is f.mapping and not view.flags.writeable
    result = bpat.validate(sys.argv[2])
    print(f"{sys.argv[2]}: {f.dialect}, {len(f.clips)} clips, palette {view.shape}; valid: {result.valid}")
    assert result.valid
PY
fi
echo "check-packaging: OK"
