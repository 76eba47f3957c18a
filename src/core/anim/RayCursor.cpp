#include "anim/RayCursor.h"

namespace bpat {

RayCursor::RayCursor(const RayCurves &curves)
{
    for (size_t i = 0; i < m_cursors.size(); ++i)
        m_cursors[i] = CurveCursor(curves.curves[i]);
}

RaySample RayCursor::sample(double time)
{
    std::array<double, RayComponentCount> values{};
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = m_cursors[i].value(time);
    return RaySample::fromComponents(values);
}

void RayCursor::reset()
{
    for (CurveCursor &cursor : m_cursors)
        cursor.reset();
}

} // namespace bpat
