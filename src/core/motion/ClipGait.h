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
    // The largest per-frame bone stretch: humanoid against the game's rig lengths, other rigs
    // against each bone's own median length in the clip (pairs whose parent is a root left out).
    bool hasStretch = false;
    double worstStretch = 0.0;
    QString worstBone;       // humanoid: the game's label ("thigh_r"); others: the child bone's name
    int worstBoneIndex = -1; // the child bone
    int worstFrame = -1;

    QList<MotionSeries> series;
};

} // namespace bpat
