#include "repair/ClipSamples.h"

#include <algorithm>

namespace bpat::clipsamples {

double median(QList<double> values)
{
    if (values.isEmpty())
        return 0.0;
    const auto middle = values.begin() + values.size() / 2;
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

QList<Vec3> origins(const ClipMotion &motion, int bone)
{
    QList<Vec3> out;
    out.reserve(motion.frameCount());
    for (quint32 f = 0; f < motion.frameCount(); ++f)
        out.append(motion.origin(f, bone));
    return out;
}

QList<double> steps(const ClipMotion &motion, int bone)
{
    QList<double> out;
    for (quint32 f = 0; f + 1 < motion.frameCount(); ++f)
        out.append(posemath::length(posemath::sub(motion.origin(f + 1, bone), motion.origin(f, bone))));
    return out;
}

double medianStep(const ClipMotion &motion, int bone)
{
    return median(steps(motion, bone));
}

double seamStep(const ClipMotion &motion, int bone)
{
    if (motion.frameCount() < 2)
        return 0.0;
    return posemath::length(posemath::sub(motion.origin(0, bone), motion.origin(motion.frameCount() - 1, bone)));
}

double lengthToParent(const ClipMotion &motion, quint32 frame, int bone)
{
    const int parent = motion.skeleton().parentOf(bone);
    if (parent < 0)
        return 0.0;
    return posemath::length(posemath::sub(motion.origin(frame, bone), motion.origin(frame, parent)));
}

} // namespace bpat::clipsamples
