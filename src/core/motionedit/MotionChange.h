#pragma once
// What an edit of a clip changed, measured as animation-compression libraries measure their
// error: the object-space distance between the original and the edited position of virtual
// vertices a few centimetres from each bone (at +-distance along each of its local axes, and
// its origin), over every matrix that changed (children included, since they moved too).
#include "motionedit/ClipMotion.h"

#include <QJsonObject>
#include <QList>

namespace bpat {

struct MotionChange
{
    static constexpr double DefaultDistance = 0.03; // metres: the virtual vertices' distance

    double distance = DefaultDistance;
    QList<quint32> frames; // clip frames with a changed matrix, ascending
    QList<int> bones;      // bones changed in some frame, ascending
    quint64 matrices = 0;  // changed matrices
    double maxError = 0.0; // metres
    double meanError = 0.0;
    int worstBone = -1;
    qint64 worstFrame = -1; // clip frame

    bool isEmpty() const { return matrices == 0; }
    // The change of `motion` against its original (frames are its clip's: firstFrame() added).
    static MotionChange of(const ClipMotion &motion, double distance = DefaultDistance);
    // Of the motion's frames [from, to) only (a run with margins around it).
    static MotionChange of(const ClipMotion &motion, quint32 from, quint32 to, double distance = DefaultDistance);
    // The error of a matrix moved by `moved` and not turned: every virtual vertex moves by as
    // much, so it is |moved|, the bits of() gives for it.
    static double translationError(const std::array<double, 3> &moved);
    // A change built matrix by matrix, frames ascending and bones ascending within a frame (what
    // of() does over a ClipMotion; StreamFixer over a TranslatedRun).
    class Tally;
    // Adds another run's change (a clip edited in runs).
    void add(const MotionChange &other);
    // {"frames_changed", "first_frame", "last_frame", "bones": [names], "matrices",
    //  "object_space_error": {"max", "mean", "distance", "bone", "frame"}}
    QJsonObject toJson(const MotionSkeleton &skeleton) const;
};

class MotionChange::Tally
{
public:
    explicit Tally(int boneCount, double distance = DefaultDistance);
    void add(quint32 clipFrame, int bone, double error);
    MotionChange finish() const;

private:
    MotionChange m_change;
    QList<bool> m_boneChanged;
    double m_sum = 0.0;
};

} // namespace bpat
