#include "motion/BoneRoles.h"

#include "bpat/BpatFile.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"

#include <QFileInfo>

namespace bpat {

QList<int> BoneRoles::controls() const
{
    QList<int> out;
    for (int b = 0; b < control.size(); ++b) {
        if (!control.at(b).isEmpty())
            out.append(b);
    }
    return out;
}

std::optional<QList<quint32>> BoneRoles::weightedVertices(const BprmFile &body)
{
    if (!body.hasMagic() || !body.vertexDataInBounds())
        return std::nullopt;
    QList<quint32> counts(256, 0);
    for (quint32 v = 0; v < body.header().vertexCount; ++v) {
        const std::optional<CreatureVertex> vertex = body.vertex(v);
        if (!vertex)
            return std::nullopt;
        for (int k = 0; k < 4; ++k) {
            if (vertex->weights[k] != 0.0f)
                ++counts[vertex->bones[k]];
        }
    }
    return counts;
}

BoneRoles BoneRoles::of(const std::optional<Rig> &rig, int boneCount, const BprmFile *body, const QString &bodyName)
{
    BoneRoles roles;
    boneCount = std::max(0, boneCount);
    roles.control = QStringList(boneCount);
    if (rig && rig->boneCount() == boneCount && rig->knownNames()) {
        for (int b = 0; b < boneCount; ++b) {
            if (rig->bone(b).isControl())
                roles.control[b] = QStringLiteral("%1 in the %2 rig").arg(rig->bone(b).control, rig->name());
        }
    }
    if (!body)
        return roles;
    const std::optional<QList<quint32>> weighted = weightedVertices(*body);
    if (!weighted) {
        roles.bodyNote = QStringLiteral("%1: its vertices are not inside the file").arg(bodyName);
        return roles;
    }
    for (int b = boneCount; b < weighted->size(); ++b) {
        if (weighted->at(b) > 0) {
            roles.bodyNote =
                QStringLiteral("%1 weights bone %2, which the file does not have: not its body").arg(bodyName).arg(b);
            return roles;
        }
    }
    roles.bodyPath = bodyName;
    for (int b = 0; b < boneCount; ++b) {
        if (weighted->at(b) == 0 && roles.control.at(b).isEmpty())
            roles.control[b] = QStringLiteral("no vertex of %1 is weighted to it").arg(bodyName);
    }
    return roles;
}

BoneRoles BoneRoles::forFile(const BpatFile &file)
{
    if (!file.hasHeader())
        return {};
    const int bones = int(file.header().boneCount);
    const std::optional<Rig> rig = file.rig();
    if (file.path().isEmpty() || bones < 1 || bones > 64)
        return of(rig, bones, nullptr);
    const BodyFiles::Bodies bodies = BodyFiles::besideBpat(file.path(), file.header().speciesId);
    const QString path = bodies.full.isEmpty() ? bodies.minimal : bodies.full;
    if (path.isEmpty()) {
        BoneRoles roles = of(rig, bones, nullptr);
        roles.bodyNote = QStringLiteral("no body of the species beside the file");
        return roles;
    }
    QString error;
    const std::optional<BprmFile> body = BprmFile::open(path, &error);
    if (!body) {
        BoneRoles roles = of(rig, bones, nullptr);
        roles.bodyNote = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), error);
        return roles;
    }
    BoneRoles roles = of(rig, bones, &*body, QFileInfo(path).fileName());
    if (!roles.bodyPath.isEmpty())
        roles.bodyPath = path;
    return roles;
}

} // namespace bpat
