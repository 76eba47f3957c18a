#pragma once
// What the motion analysis knows about a file's skeleton: its bones' names and parents (the
// game's rig of any era, a late-v3 file's own table, or index names: BpatFile::rig), its feet
// and report kind (the species catalogue's rig: species/SpeciesRig, the bones the game's baker
// reads ground contacts from, bpat-versions.md 5.4) and, for the humanoid rig, the bones the
// game's gait report reads (specs/motion-analysis.md).
#include <QList>
#include <QString>
#include <QStringList>
#include <array>
#include <optional>

namespace bpat {

class BpatFile;

struct MotionRig
{
    enum class Kind {
        Humanoid,  // the game's 20-bone humanoid: the game's gait report
        Quadruped, // four feet (horse, elephant, sheep, wolf of every era): the per-foot report
        Other,     // no feet known (an unknown rig, the rebake recipes' hands): stretch only
    };

    // One of the game's stretch pairs: parent -> child with the rig length the game uses.
    struct StretchPair
    {
        int from = -1;
        int to = -1;
        float length = 0.0f;
        QString label; // "upper_arm_l", "shin_r"
    };

    // The humanoid bones the game's report reads.
    struct Humanoid
    {
        int pelvis = -1, shoulderL = -1, handL = -1, footL = -1, footR = -1;
        std::array<StretchPair, 8> pairs;
    };

    Kind kind = Kind::Other;
    int boneCount = 0;
    QString rigName;   // empty for an unknown rig
    QString rigSource; // Rig::describeSource(): where the names come from
    QStringList boneNames;
    QList<int> parents;     // -1 for a root or an unknown parent
    QList<int> feet;        // bones; humanoid: FootL, FootR; quadruped: front left, front right, back left, back right
    QStringList footLabels; // "foot_l", "foot_r" / "front_l", "front_r", "back_l", "back_r"
    QStringList footNames;  // for people: "left foot" / "front left hoof" (the rig's), else the bones' names
    std::optional<Humanoid> humanoid;
    // Controls (BoneRoles): bones the rig places (IK targets, poles, a root without body) or no
    // vertex of the body is weighted to. Per bone, why; empty for a deforming bone.
    QStringList controls;
    QString controlSource; // "the horse_50bone rig and horse_full.bprm", "the humanoid rig"
    // Per bone: the child that continues it (its length is the distance to it), -1 where none:
    // the rig's tail, else the only deforming child. Side branches (hips off the pelvis,
    // shoulders off the chest, ears off the head) join at offsets a rig may move.
    QList<int> tails;

    // forFile(file) reads the body beside the file (BoneRoles::forFile); `withBody` false
    // takes the rig's controls only.
    static MotionRig forFile(const BpatFile &file, bool withBody = true);
    static QString kindName(Kind kind); // "humanoid", "quadruped", "other"
    QString boneName(int bone) const;
    bool isRoot(int bone) const { return bone >= 0 && bone < parents.size() && parents.at(bone) < 0; }
    bool isControl(int bone) const { return bone >= 0 && bone < controls.size() && !controls.at(bone).isEmpty(); }
    int deformingCount() const;
    // The bones whose distance to their parent is a length the motion may not change (the
    // lint's BONE_STRETCH, the quadruped report's length change): the parent's tail, where
    // neither is a control and the parent is no root.
    QList<int> lengthBones() const;
    // One line for people: "9 control bones are not judged for pops, seams or stretch: Body
    // (root in the horse_50bone rig); PoleTargetBack.L, ... (pole target in the horse_50bone
    // rig); ...", empty when there are none.
    QString controlsSummary() const;
};

} // namespace bpat
