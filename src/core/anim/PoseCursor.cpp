#include "anim/PoseCursor.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace bpat {

PoseCursor::PoseCursor(const PoseCurves &curves)
{
    for (size_t i = 0; i < m_cursors.size(); ++i)
        m_cursors[i] = CurveCursor(curves.curves[i]);
}

std::array<double, PoseComponentCount> PoseCursor::components(double time)
{
    std::array<double, PoseComponentCount> values;
    if (m_lo <= time && time < m_hi) {
        // Each value exactly as CurveCursor::value() computes it inside its span.
        if (m_sharedKeys) {
            const double s = std::clamp((time - m_t0) / m_dx, 0.0, 1.0);
            for (size_t i = 0; i < values.size(); ++i)
                values[i] = m_linear[i] ? m_v0[i] + m_dv[i] * s : m_v0[i];
        } else {
            for (size_t i = 0; i < values.size(); ++i) {
                values[i] = m_linear[i] ? m_v0[i] + m_dv[i] * std::clamp((time - m_spanT0[i]) / m_spanDx[i], 0.0, 1.0) : m_v0[i];
            }
        }
        return values;
    }
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = m_cursors[i].value(time);
    learnSpans();
    return values;
}

void PoseCursor::learnSpans()
{
    m_lo = -std::numeric_limits<double>::infinity();
    m_hi = std::numeric_limits<double>::infinity();
    m_sharedKeys = true;
    bool first = true;
    for (size_t i = 0; i < m_cursors.size(); ++i) {
        const CurveCursor::Span &span = m_cursors[i].span();
        if (!(span.lo <= span.hi)) {
            m_lo = 1.0;
            m_hi = 0.0;
            return;
        }
        m_lo = std::max(m_lo, span.lo);
        m_hi = std::min(m_hi, span.hi);
        m_linear[i] = span.linear;
        m_v0[i] = span.v0;
        m_dv[i] = span.dv;
        m_spanT0[i] = span.t0;
        m_spanDx[i] = span.dx;
        if (!span.linear)
            continue;
        if (first) {
            m_t0 = span.t0;
            m_dx = span.dx;
            first = false;
        } else if (std::bit_cast<quint64>(span.t0) != std::bit_cast<quint64>(m_t0)
                   || std::bit_cast<quint64>(span.dx) != std::bit_cast<quint64>(m_dx)) { // the same bits: the same s
            m_sharedKeys = false;
        }
    }
}

void PoseCursor::reset()
{
    for (CurveCursor &cursor : m_cursors)
        cursor.reset();
    m_lo = 1.0;
    m_hi = 0.0;
}

} // namespace bpat
