#!/usr/bin/env python3
"""Generates tests/data/malformed/: a small valid file of each format the project reads
(base.bpat, base.bpsm, base-v11.bin and base-v10.bin input animation recordings) and one
corrupted copy per case, with manifest.txt listing each case, its expected diagnostic codes and
(BPAT) whether they need deep checks. tst_MalformedCorpus checks every case with the Validator,
BpsmValidator or InputAnimationReader, by extension. scripts/make-fuzz-seeds.sh seeds fuzz_bpat,
fuzz_bpsm and fuzz_anim with them. The layouts of the BPSM and .bin bases are described above
their generators below.

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
    yield "header-version-4", u32(b, 4, 4), ["UNSUPPORTED_VERSION"], "version from the future (the game wrote 1, 2 and 3)"
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
    # Frame counts near 2^31 once hung the window: a slider range near INT_MAX overflows the
    # style's tick loop. tst_MalformedInWindow opens every case in the window.
    yield "clip-frames-2pow31", u32(b, 64 + 8, 0x80000000), ["CLIP_OUT_OF_RANGE"], "idle claims 2^31 frames"
    yield "clip-frames-int-max", u32(b, 96 + 8, 0x7FFFFFFF), ["CLIP_OUT_OF_RANGE"], "jab claims 2^31-1 frames"
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


# --- BPSM (minimal snapshot mesh), see src/core/bpsm/BpsmFormat.h ---------------------------------
#
# Layout of base.bpsm (as BpsmWriter lays it out):
#   header 0..72 | clip table 72..136 (idle: 2 frames, walk: 1) | strings 136..146 | pad to 160
#   | indices 160..184 (2 triangles of 4 vertices) | vertices 184..856 (3 frames x 4 x 56).
BPSM_CLIPS = [("idle", 2), ("walk", 1)]
BPSM_VERTICES = 4
BPSM_INDICES = [0, 1, 2, 2, 1, 3]


def bpsm_vertex(frame, v):
    """pos, normal, uv, bone indices, weights (sum 1), colour role: exact in float32."""
    x, y = float(v % 2), float(v // 2) + 0.25 * frame
    return struct.pack("<3f3f2f4B4fB3x", x, y, 0.5, 0, 0, 1, float(v % 2), float(v // 2),
                       0, 1, 0, 0, 0.75, 0.25, 0, 0, 1)


def bpsm_base():
    strings = b"".join(name.encode() + b"\0" for name, _ in BPSM_CLIPS)
    frames = sum(c[1] for c in BPSM_CLIPS)
    clip_table = 72
    string_table = clip_table + 32 * len(BPSM_CLIPS)
    index_data = (string_table + len(strings) + 15) // 16 * 16
    vertex_data = index_data + 4 * len(BPSM_INDICES)
    out = bytearray(b"BPSM")
    out += struct.pack("<9I", 1, 1, 0, BPSM_VERTICES, len(BPSM_INDICES), len(BPSM_CLIPS), frames,
                       len(strings), 0)
    out += struct.pack("<4Q", clip_table, string_table, index_data, vertex_data)
    name_at, offset = 0, 0
    for name, count in BPSM_CLIPS:
        out += struct.pack("<4I4I", name_at, len(name), count, offset, 0, 0, 0, 0)
        name_at += len(name) + 1
        offset += count
    out += strings
    out += b"\0" * (index_data - len(out))
    out += struct.pack(f"<{len(BPSM_INDICES)}I", *BPSM_INDICES)
    for f in range(frames):
        for v in range(BPSM_VERTICES):
            out += bpsm_vertex(f, v)
    return bytes(out)


def bpsm_cases(b):
    # Header: 4 version, 8 species, 12 lod, 16 vertex_count, 20 index_count, 24 clip_count,
    # 28 frame_total, 32 string_table_size, 36 reserved, 40 clip_table, 48 string_table,
    # 56 index_data, 64 vertex_data. Clip entry (at 72 + 32 i): 0 name_offset, 4 name_length,
    # 8 frame_count, 12 frame_offset, 16 reserved[4]. Vertex (at 184 + 56 n): 0 pos, 12 normal,
    # 24 uv, 32 bones, 36 weights, 52 colour role, 53 pad.
    big32, big64 = 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF
    yield "bpsm-trunc-empty", b[:0], ["BPSM_FILE_TOO_SMALL"], "empty file"
    yield "bpsm-trunc-header", b[:71], ["BPSM_FILE_TOO_SMALL"], "one byte short of the header"
    yield "bpsm-trunc-clip-table", b[:72], ["BPSM_CLIP_TABLE_OUT_OF_BOUNDS"], "ends where the clip table starts"
    yield "bpsm-trunc-mid-clip-table", b[:100], ["BPSM_CLIP_TABLE_OUT_OF_BOUNDS"], "ends inside the clip table"
    yield "bpsm-trunc-string-table", b[:136], ["BPSM_STRING_TABLE_OUT_OF_BOUNDS"], "ends where the string table starts"
    yield "bpsm-trunc-pad", b[:146], ["BPSM_INDEX_DATA_OUT_OF_BOUNDS"], "ends in the pad after the string table"
    yield "bpsm-trunc-index-data", b[:160], ["BPSM_INDEX_DATA_OUT_OF_BOUNDS"], "ends where the indices start"
    yield "bpsm-trunc-mid-index-data", b[:170], ["BPSM_INDEX_DATA_OUT_OF_BOUNDS"], "ends inside the indices"
    yield "bpsm-trunc-vertex-data", b[:184], ["BPSM_VERTEX_DATA_OUT_OF_BOUNDS"], "ends where the vertices start"
    yield "bpsm-trunc-mid-vertex-data", b[:184 + 2 * 4 * 56 + 20], ["BPSM_VERTEX_DATA_OUT_OF_BOUNDS"], \
        "ends inside the last frame"
    yield "bpsm-trunc-last-byte", b[:-1], ["BPSM_VERTEX_DATA_OUT_OF_BOUNDS"], "one byte short"

    yield "bpsm-header-magic", raw(b, 0, b"XPSM"), ["BPSM_BAD_MAGIC"], "wrong magic"
    yield "bpsm-header-version-2", u32(b, 4, 2), ["BPSM_UNSUPPORTED_VERSION"], "version 2"
    yield "bpsm-header-version-max", u32(b, 4, big32), ["BPSM_UNSUPPORTED_VERSION"], "version 2^32-1"
    yield "bpsm-header-species-unknown", u32(b, 8, 99), ["BPSM_UNKNOWN_SPECIES"], "species id 99"
    yield "bpsm-header-species-later", u32(b, 8, 5), ["BPSM_SPECIES_NOT_IN_V1"], "species of a later build"
    yield "bpsm-header-vertices-zero", u32(b, 16, 0), \
        ["BPSM_EMPTY_MESH", "BPSM_INDEX_OUT_OF_RANGE", "BPSM_TRAILING_BYTES"], "no vertices"
    yield "bpsm-header-vertices-max", u32(b, 16, big32), ["BPSM_VERTEX_DATA_OUT_OF_BOUNDS"], "2^32-1 vertices per frame"
    yield "bpsm-header-indices-zero", u32(b, 20, 0), ["BPSM_EMPTY_MESH"], "no indices"
    yield "bpsm-header-indices-not-triangles", u32(b, 20, 5), ["BPSM_INDEX_COUNT_NOT_TRIANGLES"], "5 indices"
    yield "bpsm-header-indices-max", u32(b, 20, big32), \
        ["BPSM_INDEX_DATA_OUT_OF_BOUNDS"], "2^32-1 indices (a multiple of 3)"
    yield "bpsm-header-clips-zero", u32(b, 24, 0), ["BPSM_NO_CLIPS", "BPSM_FRAME_TOTAL_MISMATCH"], "no clips"
    yield "bpsm-header-clips-max", u32(b, 24, big32), ["BPSM_CLIP_TABLE_OUT_OF_BOUNDS"], "2^32-1 clips"
    yield "bpsm-header-frames-max", u32(b, 28, big32), \
        ["BPSM_VERTEX_DATA_OUT_OF_BOUNDS", "BPSM_FRAME_TOTAL_MISMATCH"], "2^32-1 frames"
    yield "bpsm-header-frames-wrong", u32(b, 28, 2), ["BPSM_FRAME_TOTAL_MISMATCH", "BPSM_TRAILING_BYTES"], \
        "frame_total 2, clips sum to 3"
    yield "bpsm-header-strings-max", u32(b, 32, big32), ["BPSM_STRING_TABLE_OUT_OF_BOUNDS"], "string table of 4 GiB"
    yield "bpsm-header-reserved", u32(b, 36, 7), ["BPSM_RESERVED_NONZERO"], "reserved word set"
    yield "bpsm-header-clip-table-max", u64(b, 40, big64), ["BPSM_CLIP_TABLE_OUT_OF_BOUNDS"], "clip table at 2^64-1"
    yield "bpsm-header-string-table-max", u64(b, 48, big64), ["BPSM_STRING_TABLE_OUT_OF_BOUNDS"], \
        "string table at 2^64-1"
    yield "bpsm-header-index-data-max", u64(b, 56, big64), ["BPSM_INDEX_DATA_OUT_OF_BOUNDS"], "indices at 2^64-1"
    yield "bpsm-header-vertex-data-max", u64(b, 64, big64), ["BPSM_VERTEX_DATA_OUT_OF_BOUNDS"], "vertices at 2^64-1"
    yield "bpsm-header-vertex-offset-wraps", u64(b, 64, (1 << 64) - 64), ["BPSM_VERTEX_DATA_OUT_OF_BOUNDS"], \
        "vertices at 2^64-64: offset + 672 bytes wraps"
    # frame_total * vertex_count * 56 must not wrap: 2^31 frames of 2^30 vertices are 7 * 2^64.
    yield "bpsm-header-vertex-size-wraps", u32(u32(b, 16, 1 << 30), 28, 1 << 31), \
        ["BPSM_VERTEX_DATA_OUT_OF_BOUNDS", "BPSM_FRAME_TOTAL_MISMATCH"], "2^31 frames x 2^30 vertices x 56 = 7 * 2^64 bytes"
    yield "bpsm-header-vertex-misaligned", u64(b, 64, 186), \
        ["BPSM_MISALIGNED", "BPSM_VERTEX_DATA_OUT_OF_BOUNDS"], "vertices at 186, 2 bytes late"
    yield "bpsm-header-index-misaligned", u64(b, 56, 164), ["BPSM_MISALIGNED", "BPSM_SECTION_OVERLAP"], \
        "indices at 164, overlapping the vertices"

    yield "bpsm-overlap-clip-strings", u64(b, 40, 80), ["BPSM_SECTION_OVERLAP"], "clip table over the string table"
    yield "bpsm-overlap-index-header", u64(b, 56, 16), ["BPSM_SECTION_OVERLAP"], "indices inside the header"
    yield "bpsm-overlap-vertex-index", u64(b, 64, 160), ["BPSM_SECTION_OVERLAP", "BPSM_TRAILING_BYTES"], \
        "vertices over the indices"

    yield "bpsm-name-offset-lies", u32(b, 72, 1000), ["BPSM_NAME_OUT_OF_STRING_TABLE"], "clip name beyond the string table"
    yield "bpsm-name-length-max", u32(b, 104 + 4, big32), ["BPSM_NAME_OUT_OF_STRING_TABLE"], "clip name of 2^32-1 bytes"
    yield "bpsm-name-not-terminated", u32(b, 76, 3), ["BPSM_NAME_NOT_TERMINATED"], "'idl' followed by 'e'"
    yield "bpsm-name-not-utf8", raw(b, 136, b"\xff"), ["BPSM_NAME_NOT_UTF8"], "0xff in a clip name"
    yield "bpsm-name-duplicate", u32(u32(b, 104, 0), 108, 4), ["BPSM_DUPLICATE_CLIP_NAME"], "both clips named idle"

    yield "bpsm-clip-empty", u32(b, 104 + 8, 0), ["BPSM_CLIP_EMPTY", "BPSM_FRAME_TOTAL_MISMATCH"], "walk has no frames"
    yield "bpsm-clip-frames-max", u32(b, 72 + 8, big32), \
        ["BPSM_CLIP_NOT_CONTIGUOUS", "BPSM_FRAME_TOTAL_MISMATCH"], "idle claims 2^32-1 frames"
    yield "bpsm-clip-frames-2pow31", u32(b, 72 + 8, 0x80000000), \
        ["BPSM_CLIP_NOT_CONTIGUOUS", "BPSM_FRAME_TOTAL_MISMATCH"], "idle claims 2^31 frames"
    yield "bpsm-clip-offset-max", u32(b, 104 + 12, big32), ["BPSM_CLIP_NOT_CONTIGUOUS"], "walk starts at frame 2^32-1"
    yield "bpsm-clip-not-contiguous", u32(b, 104 + 12, 1), ["BPSM_CLIP_NOT_CONTIGUOUS"], "walk starts inside idle"
    yield "bpsm-clip-reserved", u32(b, 72 + 16, 7), ["BPSM_RESERVED_NONZERO"], "reserved word set"
    yield "bpsm-string-pad", raw(b, 150, b"x"), ["BPSM_RESERVED_NONZERO"], "pad after the string table not zero"

    yield "bpsm-index-out-of-range", u32(b, 160 + 8, 4), ["BPSM_INDEX_OUT_OF_RANGE"], "index 4 of 4 vertices"
    yield "bpsm-index-max", u32(b, 160, big32), ["BPSM_INDEX_OUT_OF_RANGE"], "index 2^32-1"
    yield "bpsm-vertex-nan", f32(b, 184 + 56 + 4, float("nan")), ["BPSM_NON_FINITE"], "NaN position"
    yield "bpsm-vertex-weight-inf", f32(b, 184 + 36, float("inf")), ["BPSM_NON_FINITE"], "infinite bone weight"
    yield "bpsm-vertex-weights", f32(b, 184 + 36, 0.5), ["BPSM_BAD_WEIGHTS"], "weights sum to 0.75"
    yield "bpsm-vertex-negative-weight", f32(f32(b, 184 + 36, 1.25), 184 + 40, -0.25), ["BPSM_BAD_WEIGHTS"], \
        "weights 1.25 and -0.25"
    yield "bpsm-vertex-pad", raw(b, 184 + 53, b"\x01"), ["BPSM_RESERVED_NONZERO"], "vertex pad byte set"
    yield "bpsm-trailing-bytes", b + b"\0" * 16, ["BPSM_TRAILING_BYTES"], "16 bytes after the vertices"


# --- Input animation recordings (.bin), see ../shared/specs/input-animation.md -----------------
#
# base-v11.bin: version 1.1 with camera and eye gaze, no hands: header 0..16 | flags 16..19 |
# 7 camera curves | 6 eye gaze curves | 2 markers. base-v10.bin: version 1.0 (389 curves, keys of
# 28 bytes): camera PositionX with 2 weighted keys, HandTrackedLeft with keys at -5.25 s and 0 s,
# every other curve empty, 1 marker.
ANIM_MAGIC = bytes.fromhex("c6429e0f6eaf8f6a")
CLAMP_FOREVER = 8


class Anim:
    """Bytes plus the offsets of the fields the cases change."""

    def __init__(self):
        self.b = bytearray()
        self.at = {}

    def mark(self, name):
        self.at[name] = len(self.b)

    def i32(self, v):
        self.b += struct.pack("<i", v)

    def f32(self, v):
        self.b += struct.pack("<f", v)

    def curve(self, name, keys, simple, pre=CLAMP_FOREVER, post=CLAMP_FOREVER):
        self.mark(name)
        self.i32(pre)
        self.i32(post)
        self.mark(name + ".count")
        self.i32(len(keys))
        self.mark(name + ".keys")
        for k in keys:
            if simple:
                self.f32(k[0])
                self.f32(k[1])
            else:  # time, value, in/out tangent, in/out weight, weighted mode
                self.b += struct.pack("<6fi", *k)
        self.mark(name + ".end")

    def markers(self, markers):
        self.mark("markers")
        self.i32(len(markers))
        for n, (t, name) in enumerate(markers):
            self.mark(f"marker{n}")
            self.f32(t)
            self.mark(f"marker{n}.name")
            data = name.encode()
            assert len(data) < 128  # one-byte 7-bit length prefix
            self.b += bytes([len(data)]) + data
        self.mark("end")


POSE = ["PositionX", "PositionY", "PositionZ", "RotationX", "RotationY", "RotationZ", "RotationW"]
RAY = ["OriginX", "OriginY", "OriginZ", "DirectionX", "DirectionY", "DirectionZ"]


def anim_v11():
    a = Anim()
    a.b += ANIM_MAGIC + struct.pack("<ii", 1, 1)
    a.mark("flags")
    a.b += bytes([1, 0, 1])  # camera, no hands, eye gaze
    camera = {"PositionX": [(0.0, 0.0), (0.5, 1.0), (1.0, 0.5)], "PositionY": [(0.0, 1.5)],
              "PositionZ": [(0.0, 0.0), (1.0, -1.0)], "RotationW": [(0.0, 1.0)]}
    for c in POSE:
        a.curve("Camera/" + c, camera.get(c, [(0.0, 0.0)]), True)
    for c in RAY:
        a.curve("EyeGaze/" + c, [(0.0, 1.0 if c == "DirectionZ" else 0.0), (1.0, 0.25)], True)
    a.markers([(0.25, "start"), (0.75, "wave")])
    return a


def anim_v10():
    a = Anim()
    a.b += ANIM_MAGIC + struct.pack("<ii", 1, 0)
    a.curve("Camera/PositionX", [(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3), (1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 3)], False)
    for c in POSE[1:]:
        a.curve("Camera/" + c, [], False)
    a.curve("HandTrackedLeft", [(-5.25, 1.0), (0.0, 0.0)], True)  # bool keys: time, value
    for name in ["HandTrackedRight", "HandPinchingLeft", "HandPinchingRight"]:
        a.curve(name, [], True)
    for hand in ["LeftHand", "RightHand"]:
        for joint in range(27):
            for c in POSE:
                a.curve(f"{hand}/{joint}/{c}", [], False)
    a.markers([(0.5, "mark")])
    return a


def anim_cases(v11, v10):
    b, at = bytes(v11.b), v11.at
    px = "Camera/PositionX"
    last = "EyeGaze/DirectionZ"
    yield "anim-trunc-empty", b[:0], ["ANIM_TRUNCATED"], "empty file"
    yield "anim-trunc-header", b[:15], ["ANIM_TRUNCATED"], "one byte short of the header"
    yield "anim-trunc-flags", b[:16], ["ANIM_TRUNCATED"], "ends where the section flags start"
    yield "anim-trunc-mid-flags", b[:18], ["ANIM_TRUNCATED"], "ends inside the section flags"
    yield "anim-trunc-curve", b[:at[px]], ["ANIM_TRUNCATED"], "ends where the first curve starts"
    yield "anim-trunc-mid-curve-header", b[:at[px] + 6], ["ANIM_TRUNCATED"], "ends inside a curve's wrap modes"
    yield "anim-trunc-keys", b[:at[px + ".keys"]], ["ANIM_KEY_COUNT_TOO_LARGE"], "ends where the keys start"
    yield "anim-trunc-mid-keys", b[:at[px + ".keys"] + 12], ["ANIM_KEY_COUNT_TOO_LARGE"], "ends inside the second key"
    yield "anim-trunc-eye-gaze", b[:at["EyeGaze/OriginX"]], ["ANIM_TRUNCATED"], "ends where the eye gaze starts"
    yield "anim-trunc-last-curve", b[:at[last + ".end"] - 1], ["ANIM_KEY_COUNT_TOO_LARGE"], \
        "one byte short of the last curve's keys"
    yield "anim-trunc-markers", b[:at["markers"]], ["ANIM_TRUNCATED"], "ends where the marker list starts"
    yield "anim-trunc-marker-count", b[:at["markers"] + 2], ["ANIM_TRUNCATED"], "ends inside the marker count"
    yield "anim-trunc-marker-time", b[:at["marker1"] + 2], ["ANIM_TRUNCATED"], "ends inside the second marker's time"
    yield "anim-trunc-marker-name", b[:at["marker1.name"]], ["ANIM_TRUNCATED"], "ends at the second marker's name length"
    yield "anim-trunc-last-byte", b[:-1], ["ANIM_TRUNCATED"], "one byte short"

    yield "anim-header-magic", raw(b, 0, b"BPAT"), ["ANIM_BAD_MAGIC"], "wrong magic"
    yield "anim-header-version-2", u32(b, 8, 2), ["ANIM_UNSUPPORTED_VERSION"], "version 2.1"
    yield "anim-header-version-1-2", u32(b, 12, 2), ["ANIM_UNSUPPORTED_VERSION"], "version 1.2"
    yield "anim-header-version-negative", u32(b, 12, 0xFFFFFFFF), ["ANIM_UNSUPPORTED_VERSION"], "version 1.-1"
    yield "anim-header-version-max", u32(b, 8, 0x7FFFFFFF), ["ANIM_UNSUPPORTED_VERSION"], "major 2^31-1"
    yield "anim-flag-2", raw(b, at["flags"] + 2, b"\x02"), ["ANIM_BAD_SECTION_FLAG"], "eye gaze flag 2"
    yield "anim-flags-lie", raw(b, at["flags"] + 1, b"\x01"), ["ANIM_KEY_COUNT_TOO_LARGE"], \
        "hands flagged but not there: eye gaze and markers read as hand curves"
    yield "anim-flags-hide", raw(b, at["flags"] + 2, b"\x00"), ["ANIM_TRAILING_BYTES"], \
        "eye gaze not flagged: its curves are read as markers"

    yield "anim-key-count-negative", u32(b, at[px + ".count"], 0xFFFFFFFF), ["ANIM_NEGATIVE_KEY_COUNT"], "-1 keys"
    yield "anim-key-count-max", u32(b, at[px + ".count"], 0x7FFFFFFF), ["ANIM_KEY_COUNT_TOO_LARGE"], "2^31-1 keys"
    yield "anim-key-count-lies", u32(b, at[last + ".count"], 5), ["ANIM_KEY_COUNT_TOO_LARGE"], \
        "last curve claims 5 keys, holds 2: one byte more than is left"
    yield "anim-key-count-lies-into-markers", u32(b, at[last + ".count"], 4), \
        ["ANIM_KEYS_OUT_OF_ORDER", "ANIM_MARKER_COUNT_TOO_LARGE"], \
        "last curve claims 4 keys, holds 2: the markers are read as keys"
    yield "anim-wrap-mode", u32(b, at[px], 3), ["ANIM_UNKNOWN_WRAP_MODE"], "pre-wrap mode 3"
    yield "anim-key-time-nan", f32(b, at[px + ".keys"] + 8, float("nan")), ["ANIM_NON_FINITE_TIME"], "NaN key time"
    yield "anim-key-time-inf", f32(b, at[px + ".keys"], float("-inf")), ["ANIM_NON_FINITE_TIME"], "-inf key time"
    yield "anim-key-value-nan", f32(b, at[px + ".keys"] + 4, float("nan")), ["ANIM_NON_FINITE_VALUE"], "NaN key value"
    yield "anim-keys-out-of-order", f32(b, at[px + ".keys"] + 16, 0.25), ["ANIM_KEYS_OUT_OF_ORDER"], \
        "third key at 0.25 s after one at 0.5 s"

    m = at["markers"]
    yield "anim-marker-count-negative", u32(b, m, 0xFFFFFFFF), ["ANIM_NEGATIVE_MARKER_COUNT"], "-1 markers"
    yield "anim-marker-count-max", u32(b, m, 0x7FFFFFFF), ["ANIM_MARKER_COUNT_TOO_LARGE"], "2^31-1 markers"
    yield "anim-marker-count-lies", u32(b, m, 3), ["ANIM_TRUNCATED"], "3 markers claimed, 2 present"
    yield "anim-marker-time-nan", f32(b, at["marker0"], float("nan")), ["ANIM_NON_FINITE_MARKER_TIME"], "NaN marker time"
    yield "anim-marker-name-lies", raw(b, at["marker1.name"], b"\x64"), ["ANIM_TRUNCATED"], \
        "name length 100, 4 bytes left"
    yield "anim-marker-name-prefix-long", b[:at["marker1.name"]] + b"\xff" * 6, ["ANIM_BAD_STRING_LENGTH"], \
        "name length prefix of more than 5 bytes"
    yield "anim-marker-name-length-max", b[:at["marker1.name"]] + b"\xff\xff\xff\xff\x0f", \
        ["ANIM_BAD_STRING_LENGTH"], "name length 2^32-1"
    yield "anim-marker-name-not-utf8", raw(b, at["marker1.name"] + 1, b"\xff"), ["ANIM_INVALID_UTF8"], \
        "0xff in a marker name"
    yield "anim-trailing-bytes", b + b"\0" * 8, ["ANIM_TRAILING_BYTES"], "8 bytes after the markers"

    b, at = bytes(v10.b), v10.at
    px = "Camera/PositionX"
    yield "anim-v10-trunc-mid-key", b[:at[px + ".keys"] + 40], ["ANIM_KEY_COUNT_TOO_LARGE"], \
        "1.0: ends inside the second 28-byte key"
    yield "anim-v10-key-count-lies", u32(b, at[px + ".count"], 200), ["ANIM_KEY_COUNT_TOO_LARGE"], \
        "1.0: 200 keys of 28 bytes do not fit (200 of 8 would)"
    yield "anim-v10-weighted-mode", u32(b, at[px + ".keys"] + 24, 4), ["ANIM_UNKNOWN_WEIGHTED_MODE"], \
        "1.0: weighted mode 4"
    yield "anim-v10-trunc-right-hand", b[:at["RightHand/0/PositionX"]], ["ANIM_TRUNCATED"], \
        "1.0: ends where the right hand starts"


def write_cases(outdir, lines, ext, cases, deep_prefix=None):
    for name, data, codes, what in cases:
        with open(os.path.join(outdir, name + ext), "wb") as f:
            f.write(data)
        deep = deep_prefix is not None and name.startswith(deep_prefix)
        lines.append(f"{name}{ext}\t{','.join(codes)}{' deep' if deep else ''}\t{what}")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "tests", "data", "malformed")
    os.makedirs(outdir, exist_ok=True)
    bases = [("base.bpat", base(), 1952, "valid BPAT: no diagnostics, deep checks included"),
             ("base.bpsm", bpsm_base(), 856, "valid BPSM: no diagnostics"),
             ("base-v11.bin", bytes(anim_v11().b), 374, "valid 1.1 recording (camera, eye gaze): no diagnostics"),
             ("base-v10.bin", bytes(anim_v10().b), 4769, "valid 1.0 recording: no diagnostics")]
    lines = ["# Generated by scripts/make-malformed-corpus.py; do not edit.",
             "# file<TAB>expected codes (comma-separated; deep: needs deep checks)<TAB>what is wrong"]
    for name, data, size, what in bases:
        assert len(data) == size, (name, len(data))
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(data)
        lines.append(f"{name}\t-\t{what}")
    write_cases(outdir, lines, ".bpat", cases(base()), "deep-")
    write_cases(outdir, lines, ".bpsm", bpsm_cases(bpsm_base()))
    write_cases(outdir, lines, ".bin", anim_cases(anim_v11(), anim_v10()))
    with open(os.path.join(outdir, "manifest.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines) - 2 - len(bases)} cases in {os.path.normpath(outdir)}")


if __name__ == "__main__":
    main()
