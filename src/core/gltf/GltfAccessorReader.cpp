#include "gltf/GltfAccessorReader.h"

#include "gltf/TinyGltf.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace bpat {

namespace {

// Elements an accessor without a buffer view may claim (they read as zeros).
constexpr size_t maxViewlessElements = size_t(1) << 22;

int componentSize(int componentType)
{
    switch (componentType) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
        return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
        return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
        return 4;
    default:
        return 0;
    }
}

QString name(int accessor)
{
    return QStringLiteral("accessors[%1]").arg(accessor);
}

} // namespace

GltfAccessorReader::GltfAccessorReader(const tinygltf::Model &model)
    : m_model(model)
{
}

int GltfAccessorReader::componentCount(int accessor) const
{
    if (accessor < 0 || size_t(accessor) >= m_model.accessors.size())
        return 0;
    const int n = tinygltf::GetNumComponentsInType(uint32_t(m_model.accessors[size_t(accessor)].type));
    return n > 0 ? n : 0;
}

size_t GltfAccessorReader::count(int accessor) const
{
    if (accessor < 0 || size_t(accessor) >= m_model.accessors.size())
        return 0;
    return m_model.accessors[size_t(accessor)].count;
}

bool GltfAccessorReader::locate(int index, const unsigned char **base, size_t *stride, QString *error) const
{
    *base = nullptr;
    if (index < 0 || size_t(index) >= m_model.accessors.size()) {
        *error = QStringLiteral("accessor %1 does not exist (the file has %2)").arg(index).arg(m_model.accessors.size());
        return false;
    }
    const tinygltf::Accessor &a = m_model.accessors[size_t(index)];
    const int components = componentCount(index);
    const int size = componentSize(a.componentType);
    if (components == 0 || size == 0) {
        *error = QStringLiteral("%1: unknown type %2 / componentType %3").arg(name(index)).arg(a.type).arg(a.componentType);
        return false;
    }
    if (a.sparse.isSparse) {
        *error = QStringLiteral("%1: sparse accessors are not supported").arg(name(index));
        return false;
    }
    const size_t element = size_t(components) * size_t(size);
    *stride = element;
    if (a.bufferView < 0) {
        if (a.count > maxViewlessElements) {
            *error = QStringLiteral("%1: %2 elements without a buffer view (at most %3)").arg(name(index)).arg(a.count).arg(maxViewlessElements);
            return false;
        }
        return true; // zeros
    }
    if (size_t(a.bufferView) >= m_model.bufferViews.size()) {
        *error = QStringLiteral("%1: bufferView %2 does not exist (the file has %3)").arg(name(index)).arg(a.bufferView).arg(m_model.bufferViews.size());
        return false;
    }
    const tinygltf::BufferView &v = m_model.bufferViews[size_t(a.bufferView)];
    if (v.buffer < 0 || size_t(v.buffer) >= m_model.buffers.size()) {
        *error = QStringLiteral("bufferViews[%1]: buffer %2 does not exist (the file has %3)").arg(a.bufferView).arg(v.buffer).arg(m_model.buffers.size());
        return false;
    }
    const size_t bufferSize = m_model.buffers[size_t(v.buffer)].data.size();
    if (v.byteOffset > bufferSize || v.byteLength > bufferSize - v.byteOffset) {
        *error = QStringLiteral("bufferViews[%1]: bytes %2..%3 lie outside buffer %4 (%5 bytes)")
                     .arg(a.bufferView).arg(v.byteOffset).arg(double(v.byteOffset) + double(v.byteLength)).arg(v.buffer).arg(bufferSize);
        return false;
    }
    if (v.byteStride != 0) {
        if (v.byteStride < element || v.byteStride > 252) {
            *error = QStringLiteral("bufferViews[%1]: byteStride %2 does not fit %3-byte elements (allowed %3..252)")
                         .arg(a.bufferView).arg(v.byteStride).arg(element);
            return false;
        }
        *stride = v.byteStride;
    }
    if (a.count == 0)
        return *base = m_model.buffers[size_t(v.buffer)].data.data() + v.byteOffset, true;
    // byteOffset + stride * (count - 1) + element <= byteLength, without overflow.
    const size_t length = v.byteLength;
    const bool fits = a.byteOffset <= length && element <= length - a.byteOffset
                      && (a.count - 1) <= (length - a.byteOffset - element) / *stride;
    if (!fits) {
        *error = QStringLiteral("%1: %2 elements of %3 bytes (stride %4) from offset %5 do not fit in bufferViews[%6] (%7 bytes)")
                     .arg(name(index)).arg(a.count).arg(element).arg(*stride).arg(a.byteOffset).arg(a.bufferView).arg(length);
        return false;
    }
    if ((a.byteOffset + v.byteOffset) % size_t(size) != 0) {
        *error = QStringLiteral("%1: offset %2 is not a multiple of the component size %3").arg(name(index)).arg(a.byteOffset + v.byteOffset).arg(size);
        return false;
    }
    *base = m_model.buffers[size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
    return true;
}

std::optional<std::vector<float>> GltfAccessorReader::floats(int index, QString *error) const
{
    const unsigned char *base = nullptr;
    size_t stride = 0;
    if (!locate(index, &base, &stride, error))
        return std::nullopt;
    const tinygltf::Accessor &a = m_model.accessors[size_t(index)];
    const size_t components = size_t(componentCount(index));
    std::vector<float> out(a.count * components, 0.0f);
    if (!base)
        return out;
    const int size = componentSize(a.componentType);
    for (size_t i = 0; i < a.count; ++i) {
        const unsigned char *e = base + i * stride;
        for (size_t c = 0; c < components; ++c) {
            const unsigned char *p = e + c * size_t(size);
            float value = 0;
            switch (a.componentType) {
            case TINYGLTF_COMPONENT_TYPE_FLOAT: std::memcpy(&value, p, 4); break;
            case TINYGLTF_COMPONENT_TYPE_BYTE: {
                const auto v = qint8(*p);
                value = a.normalized ? std::max(float(v) / 127.0f, -1.0f) : float(v);
                break;
            }
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: value = a.normalized ? float(*p) / 255.0f : float(*p); break;
            case TINYGLTF_COMPONENT_TYPE_SHORT: {
                qint16 v;
                std::memcpy(&v, p, 2);
                value = a.normalized ? std::max(float(v) / 32767.0f, -1.0f) : float(v);
                break;
            }
            case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
                quint16 v;
                std::memcpy(&v, p, 2);
                value = a.normalized ? float(v) / 65535.0f : float(v);
                break;
            }
            default: {
                quint32 v;
                std::memcpy(&v, p, 4);
                value = a.normalized ? float(double(v) / 4294967295.0) : float(v);
            }
            }
            out[i * components + c] = value;
        }
    }
    return out;
}

std::optional<std::vector<quint32>> GltfAccessorReader::unsignedInts(int index, QString *error) const
{
    const unsigned char *base = nullptr;
    size_t stride = 0;
    if (!locate(index, &base, &stride, error))
        return std::nullopt;
    const tinygltf::Accessor &a = m_model.accessors[size_t(index)];
    if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) {
        *error = QStringLiteral("%1: expected integer components, found floats").arg(name(index));
        return std::nullopt;
    }
    const size_t components = size_t(componentCount(index));
    std::vector<quint32> out(a.count * components, 0u);
    if (!base)
        return out;
    const int size = componentSize(a.componentType);
    for (size_t i = 0; i < a.count; ++i)
        for (size_t c = 0; c < components; ++c) {
            const unsigned char *p = base + i * stride + c * size_t(size);
            quint32 v = 0;
            if (size == 1) {
                v = *p;
            } else if (size == 2) {
                quint16 s;
                std::memcpy(&s, p, 2);
                v = s;
            } else {
                std::memcpy(&v, p, 4);
            }
            out[i * components + c] = v;
        }
    return out;
}

} // namespace bpat
