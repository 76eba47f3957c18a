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
    std::optional<Humanoid> humanoid;

    static MotionRig forFile(const BpatFile &file);
    static QString kindName(Kind kind); // "humanoid", "quadruped", "other"
    QString boneName(int bone) const;
    bool isRoot(int bone) const { return bone >= 0 && bone < parents.size() && parents.at(bone) < 0; }
};

} // namespace bpat
