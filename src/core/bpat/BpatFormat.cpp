#include "bpat/BpatFormat.h"

namespace bpat::format {

QString dialectName(Dialect dialect)
{
    switch (dialect) {
    case Dialect::V1: return QStringLiteral("v1");
    case Dialect::V2: return QStringLiteral("v2");
    case Dialect::V3Early: return QStringLiteral("v3-early");
    case Dialect::V3Late: return QStringLiteral("v3-late");
    case Dialect::Unknown: break;
    }
    return QStringLiteral("unknown");
}

std::optional<Dialect> dialectFromName(const QString &name)
{
    for (Dialect d : {Dialect::V1, Dialect::V2, Dialect::V3Early, Dialect::V3Late}) {
        if (name == dialectName(d))
            return d;
    }
    return std::nullopt;
}

std::optional<Dialect> dialectToWrite(const QString &text)
{
    if (text == QLatin1String("1"))
        return Dialect::V1;
    if (text == QLatin1String("2"))
        return Dialect::V2;
    if (text == QLatin1String("3"))
        return Dialect::V3Late;
    return dialectFromName(text);
}

Dialect dialectOfVersion(quint32 version)
{
    switch (version) {
    case 0: // OLD_VERSION: laid out and checked as v1
    case 1: return Dialect::V1;
    case 2: return Dialect::V2;
    case 3: return Dialect::V3Early;
    default: return Dialect::Unknown;
    }
}

int markerIndex(const QString &key)
{
    for (int i = 0; i < MarkerCount; ++i) {
        if (key == QLatin1String(MarkerKeys[i]))
            return i;
    }
    return -1;
}

QString markerOrderProblem(const std::array<float, MarkerCount> &markers)
{
    const auto text = [&markers](int k) {
        return QStringLiteral("%1 (%2)").arg(QLatin1String(MarkerKeys[k])).arg(double(markers[size_t(k)]), 0, 'g', 4);
    };
    const auto set = [&markers](int k) { return markers[size_t(k)] >= 0.0f && markers[size_t(k)] <= 1.0f; };
    int previous = -1;
    for (int k = 0; k < MarkerCount; ++k) {
        if (!set(k))
            continue;
        if (previous >= 0) {
            // weapon_release may coincide with contact (a bow's release is its hit); the rest
            // follow one another strictly.
            const float a = markers[size_t(previous)], b = markers[size_t(k)];
            const bool mayTouch = previous == 1 && k == 2;
            if (mayTouch ? b < a : b <= a)
                return QStringLiteral("%1 %2 %3")
                    .arg(text(k), b == a ? QStringLiteral("coincides with") : QStringLiteral("comes before"), text(previous));
        }
        previous = k;
    }
    if (set(4) && markers[4] >= 1.0f)
        return QStringLiteral("%1 is not before the clip's end (1)").arg(text(4));
    return {};
}

quint8 defaultClipFlags(const QString &clipName)
{
    return clipName.startsWith(QLatin1String("riding_")) || clipName.startsWith(QLatin1String("showcase_"))
        ? quint8(0)
        : ClipFlagSuppliesGroundContact;
}

std::optional<quint32> readU32(QByteArrayView data, quint64 offset)
{
    if (!rangeInside(offset, 4, quint64(data.size())))
        return std::nullopt;
    return readU32(reinterpret_cast<const uchar *>(data.data()) + offset);
}

std::optional<quint64> readU64(QByteArrayView data, quint64 offset)
{
    if (!rangeInside(offset, 8, quint64(data.size())))
        return std::nullopt;
    return readU64(reinterpret_cast<const uchar *>(data.data()) + offset);
}

std::optional<float> readF32(QByteArrayView data, quint64 offset)
{
    if (!rangeInside(offset, 4, quint64(data.size())))
        return std::nullopt;
    return readF32(reinterpret_cast<const uchar *>(data.data()) + offset);
}

} // namespace bpat::format
