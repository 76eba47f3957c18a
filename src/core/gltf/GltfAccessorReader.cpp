#include "gltf/GltfAccessorReader.h"

#include "gltf/TinyGltf.h"

#include <algorithm>
#include <cmath>
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
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return 4;
    default: return 0;
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

bool GltfAccessorReader::locate(int accessor, const unsigned char **base, size_t *stride, QString *error) const
{
    *base = nullptr;
    if (accessor < 0 || size_t(accessor) >= m_model.accessors.size()) {
        *error = QStringLiteral("accessor %1 does not exist (the file has %2)").arg(accessor).arg(m_model.accessors.size());
        return false;
    }
    const tinygltf::Accessor &a = m_model.accessors[size_t(accessor)];
    const int components = componentCount(accessor);
    const int size = componentSize(a.componentType);
    if (components == 0 || size == 0) {
        *error = QStringLiteral("%1: unknown type %2 / componentType %3").arg(name(accessor)).arg(a.type).arg(a.componentType);
        return false;
    }
    if (a.sparse.isSparse) {
        *error = QStringLiteral("%1: sparse accessors are not supported").arg(name(accessor));
        return false;
    }
    const size_t element = size_t(components) * size_t(size);
    *stride = element;
    if (a.bufferView < 0) {
        if (a.count > maxViewlessElements) {
            *error = QStringLiteral("%1: %2 elements without a buffer view (at most %3)")
                         .arg(name(accessor))
                         .arg(a.count)
                         .arg(maxViewlessElements);
            return false;
        }
        return true; // zeros
    }
    if (size_t(a.bufferView) >= m_model.bufferViews.size()) {
        *error = QStringLiteral("%1: bufferView %2 does not exist (the file has %3)")
                     .arg(name(accessor))
                     .arg(a.bufferView)
                     .arg(m_model.bufferViews.size());
        return false;
    }
    const tinygltf::BufferView &v = m_model.bufferViews[size_t(a.bufferView)];
    if (v.buffer < 0 || size_t(v.buffer) >= m_model.buffers.size()) {
        *error = QStringLiteral("bufferViews[%1]: buffer %2 does not exist (the file has %3)")
                     .arg(a.bufferView)
                     .arg(v.buffer)
                     .arg(m_model.buffers.size());
        return false;
    }
    const size_t bufferSize = m_model.buffers[size_t(v.buffer)].data.size();
    if (v.byteOffset > bufferSize || v.byteLength > bufferSize - v.byteOffset) {
        *error = QStringLiteral("bufferViews[%1]: bytes %2..%3 lie outside buffer %4 (%5 bytes)")
                     .arg(a.bufferView)
                     .arg(v.byteOffset)
                     .arg(double(v.byteOffset) + double(v.byteLength))
                     .arg(v.buffer)
                     .arg(bufferSize);
        return false;
    }
    if (v.byteStride != 0) {
        if (v.byteStride < element || v.byteStride > 252) {
            *error = QStringLiteral("bufferViews[%1]: byteStride %2 does not fit %3-byte elements (allowed %3..252)")
                         .arg(a.bufferView)
                         .arg(v.byteStride)
                         .arg(element);
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
                     .arg(name(accessor))
                     .arg(a.count)
                     .arg(element)
                     .arg(*stride)
                     .arg(a.byteOffset)
                     .arg(a.bufferView)
                     .arg(length);
        return false;
    }
    if ((a.byteOffset + v.byteOffset) % size_t(size) != 0) {
        *error = QStringLiteral("%1: offset %2 is not a multiple of the component size %3")
                     .arg(name(accessor))
                     .arg(a.byteOffset + v.byteOffset)
                     .arg(size);
        return false;
    }
    *base = m_model.buffers[size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
    return true;
}

template<typename Visit> bool GltfAccessorReader::each(int accessor, QString *error, Visit &&visit) const
{
    const unsigned char *base = nullptr;
    size_t stride = 0;
    if (!locate(accessor, &base, &stride, error))
        return false;
    if (!base)
        return true; // no buffer view: zeros
    const tinygltf::Accessor &a = m_model.accessors[size_t(accessor)];
    const size_t components = size_t(componentCount(accessor));
    const size_t size = size_t(componentSize(a.componentType));
    for (size_t i = 0; i < a.count; ++i) {
        const unsigned char *e = base + i * stride;
        for (size_t c = 0; c < components; ++c)
            if (!visit(i * components + c, e + c * size))
                return true;
    }
    return true;
}

namespace {

// One component as floats() reads it: floats as stored, normalised integers mapped as glTF defines.
float decodeFloat(const tinygltf::Accessor &a, const unsigned char *p)
{
    switch (a.componentType) {
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
        float value;
        std::memcpy(&value, p, 4);
        return value;
    }
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
        const auto v = qint8(*p);
        return a.normalized ? std::max(float(v) / 127.0f, -1.0f) : float(v);
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return a.normalized ? float(*p) / 255.0f : float(*p);
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
        qint16 v;
        std::memcpy(&v, p, 2);
        return a.normalized ? std::max(float(v) / 32767.0f, -1.0f) : float(v);
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
        quint16 v;
        std::memcpy(&v, p, 2);
        return a.normalized ? float(v) / 65535.0f : float(v);
    }
    default: {
        quint32 v;
        std::memcpy(&v, p, 4);
        return a.normalized ? float(double(v) / 4294967295.0) : float(v);
    }
    }
}

quint32 decodeUnsigned(int size, const unsigned char *p)
{
    if (size == 1)
        return *p;
    if (size == 2) {
        quint16 s;
        std::memcpy(&s, p, 2);
        return s;
    }
    quint32 v;
    std::memcpy(&v, p, 4);
    return v;
}

} // namespace

