#pragma once
// Helpers shared by the tests of the built-in species: find a manifest and a clip by name, a
// bone's origin, the foot bones of a rig.
#include "bake/SpeciesCatalog.h"

#include <QList>
#include <QMatrix4x4>
#include <QString>
#include <QVector3D>

namespace testspecies {

inline bpat::SpeciesManifest manifest(const QString &species)
{
    for (const bpat::SpeciesManifest &m : bpat::SpeciesCatalog::builtIn()) {
        if (m.speciesName == species)
            return m;
    }
    return {};
}

inline int clipIndex(const bpat::SpeciesManifest &m, const QString &name)
{
    for (int i = 0; i < m.clips.size(); ++i) {
        if (m.clips.at(i).name == name)
            return i;
    }
    return -1;
}

inline QVector3D origin(const QMatrix4x4 &m)
{
    return m.map(QVector3D());
}

// Foot bones of a rig (names starting with "Foot"), in rig order.
inline QList<int> feet(const bpat::SpeciesManifest &m)
{
    QList<int> result;
    for (int b = 0; b < m.rig.boneCount(); ++b) {
        if (m.rig.bone(b).name.startsWith(QLatin1String("Foot")))
            result.append(b);
    }
    return result;
}

} // namespace testspecies
