#include "gltf/GltfJsonBudget.h"

#include "gltf/GltfLimits.h"
#include "io/RegularFile.h"

#include <QJsonArray>

namespace bpat {

namespace {

// Components per element of an accessor type; unknown types count as the largest (16).
qint64 components(const QString &type)
{
    static const QHash<QString, qint64> sizes{
        {QStringLiteral("SCALAR"), 1}, {QStringLiteral("VEC2"), 2}, {QStringLiteral("VEC3"), 3}, {QStringLiteral("VEC4"), 4},
        {QStringLiteral("MAT2"), 4},   {QStringLiteral("MAT3"), 9}, {QStringLiteral("MAT4"), 16}};
    return sizes.value(type, 16);
}

} // namespace

QString GltfJsonBudget::check(const QJsonObject &root)
{
    using namespace gltflimits;
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.value().isArray() && it.value().toArray().size() > maxArrayElements)
            return QStringLiteral("%1: %2 elements, more than an import reads (%3)")
                .arg(it.key())
                .arg(it.value().toArray().size())
                .arg(maxArrayElements);
    }
    qint64 bufferBytes = 0;
    const QJsonArray buffers = root.value(QLatin1String("buffers")).toArray();
    for (qsizetype b = 0; b < buffers.size(); ++b) {
        const QJsonValue length = buffers.at(b).toObject().value(QLatin1String("byteLength"));
        if (length.isUndefined())
            continue; // tinygltf says it is missing
        const qint64 bytes = qint64(length.toDouble());
        if (bytes < 1)
            return QStringLiteral("buffers[%1].byteLength: %2, but a buffer holds at least 1 byte").arg(b).arg(bytes);
        bufferBytes += bytes;
        if (bufferBytes > maxBufferBytes)
            return QStringLiteral(
                       "buffers[%1].byteLength: the buffers up to this one declare %2 bytes, more than an import reads (%3)")
                .arg(b)
                .arg(bufferBytes)
                .arg(RegularFile::sizeText(maxBufferBytes));
    }
    qint64 all = 0, viewless = 0;
    const QJsonArray accessors = root.value(QLatin1String("accessors")).toArray();
    for (qsizetype a = 0; a < accessors.size(); ++a) {
        const QJsonObject accessor = accessors.at(a).toObject();
        const qint64 n = qint64(accessor.value(QLatin1String("count")).toDouble(0))
            * components(accessor.value(QLatin1String("type")).toString());
        if (!accessor.contains(QLatin1String("bufferView"))) {
            viewless += n;
            if (viewless > maxViewlessComponents)
                return QStringLiteral("accessors[%1]: the accessors without a buffer view up to this one claim %2 components "
                                      "(zeros the file does not hold; at most %3)")
                    .arg(a)
                    .arg(viewless)
                    .arg(maxViewlessComponents);
        }
        all += n;
        if (all > maxAccessorComponents)
            return QStringLiteral(
                       "accessors[%1]: the accessors up to this one claim %2 components, more than an import reads (%3)")
                .arg(a)
                .arg(all)
                .arg(maxAccessorComponents);
    }
    return {};
}

} // namespace bpat
