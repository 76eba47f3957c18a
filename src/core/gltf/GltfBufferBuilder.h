#pragma once
// Appends typed arrays to buffer 0 of a tinygltf model being exported, each in its own
// 4-byte-aligned buffer view with an accessor (min/max where glTF requires them).
#include <QtGlobal>
#include <span>

namespace tinygltf {
class Model;
}

namespace bpat {

class GltfBufferBuilder
{
public:
    explicit GltfBufferBuilder(tinygltf::Model &model); // adds the buffer
    // `type` is a TINYGLTF_TYPE_* (SCALAR, VEC3, VEC4, MAT4); values.size() must be a multiple
    // of its component count. `target` is a TINYGLTF_TARGET_* or 0. Returns the accessor index.
    int addFloats(std::span<const float> values, int type, bool withMinMax, int target = 0);
    int addUnsignedBytes(std::span<const quint8> values, int type, int target);
    int addIndices(std::span<const quint32> values);

private:
    int addView(const void *data, size_t bytes, int target);
    int addAccessor(int view, int componentType, int type, size_t count);
    tinygltf::Model &m_model;
};

} // namespace bpat