std::optional<std::vector<float>> GltfAccessorReader::floats(int accessor, QString *error) const
{
    if (!locateOnly(accessor, error))
        return std::nullopt;
    const tinygltf::Accessor &a = m_model.accessors[size_t(accessor)];
    std::vector<float> out(a.count * size_t(componentCount(accessor)), 0.0f);
    each(accessor, error, [&](size_t i, const unsigned char *p) {
        out[i] = decodeFloat(a, p);
        return true;
    });
    return out;
}

std::optional<std::vector<quint32>> GltfAccessorReader::unsignedInts(int accessor, QString *error) const
{
    if (!locateOnly(accessor, error))
        return std::nullopt;
    const tinygltf::Accessor &a = m_model.accessors[size_t(accessor)];
    if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) {
        *error = QStringLiteral("%1: expected integer components, found floats").arg(name(accessor));
        return std::nullopt;
    }
    const int size = componentSize(a.componentType);
    std::vector<quint32> out(a.count * size_t(componentCount(accessor)), 0u);
    each(accessor, error, [&](size_t i, const unsigned char *p) {
        out[i] = decodeUnsigned(size, p);
        return true;
    });
    return out;
}

bool GltfAccessorReader::locateOnly(int accessor, QString *error) const
{
    const unsigned char *base = nullptr;
    size_t stride = 0;
    return locate(accessor, &base, &stride, error);
}

bool GltfAccessorReader::check(int accessor, QString *error) const
{
    return locateOnly(accessor, error);
}

bool GltfAccessorReader::checkFinite(int accessor, QString *error) const
{
    if (!locateOnly(accessor, error))
        return false;
    const tinygltf::Accessor &a = m_model.accessors[size_t(accessor)];
    if (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT)
        return true; // integers are finite
    bool finite = true;
    each(accessor, error, [&](size_t i, const unsigned char *p) {
        const float v = decodeFloat(a, p);
        if (std::isfinite(v))
            return true;
        *error = QStringLiteral("%1: component %2 is %3 (values must be finite)").arg(name(accessor)).arg(i).arg(double(v));
        finite = false;
        return false;
    });
    return finite;
}

bool GltfAccessorReader::forEachFloat(int accessor, const std::function<bool(size_t, float)> &visit, QString *error) const
{
    if (!locateOnly(accessor, error))
        return false;
    const tinygltf::Accessor &a = m_model.accessors[size_t(accessor)];
    if (a.bufferView < 0) { // zeros (bounded: gltflimits::maxViewlessComponents)
        const size_t n = a.count * size_t(componentCount(accessor));
        for (size_t i = 0; i < n; ++i)
            if (!visit(i, 0.0f))
                break;
        return true;
    }
    each(accessor, error, [&](size_t i, const unsigned char *p) { return visit(i, decodeFloat(a, p)); });
    return true;
}

bool GltfAccessorReader::maxUnsigned(int accessor, std::optional<quint32> *max, QString *error) const
{
    max->reset();
    if (!locateOnly(accessor, error))
        return false;
    const tinygltf::Accessor &a = m_model.accessors[size_t(accessor)];
    if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) {
        *error = QStringLiteral("%1: expected integer components, found floats").arg(name(accessor));
        return false;
    }
    if (a.count > 0 && a.bufferView < 0) { // zeros
        *max = 0u;
        return true;
    }
    const int size = componentSize(a.componentType);
    quint32 largest = 0;
    bool any = false;
    each(accessor, error, [&](size_t, const unsigned char *p) {
        largest = std::max(largest, decodeUnsigned(size, p));
        any = true;
        return true;
    });
    if (any)
        *max = largest;
    return true;
}

bool GltfAccessorReader::firstAtLeast(int accessor, quint64 limit, std::optional<std::pair<size_t, quint32>> *found,
                                      QString *error) const
{
    found->reset();
    if (!locateOnly(accessor, error))
        return false;
    const tinygltf::Accessor &a = m_model.accessors[size_t(accessor)];
    if (a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) {
        *error = QStringLiteral("%1: expected integer components, found floats").arg(name(accessor));
        return false;
    }
    if (a.bufferView < 0) { // zeros
        if (limit == 0 && a.count > 0)
            *found = std::make_pair(size_t(0), quint32(0));
        return true;
    }
    const int size = componentSize(a.componentType);
    each(accessor, error, [&](size_t i, const unsigned char *p) {
        const quint32 v = decodeUnsigned(size, p);
        if (v < limit)
            return true;
        *found = std::make_pair(i, v);
        return false;
    });
    return true;
}

} // namespace bpat
