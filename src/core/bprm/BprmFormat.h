#pragma once
// BPRM v1 (the game's rigged-mesh body, one per species and level of detail) on-disk constants,
// from the game's reader and writer (../shared/upstream_assets/bpat_current/README.md; layout
// and meaning in docs/format.md, "BPRM"). Little-endian, offsets absolute:
//
//   header (40 B) | zero pad to 16 | u32 indices | zero pad to 16 | vertices (56 B each) | EOF
//
// Header: magic "BPRM", u32 version (1), u32 lod (0 full, 1 minimal), u32 vertex_count,
// u32 index_count, u32 reserved; u64 index_data_offset, u64 vertex_data_offset.
// Vertex: the 56-byte CreatureVertex (f32 pos[3], f32 normal[3], f32 uv[2], u8 bone_indices[4],
// f32 bone_weights[4], u8 color_role, u8 pad[3]). Positions and normals are in the species'
// bind (rest) pose, model space: a late-v3 skinning matrix (global x inverse(bind)) applies to
// them directly.
#include <QtGlobal>

namespace bpat::bprm {

inline constexpr char Magic[4] = {'B', 'P', 'R', 'M'};
inline constexpr quint32 CurrentVersion = 1;
inline constexpr quint64 HeaderSize = 40;
inline constexpr quint64 IndexSize = 4;
inline constexpr quint64 VertexSize = 56;
inline constexpr quint64 DataAlignment = 16; // the game's writer aligns both data blocks
inline constexpr quint32 LodFull = 0;
inline constexpr quint32 LodMinimal = 1;
// The game's palettes hold at most 64 bones (its reader's bone_count limit, 64 matrices per
// instance in the skinning shader): a bone index must be below it whatever the rig.
inline constexpr int MaxBones = 64;

namespace header {
inline constexpr quint64 Magic = 0, Version = 4, Lod = 8, VertexCount = 12, IndexCount = 16, Reserved = 20, IndexDataOffset = 24,
                         VertexDataOffset = 32;
}
namespace vertex {
inline constexpr quint64 Position = 0, Normal = 12, Uv = 24, Bones = 32, Weights = 36, ColorRole = 52, Pad = 53;
}

} // namespace bpat::bprm
