#include "anim/RayCurves.h"

#include "anim/CurveEvaluator.h"

namespace bpat {

QString rayComponentName(RayComponent component)
{
    static const char *const names[RayComponentCount] = {
        "OriginX", "OriginY", "OriginZ", "DirectionX", "DirectionY", "DirectionZ"};
    const int index = int(component);
    return index >= 0 && index < RayComponentCount ? QString::fromLatin1(names[index]) : QString();
}

RaySample RayCurves::evaluate(double time) const
{
    std::array<double, RayComponentCount> values{};
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = CurveEvaluator::evaluate(curves[i], time);
    return RaySample::fromComponents(values);
}

} // namespace bpat
