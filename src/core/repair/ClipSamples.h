#pragma once
// Small measurements of a clip the repairs share, on a ClipMotion's current (edited) globals:
// a bone's origin over the frames, its steps between consecutive frames and their median, the
// distance to its parent, and the median of a list.
#include "motionedit/ClipMotion.h"
#include "motionedit/PoseMath.h"

#include <QList>

namespace bpat::clipsamples {

using posemath::Vec3;

double median(QList<double> values); // 0 for none
QList<Vec3> origins(const ClipMotion &motion, int bone);
// |origin(f + 1) - origin(f)| for f = 0 .. n - 2.
QList<double> steps(const ClipMotion &motion, int bone);
double medianStep(const ClipMotion &motion, int bone);
// The step from the last frame into the first (a looping clip's seam).
double seamStep(const ClipMotion &motion, int bone);
double lengthToParent(const ClipMotion &motion, quint32 frame, int bone); // 0 for a root

} // namespace bpat::clipsamples
