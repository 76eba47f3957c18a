#!/usr/bin/env python3
"""Generates tests/data/malformed/: a small valid BPAT v1 file (base.bpat) and one corrupted
copy per case, with manifest.txt listing each case, its expected diagnostic codes and whether
they need deep checks. tst_MalformedCorpus validates every case and checks the codes.

Layout of base.bpat (as the game's baker lays it out, see docs/format.md):
  header 0..64 | clip table 64..128 (idle: 4 frames, loops, 24 fps; jab: 2 frames, 30 fps)
  | socket table 128..192 (hand on bone 2, head on bone 1) | strings 192..211 | pad to 224
  | palette 224..1376 (6 frames x 3 bones x 64) | socket rows 1376..1952 (6 x 2 x 48).

Run from anywhere: python3 scripts/make-malformed-corpus.py [OUTDIR]."""
import os
import struct
import sys

BONES = 3
CLIPS = [("idle", 4, 24.0, 1), ("jab", 2, 30.0, 0)]
SOCKETS = [("hand", 2, (0.0, 0.25, 0.0)), ("head", 1, (0.0, 0.0, 0.0))]


def matrix(frame, bone):
    """Row-major rigid transform: identity rotation, translation exact in float32."""
    tx, ty, tz = 0.25 * bone, 0.5 * bone + 0.125 * frame, 0.5
    return [1, 0, 0, tx, 0, 1, 0, ty, 0, 0, 1, tz, 0, 0, 0, 1]


def base():
    frames = sum(c[1] for c in CLIPS)
    strings = b""
    name_at = {}
    for name in [c[0] for c in CLIPS] + [s[0] for s in SOCKETS]:
        if name not in name_at:
            name_at[name] = len(strings)
            strings += name.encode() + b"\0"
    clip_table = 64
    socket_table = clip_table + 32 * len(CLIPS)
    string_table = socket_table + 32 * len(SOCKETS)
    palette = (string_table + len(strings) + 15) // 16 * 16
    out = bytearray(b"BPAT")
    out += struct.pack("<7I", 1, 0, BONES, len(SOCKETS), len(CLIPS), frames, len(strings))
    out += struct.pack("<4Q", clip_table, socket_table, string_table, palette)
    offset = 0
    for name, count, fps, loops in CLIPS:
        out += struct.pack("<4IfB3x2I", name_at[name], len(name), count, offset, fps, loops, 0, 0)
        offset += count
    for name, anchor, local in SOCKETS:
        out += struct.pack("<3I3f2I", name_at[name], len(name), anchor, *local, 0, 0)
    out += strings
    out += b"\0" * (palette - len(out))
    for f in range(frames):
        for b in range(BONES):
            out += struct.pack("<16f", *matrix(f, b))
    for f in range(frames):
        for _, anchor, (ox, oy, oz) in SOCKETS:
            m = matrix(f, anchor)
            out += struct.pack("<12f", 1, 0, 0, m[3] + ox, 0, 1, 0, m[7] + oy, 0, 0, 1, m[11] + oz)
    return bytes(out)


def u32(data, at, value):
    return data[:at] + struct.pack("<I", value) + data[at + 4:]


def u64(data, at, value):
    return data[:at] + struct.pack("<Q", value) + data[at + 8:]


def f32(data, at, value):
    return data[:at] + struct.pack("<f", value) + data[at + 4:]


def raw(data, at, value):
    return data[:at] + value + data[at + len(value):]


