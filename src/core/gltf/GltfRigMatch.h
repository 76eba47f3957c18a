#pragma once
// Maps imported joint names to the bones of a rig (docs/gltf.md, "Import"): the rig given,
// else the species' rigs (which must match: the error names missing and extra joints), else
// any built-in rig with exactly these names, else none (the joints become bones of their own).
#include "mesh/RigDescription.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

struct GltfRigMatch
{
    QString rigName;        // empty when no rig matched
    QList<int> boneOfJoint; // palette bone of each joint; empty when no rig matched
    QStringList boneNames;  // per palette bone (rig order)
    QList<int> boneParents;
    quint32 speciesId = 0;

    // `fileSpecies`: the species the file says it holds (the exporter's extras), preferred when
    // several species share a rig. Sets *error when a rig was asked for and does not match.
    static GltfRigMatch match(const QStringList &joints, const std::optional<RigDescription> &rig, std::optional<quint32> species,
                              std::optional<quint32> fileSpecies, QString *error);
};

} // namespace bpat
