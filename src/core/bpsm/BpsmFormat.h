#pragma once
// BPSM v1 (the game's minimal snapshot mesh) on-disk constants, from the game's header
// (see ../shared/specs/bpat-v1.md, "The baker"). Little-endian, offsets absolute:
//
//   header (72 B) | clip entries (32 B each) | string table | zero pad to 16 | u32 indices
//   | frame_total * vertex_count pre-skinned vertices (56 B each) | EOF
//
// Header: magic "BPSM", u32 version (1), u32 species_id, lod, vertex_count, index_count,
// clip_count, frame_total, string_table_size, reserved; u64 clip_table_offset,
// string_table_offset, index_data_offset, vertex_data_offset.
// Clip entry: u32 name_offset, name_length, frame_count, frame_offset, reserved[4].
// Vertex: f32 pos[3], f32 normal[3], f32 uv[2], u8 bone_indices[4], f32 bone_weights[4],
// u8 color_role, u8 pad[3] (the CreatureVertex layout).
#include <QtGlobal>

namespace bpat::bpsm {

inline constexpr char Magic[4] = {'B', 'P', 'S', 'M'};
inline constexpr quint32 CurrentVersion = 1;
inline constexpr quint64 HeaderSize = 72;
inline constexpr quint64 ClipEntrySize = 32;
inline constexpr quint64 IndexSize = 4;
inline constexpr quint64 VertexSize = 56;
inline constexpr quint64 StringTableAlignment = 16;

namespace header {
inline constexpr quint64 Magic = 0, Version = 4, SpeciesId = 8, Lod = 12, VertexCount = 16, IndexCount = 20, ClipCount = 24,
                         FrameTotal = 28, StringTableSize = 32, Reserved = 36, ClipTableOffset = 40, StringTableOffset = 48,
                         IndexDataOffset = 56, VertexDataOffset = 64;
}
namespace clip {
inline constexpr quint64 NameOffset = 0, NameLength = 4, FrameCount = 8, FrameOffset = 12,
                         Reserved = 16; // u32[4]
}
namespace vertex {
inline constexpr quint64 Position = 0, Normal = 12, Uv = 24, Bones = 32, Weights = 36, ColorRole = 52, Pad = 53;
}

} // namespace bpat::bpsm
