#pragma once
// Which bones of a file deform the creature and which are controls: bones the rig places (IK
// targets, poles, a root that carries no body) rather than limbs. Two sources, either of which
// makes a bone a control:
// - the rig: the game's rigs name their controls (resources/rigs/*.json, "control" on a bone);
// - the body: a bone no vertex of the species' rigged body (BPRM, found beside the file by the
//   game's naming, bprm/BodyFiles) is weighted to moves nothing the game draws.
// The motion lint and the gait report leave controls out; the viewport draws them as markers.
#include "mesh/Rig.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

class BpatFile;
class BprmFile;

struct BoneRoles
{
    // Per bone: why it is a control ("IK target in the horse_50bone rig", "no vertex of
    // horse_full.bprm is weighted to it"), empty for a deforming bone.
    QStringList control;
    QString bodyPath; // the body that was read, empty when none
    QString bodyNote; // why no body was read, or why it was not used (empty when one was)

    bool isControl(int bone) const { return bone >= 0 && bone < control.size() && !control.at(bone).isEmpty(); }
    QList<int> controls() const;
    int deformingCount() const { return int(control.size() - controls().size()); }

    // The rig's controls for `boneCount` bones (none without a rig), then the body's: a bone no
    // vertex of `body` is weighted to (when every weighted influence names one of the bones).
    static BoneRoles of(const std::optional<Rig> &rig, int boneCount, const BprmFile *body, const QString &bodyName = {});
    // The roles of a file's bones: its rig (BpatFile::rig) and the body beside it (the full one,
    // else the minimal one), when the file has a path.
    static BoneRoles forFile(const BpatFile &file);
    // Per bone, how many vertices of `body` have an influence on it with a weight other than 0;
    // nullopt when the vertices are not inside the file.
    static std::optional<QList<quint32>> weightedVertices(const BprmFile &body);
};

} // namespace bpat
