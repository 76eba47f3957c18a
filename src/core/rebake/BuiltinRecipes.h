#pragma once
// The recipes that ship with BPAT Studio:
// - "hands": species 0, 53 bones: Head (camera) and the 26 recorded joints of each hand, every
//   bone's palette matrix the converted joint pose itself.
// - "humanoid-upper-body": the game's 20-bone humanoid (species/SpeciesRig) driven from a
//   recording: the body follows the camera on the floor, the head is the camera, the hands are
//   the wrists, the arms are solved by two-bone IK, legs and spine keep a standing pose. Poses are
//   used in the recording's own (Unity) frame, which is the game's: front +Z, left at -X.
#include "rebake/RebakeRecipe.h"

#include <QStringList>
#include <optional>

namespace bpat {

class BuiltinRecipes
{
public:
    static RebakeRecipe hands();
    static RebakeRecipe humanoidUpperBody();
    static QStringList names(); // "hands", "humanoid-upper-body"
    static std::optional<RebakeRecipe> byName(const QString &name);
    // The built-in recipes that write `speciesId` with one of `boneCounts` bones (a game rig's,
    // or an --into file's), in names() order: what a dialog suggests for that target.
    static QStringList fitting(quint32 speciesId, const QList<quint32> &boneCounts);
    // Whether a built-in recipe writes `speciesId` with `boneCount` bones in the recordings' own
    // frame (no coordinate conversion: the humanoid-upper-body recipe and the game's humanoid),
    // so a recording drawn over such a file is drawn as recorded.
    static bool keepsRecordingFrame(quint32 speciesId, int boneCount);
};

} // namespace bpat
