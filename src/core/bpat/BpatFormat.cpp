#include "bpat/BpatFormat.h"

namespace bpat::format {

namespace {
constexpr const char *SpeciesNames[LastKnownSpecies + 1] = {
    "humanoid",        "horse",          "elephant",         "humanoid_sword", "humanoid_spear",
    "humanoid_skeleton", "humanoid_caster", "humanoid_stave_caster", "sheep",   "wolf",
};
}

QString speciesName(quint32 id)
{
    if (id > LastKnownSpecies)
        return {};
    return QString::fromLatin1(SpeciesNames[id]);
}

std::optional<quint32> speciesIdFromName(const QString &name)
{
    for (quint32 id = 0; id <= LastKnownSpecies; ++id) {
        if (name == QLatin1String(SpeciesNames[id]))
            return id;
    }
    return std::nullopt;
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
