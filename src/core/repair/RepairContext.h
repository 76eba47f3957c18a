#pragma once
// What every motion repair knows of the clip it edits besides its frames: the rig (feet, names,
// the kind of creature), the motion lint's thresholds and the file's ground, and the clip's own
// fields. And what a repair says it did (RepairOutcome): the frames and bones whose local poses it
// set, what it addressed, and why it skipped what it did not touch.
#include "motion/MotionRig.h"
#include "bpat/MotionThresholds.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <cmath>

namespace bpat {

struct RepairContext
{
    MotionRig rig;
    MotionThresholds thresholds;
    double ground = std::nan(""); // the file's ground (MotionLint::ground()); NaN when unknown
    QString groundSource;
    int clip = -1;
    QString clipName;
    float fps = 24.0f;
    bool loops = false;
    bool suppliesGroundContact = true; // v3 flag (riding_ and showcase_ clips opt out)
    QList<float> contactFootY;         // the clip's v3 contact records' foot_y (empty without a table)
};

struct RepairOutcome
{
    QString repair;        // "loop_seam", "pops", "bone_lengths", "ground", "foot_lock", "contacts"
    int addressed = 0;     // findings (or phases, for the foot lock) it acted on
    QList<quint32> frames; // clip frames whose local poses it set, ascending
    QList<int> bones;      // bones whose local poses it set, ascending
    QStringList notes;     // what it did, for people ("seam window 8 frames (24..31)")
    QStringList skipped;   // what it left alone, and why

    bool changed() const { return !frames.isEmpty(); }
    void touch(quint32 frame, int bone);
    void finish(); // sorts frames and bones
};

} // namespace bpat
