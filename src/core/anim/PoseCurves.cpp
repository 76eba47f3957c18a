#include "anim/PoseCurves.h"

#include "anim/CurveEvaluator.h"

namespace bpat {

QString poseComponentName(PoseComponent component)
{
    static const char *const names[PoseComponentCount] = {
        "PositionX", "PositionY", "PositionZ", "RotationX", "RotationY", "RotationZ", "RotationW"};
    const int index = int(component);
    return index >= 0 && index < PoseComponentCount ? QString::fromLatin1(names[index]) : QString();
}

PoseSample PoseCurves::evaluate(double time) const
{
    std::array<double, PoseComponentCount> values{};
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = CurveEvaluator::evaluate(curves[i], time);
    return PoseSample::fromComponents(values);
}

} // namespace bpat