def cases(b):
    # Header fields: 4 version, 8 species, 12 bones, 16 sockets, 20 clips, 24 frame_total,
    # 28 string_table_size, 32 clip_table, 40 socket_table, 48 string_table, 56 palette.
    # Clip entry (at 64 + 32 i): 0 name_offset, 4 name_length, 8 frame_count, 12 frame_offset,
    # 16 fps, 20 loops, 21 pad, 24 reserved. Socket entry (at 128 + 32 i): 0 name_offset,
    # 4 name_length, 8 anchor, 12 local offset, 24 reserved.
    big32, big64 = 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF
    yield "trunc-empty", b[:0], ["FILE_TOO_SMALL"], "empty file"
    yield "trunc-magic", b[:4], ["FILE_TOO_SMALL"], "magic only"
    yield "trunc-header", b[:63], ["FILE_TOO_SMALL"], "one byte short of the header"
    yield "trunc-clip-table", b[:64], ["CLIP_TABLE_OUT_OF_BOUNDS"], "ends where the clip table starts"
    yield "trunc-mid-clip-table", b[:100], ["CLIP_TABLE_OUT_OF_BOUNDS"], "ends inside the clip table"
    yield "trunc-socket-table", b[:128], ["SOCKET_TABLE_OUT_OF_BOUNDS"], "ends where the socket table starts"
    yield "trunc-string-table", b[:192], ["STRING_TABLE_OUT_OF_BOUNDS"], "ends where the string table starts"
    yield "trunc-mid-string-table", b[:200], ["STRING_TABLE_OUT_OF_BOUNDS"], "ends inside the string table"
    yield "trunc-pad", b[:211], ["PALETTE_OUT_OF_BOUNDS"], "ends in the pad before the palette"
    yield "trunc-palette", b[:224], ["PALETTE_OUT_OF_BOUNDS"], "ends where the palette starts"
    yield "trunc-mid-palette", b[:224 + 4 * 3 * 64 + 10], ["PALETTE_OUT_OF_BOUNDS"], "ends inside the second clip's palette"
    yield "trunc-socket-data", b[:1376], ["SOCKET_DATA_OUT_OF_BOUNDS"], "ends where the socket rows start"
    yield "trunc-last-byte", b[:-1], ["SOCKET_DATA_OUT_OF_BOUNDS"], "one byte short"

    yield "header-magic", raw(b, 0, b"XPAT"), ["BAD_MAGIC"], "wrong magic"
    yield "header-version-2", u32(b, 4, 2), ["UNSUPPORTED_VERSION"], "version from the future"
    yield "header-version-0", u32(b, 4, 0), ["OLD_VERSION"], "version 0 (pre-release draft)"
    yield "header-version-max", u32(b, 4, big32), ["UNSUPPORTED_VERSION"], "version 2^32-1"
    yield "header-species-unknown", u32(b, 8, 99), ["UNKNOWN_SPECIES"], "species id 99"
    yield "header-species-later", u32(b, 8, 5), ["SPECIES_NOT_IN_V1"], "species of a later build"
    yield "header-bones-zero", u32(b, 12, 0), ["BONE_COUNT_OUT_OF_RANGE"], "no bones"
    yield "header-bones-65", u32(b, 12, 65), ["BONE_COUNT_OUT_OF_RANGE", "PALETTE_OUT_OF_BOUNDS"], "65 bones"
    yield "header-bones-max", u32(b, 12, big32), ["BONE_COUNT_OUT_OF_RANGE", "PALETTE_OUT_OF_BOUNDS"], "2^32-1 bones"
    yield "header-sockets-max", u32(b, 16, big32), ["SOCKET_TABLE_OUT_OF_BOUNDS"], "2^32-1 sockets"
    yield "header-clips-zero", u32(b, 20, 0), ["NO_CLIPS"], "no clips"
    yield "header-clips-max", u32(b, 20, big32), ["CLIP_TABLE_OUT_OF_BOUNDS"], "2^32-1 clips"
    yield "header-frames-max", u32(b, 24, big32), ["PALETTE_OUT_OF_BOUNDS"], "2^32-1 frames"
    yield "header-frames-wrong", u32(b, 24, 5), ["FRAME_TOTAL_MISMATCH"], "frame_total 5, clips sum to 6"
    yield "header-strings-max", u32(b, 28, big32), ["STRING_TABLE_OUT_OF_BOUNDS"], "string table of 4 GiB"
    yield "header-clip-table-max", u64(b, 32, big64), ["CLIP_TABLE_OUT_OF_BOUNDS"], "clip table at 2^64-1"
    yield "header-socket-table-max", u64(b, 40, big64), ["SOCKET_TABLE_OUT_OF_BOUNDS"], "socket table at 2^64-1"
    yield "header-string-table-max", u64(b, 48, big64), ["STRING_TABLE_OUT_OF_BOUNDS"], "string table at 2^64-1"
    yield "header-palette-max", u64(b, 56, big64), ["PALETTE_OUT_OF_BOUNDS"], "palette at 2^64-1"
    # frame_total * bone_count * 64 must not wrap: 2^27 frames of 2^31 bones are 2^64 bytes,
    # which wrapped to 0, passed as in bounds and sent the deep checks far past the end.
    yield "header-palette-wraps", u32(u32(b, 12, 1 << 31), 24, 1 << 27), \
        ["BONE_COUNT_OUT_OF_RANGE", "PALETTE_OUT_OF_BOUNDS", "SOCKET_DATA_OUT_OF_BOUNDS"], \
        "2^27 frames x 2^31 bones x 64 = 2^64 bytes of palette"
    # One frame more: matrix (frame 2^27, bone 0) is 2^64 bytes in, which wrapped to the first.
    yield "header-matrix-wraps", u32(u32(b, 12, 1 << 31), 24, (1 << 27) + 1), \
        ["BONE_COUNT_OUT_OF_RANGE", "PALETTE_OUT_OF_BOUNDS"], "matrix (2^27, 0) lies 2^64 bytes into the palette"
    # No bones (palette empty), 2^31 frames of 2^32-1 sockets: the socket data size overflows,
    # and row (frame 2^28, socket 2^28) is 3 * 2^64 bytes in, which wrapped to the first row.
    yield "header-socket-rows-wrap", u32(u32(u32(b, 12, 0), 16, big32), 24, 1 << 31), \
        ["BONE_COUNT_OUT_OF_RANGE", "SOCKET_TABLE_OUT_OF_BOUNDS", "SOCKET_DATA_OUT_OF_BOUNDS"], \
        "2^31 frames x (2^32-1) sockets x 48 bytes of socket rows"
    yield "header-palette-misaligned", u64(b, 56, 228), ["PALETTE_MISALIGNED"], "palette at 228"

    yield "overlap-clip-socket", u64(b, 32, 96), ["SECTION_OVERLAP"], "clip table overlaps the socket table"
    yield "overlap-string-header", u64(b, 48, 32), ["SECTION_OVERLAP"], "string table inside the header"
    yield "overlap-palette-strings", u64(b, 56, 192), ["SECTION_OVERLAP"], "palette over the string table"

    yield "name-offset-lies", u32(b, 64, 1000), ["NAME_OUT_OF_STRING_TABLE"], "clip name beyond the string table"
    yield "name-offset-max", u32(b, 128, big32), ["NAME_OUT_OF_STRING_TABLE"], "socket name at 2^32-1"
    yield "name-length-lies", u32(b, 68, 200), ["NAME_OUT_OF_STRING_TABLE"], "clip name longer than the table"
    yield "name-length-max", u32(b, 132, big32), ["NAME_OUT_OF_STRING_TABLE"], "socket name of 2^32-1 bytes"
    yield "name-not-terminated", u32(b, 68, 3), ["NAME_NOT_TERMINATED"], "'idl' followed by 'e'"
    yield "name-not-utf8", raw(b, 192, b"\xff"), ["NAME_NOT_UTF8"], "0xff in a clip name"
    yield "name-duplicate-clip", u32(u32(b, 96, 0), 100, 4), ["DUPLICATE_CLIP_NAME"], "both clips named idle"
    yield "name-duplicate-socket", u32(b, 160, 9), ["DUPLICATE_SOCKET_NAME"], "both sockets named hand"

    yield "clip-empty", u32(b, 96 + 8, 0), ["CLIP_EMPTY", "FRAME_TOTAL_MISMATCH"], "jab has no frames"
    yield "clip-frames-max", u32(b, 64 + 8, big32), ["CLIP_OUT_OF_RANGE"], "idle claims 2^32-1 frames"
    yield "clip-offset-max", u32(b, 96 + 12, big32), ["CLIP_OUT_OF_RANGE"], "jab starts at frame 2^32-1"
    yield "clip-not-contiguous", u32(b, 96 + 12, 3), ["CLIP_NOT_CONTIGUOUS"], "jab starts inside idle"
    yield "clip-fps-zero", f32(b, 64 + 16, 0.0), ["BAD_FPS"], "0 fps"
    yield "clip-fps-nan", f32(b, 64 + 16, float("nan")), ["BAD_FPS"], "NaN fps"
    yield "clip-fps-inf", f32(b, 96 + 16, float("-inf")), ["BAD_FPS"], "-inf fps"
    yield "clip-loops-2", raw(b, 64 + 20, b"\x02"), ["BAD_LOOPS_FLAG"], "loops byte 2"
    yield "clip-reserved", u32(b, 64 + 24, 7), ["RESERVED_NONZERO"], "reserved word set"
    yield "socket-anchor", u32(b, 128 + 8, 3), ["SOCKET_ANCHOR_OUT_OF_RANGE"], "anchor bone 3 of 3"
    yield "socket-anchor-max", u32(b, 160 + 8, big32), ["SOCKET_ANCHOR_OUT_OF_RANGE"], "anchor bone 2^32-1"
    yield "trailing-bytes", b + b"\0" * 16, ["TRAILING_BYTES"], "16 bytes after the socket rows"

    yield "deep-nan", f32(b, 224 + 64 + 4 * 3, float("nan")), ["NON_FINITE"], "NaN translation"
    yield "deep-non-affine", f32(b, 224 + 4 * 12, 1.0), ["NON_AFFINE"], "row 3 is 1 0 0 1"
    yield "deep-degenerate", raw(b, 224 + 128, b"\0" * 48 + struct.pack("<4f", 0, 0, 0, 1)), \
        ["DEGENERATE_MATRIX"], "zero 3x3 block"
    yield "deep-socket-mismatch", f32(b, 1376 + 12, 42.0), ["SOCKET_DATA_MISMATCH"], "socket row off by 42"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "tests", "data", "malformed")
    os.makedirs(outdir, exist_ok=True)
    b = base()
    assert len(b) == 1952, len(b)
    lines = ["# Generated by scripts/make-malformed-corpus.py; do not edit.",
             "# file<TAB>expected codes (comma-separated; deep: needs deep checks)<TAB>what is wrong",
             "base.bpat\t-\tvalid: no diagnostics, deep checks included"]
    with open(os.path.join(outdir, "base.bpat"), "wb") as f:
        f.write(b)
    for name, data, codes, what in cases(b):
        with open(os.path.join(outdir, name + ".bpat"), "wb") as f:
            f.write(data)
        deep = name.startswith("deep-")
        lines.append(f"{name}.bpat\t{','.join(codes)}{' deep' if deep else ''}\t{what}")
    with open(os.path.join(outdir, "manifest.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines) - 3} cases in {os.path.normpath(outdir)}")


if __name__ == "__main__":
    main()
