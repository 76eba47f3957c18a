#include "bpat/GameRigs.h"

#include <QStringList>

namespace bpat::GameRigs {

QList<quint32> boneCounts(quint32 speciesId, quint32 version)
{
    if (version < 1 || version > 3)
        return {};
    switch (speciesId) {
    case 0: // humanoid and its variants: 20 bones in every version
    case 3:
    case 4:
    case 5: return {20};
    case 6: // humanoid_caster, humanoid_stave_caster: from v2
    case 7: return version >= 2 ? QList<quint32>{20} : QList<quint32>{};
    case 1: // horse: 8 (first v1 files), 16 (by 87c4b9aa), 50 (18c572f2, during v2)
        return version == 1 ? QList<quint32>{8, 16} : version == 2 ? QList<quint32>{16, 50} : QList<quint32>{50};
    case 2: // elephant: 8, 16, then 32
        return version == 1 ? QList<quint32>{8, 16} : version == 2 ? QList<quint32>{16, 32} : QList<quint32>{32};
    case 8: // sheep, wolf: v2 only from 7ea61077 (20 bones), 21 from dd02abed
    case 9: return version == 2 ? QList<quint32>{20, 21} : version == 3 ? QList<quint32>{21} : QList<quint32>{};
    default: return {};
    }
}

bool isGameRig(quint32 speciesId, quint32 boneCount)
{
    for (quint32 version = 1; version <= 3; ++version) {
        if (boneCounts(speciesId, version).contains(boneCount))
            return true;
    }
    return false;
}

QString describe(const QList<quint32> &counts)
{
    QStringList parts;
    for (quint32 c : counts)
        parts << QString::number(c);
    return parts.join(QStringLiteral(" or "));
}

} // namespace bpat::GameRigs
