#include "anim/PoseCursor.h"

namespace bpat {

PoseCursor::PoseCursor(const PoseCurves &curves)
{
    for (size_t i = 0; i < m_cursors.size(); ++i)
        m_cursors[i] = CurveCursor(curves.curves[i]);
}

PoseSample PoseCursor::sample(double time)
{
    std::array<double, PoseComponentCount> values{};
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = m_cursors[i].value(time);
    return PoseSample::fromComponents(values);
}

void PoseCursor::reset()
{
    for (CurveCursor &cursor : m_cursors)
        cursor.reset();
}

} // namespace bpat
