#include "gltf/GltfBufferBuilder.h"

#include "gltf/TinyGltf.h"

#include <algorithm>
#include <cstring>

namespace bpat {

GltfBufferBuilder::GltfBufferBuilder(tinygltf::Model &model)
    : m_model(model)
{
    m_model.buffers.emplace_back();
}

int GltfBufferBuilder::addView(const void *data, size_t bytes, int target)
{
    std::vector<unsigned char> &buffer = m_model.buffers.front().data;
    while (buffer.size() % 4 != 0)
        buffer.push_back(0);
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buffer.size();
    view.byteLength = bytes;
    view.target = target;
    const size_t at = buffer.size();
    buffer.resize(at + bytes);
    if (bytes > 0)
        std::memcpy(buffer.data() + at, data, bytes);
    m_model.bufferViews.push_back(std::move(view));
    return int(m_model.bufferViews.size() - 1);
}

int GltfBufferBuilder::addAccessor(int view, int componentType, int type, size_t count)
{
    tinygltf::Accessor accessor;
    accessor.bufferView = view;
    accessor.byteOffset = 0;
    accessor.componentType = componentType;
    accessor.type = type;
    accessor.count = count;
    m_model.accessors.push_back(std::move(accessor));
    return int(m_model.accessors.size() - 1);
}

int GltfBufferBuilder::addFloats(std::span<const float> values, int type, bool withMinMax, int target)
{
    const int components = tinygltf::GetNumComponentsInType(uint32_t(type));
    const size_t count = values.size() / size_t(components);
    const int view = addView(values.data(), values.size_bytes(), target);
    const int index = addAccessor(view, TINYGLTF_COMPONENT_TYPE_FLOAT, type, count);
    if (withMinMax && count > 0) {
        std::vector<double> lo(size_t(components), 0.0), hi(size_t(components), 0.0);
        for (int c = 0; c < components; ++c) {
            lo[size_t(c)] = hi[size_t(c)] = double(values[size_t(c)]);
            for (size_t i = 1; i < count; ++i) {
                const double v = double(values[i * size_t(components) + size_t(c)]);
                lo[size_t(c)] = std::min(lo[size_t(c)], v);
                hi[size_t(c)] = std::max(hi[size_t(c)], v);
            }
        }
        m_model.accessors[size_t(index)].minValues = lo;
        m_model.accessors[size_t(index)].maxValues = hi;
    }
    return index;
}

int GltfBufferBuilder::addUnsignedBytes(std::span<const quint8> values, int type, int target)
{
    const int components = tinygltf::GetNumComponentsInType(uint32_t(type));
    const int view = addView(values.data(), values.size_bytes(), target);
    return addAccessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE, type, values.size() / size_t(components));
}

int GltfBufferBuilder::addIndices(std::span<const quint32> values)
{
    const int view = addView(values.data(), values.size_bytes(), TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    return addAccessor(view, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR, values.size());
}

} // namespace bpat
