#pragma once
// The gait report of one clip (specs/motion-analysis.md): for the game's humanoid exactly the
// numbers of the game's preview tool (`--report`), for the quadrupeds of every era the same
// ideas per foot, and for every rig with known parents the worst bone stretch. Plus the
// per-frame series behind the numbers, for plots.
#include "motion/MotionRig.h"

#include <QList>
#include <QString>

namespace bpat {

// One quantity over a clip's frames (frame 0 .. frames - 1).
struct MotionSeries
{
    QString key;   // "foot_l_y", "pelvis_x", "stretch"
    QString label; // for people: "FootL height"
    QString unit;  // "m" or "" (a ratio)
    QList<double> values;
    int bone = -1; // the bone it follows, if one
};

struct FootGait
{
    QString label; // "front_l"
    int bone = -1;
    QString boneName;            // "FF.L"
    double travel = 0.0;         // max - min of the foot's z
    double lift = 0.0;           // max - min of the foot's y
    double contactRetreat = 0.0; // the planted-foot rule on this foot (metres per cycle)
    QString name;                // for people: "front left hoof" (the rig's), else the bone's name
};

struct ClipGait
{
    int clip = -1;
    QString name;
    quint32 frames = 0;
    float fps = 0.0f;
    bool loops = false;
    MotionRig::Kind kind = MotionRig::Kind::Other;
    bool reported = false;   // false: fewer than 4 frames (the game reports nothing), see note
    bool unreadable = false; // not reported because the file does not hold the clip's frames
    QString note;

    // Humanoid: the game's report.
    double footTravel = 0.0, contactRetreat = 0.0, footLift = 0.0, handSwing = 0.0, pelvisBob = 0.0, pelvisSway = 0.0,
           shoulderTwist = 0.0, stepWidth = 0.0;
    // Quadrupeds: per foot; contactRetreat is then the feet's median (sorted[count / 2]).
    QList<FootGait> feet;
    // contact_retreat / cycle time, per cycle time (seconds): the skate-free ground speed.
    QList<std::pair<double, double>> skateFreeSpeeds;
    // Two different measures under one set of fields (docs/cli.md, "analyze"):
    // - humanoid: the game's *limb stretch*, a limb's length / the game's rig length for it
    //   (motion-analysis.md: upper arm 0.32 m ...), the largest of the eight limbs per frame;
    // - other rigs: the *length change*, a bone's length / its own median length in the clip
    //   (the lint's BONE_STRETCH measure; the bones of MotionRig::lengthBones()).
    enum class StretchMeasure {
        RigLength,  // "rig_length"
        ClipMedian, // "clip_median"
    };
    bool hasStretch = false;
    StretchMeasure stretchMeasure = StretchMeasure::ClipMedian;
    double worstStretch = 0.0;
    QString worstBone;       // humanoid: the game's label ("thigh_r", as its --report prints); others: the child bone's name
    QString worstLink;       // the rig's names of the pair: "HipR -> KneeR"
    int worstBoneIndex = -1; // the child bone
    int worstFrame = -1;
    static QString measureKey(StretchMeasure measure); // "rig_length", "clip_median"
    // For people: "limb stretch (length / the game's rig length)", "length change (length / its
    // median in the clip)"; the short name alone with `withMeaning` false.
    static QString measureName(StretchMeasure measure, bool withMeaning = true);

    QList<MotionSeries> series;
};

} // namespace bpat
