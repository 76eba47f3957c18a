#include "anim/CurveCursor.h"

#include "anim/CurveEvaluator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bpat {

namespace {
// Linear steps tried before switching to a binary search on a long forward jump.
constexpr int MaxLinearSteps = 8;
} // namespace

template<typename Key> int CurveCursor::locate(const QList<Key> &keys, double time)
{
    const int count = int(keys.size());
    int rhs = qBound(0, m_hint, count);
    if (rhs > 0 && !(double(keys[rhs - 1].time) <= time)) {
        rhs = CurveEvaluator::upperBound(keys, time, 0, rhs - 1); // went backwards
    } else {
        int steps = 0;
        while (rhs < count && double(keys[rhs].time) <= time && steps < MaxLinearSteps) {
            ++rhs;
            ++steps;
        }
        if (steps == MaxLinearSteps && rhs < count && double(keys[rhs].time) <= time)
            rhs = CurveEvaluator::upperBound(keys, time, rhs + 1, count);
    }
    m_hint = rhs;
    return rhs;
}

void CurveCursor::cacheSegment(const Keyframe &lhs, const Keyframe &rhs, int rhsIndex)
{
    // Mirrors CurveEvaluator::evaluateSegment's cases: stepped or zero-width (the left value),
    // toolkit keys (weights 0 on the weighted sides: exactly linear), anything else (general).
    m_segment = rhsIndex;
    m_t0 = double(lhs.time);
    m_t1 = double(rhs.time);
    m_dx = double(rhs.time) - double(lhs.time);
    m_v0 = lhs.value;
    m_dv = double(rhs.value) - double(lhs.value);
    m_kind = SegmentKind::General;
    if (m_dx == 0.0 || std::isinf(lhs.outTangent) || std::isinf(rhs.inTangent)) {
        m_kind = SegmentKind::Constant;
    } else {
        const bool outWeighted = (lhs.weightedMode & WeightedMode::Out) != 0;
        const bool inWeighted = (rhs.weightedMode & WeightedMode::In) != 0;
        if (outWeighted || inWeighted) {
            const double w1 = outWeighted ? double(lhs.outWeight) : 1.0 / 3.0;
            const double w2 = inWeighted ? double(rhs.inWeight) : 1.0 / 3.0;
            if (w1 == 0.0 && w2 == 0.0)
                m_kind = SegmentKind::Linear;
        }
    }
    // value()'s first branch takes every time in [t0, t1) that is also inside the curve's key
    // range; when the segment lies inside it (always, with sorted keys), that is the span.
    const QList<Keyframe> &keys = m_float->keys();
    if (m_kind != SegmentKind::General && double(keys.constFirst().time) <= m_t0 && m_t1 <= double(keys.constLast().time))
        m_span = Span{m_t0, m_t1, m_t0, m_dx, m_v0, m_dv, m_kind == SegmentKind::Linear};
    else
        m_span = Span{};
}

double CurveCursor::value(double time)
{
    if (m_bool)
        return boolValue(time) ? 1.0 : 0.0;
    if (!m_float)
        return 0.0;
    const QList<Keyframe> &keys = m_float->keys();
    const int count = int(keys.size());
    // The common case of a forward sweep: a time inside the curve's span (no wrapping) and
    // inside the remembered segment or the next one. The same arithmetic as the general path
    // below (wrapTime returns the time itself there, locate the same rhs), without its calls.
    if (m_segment > 0 && m_segment < count && m_t0 <= time && time < m_t1 && double(keys.constFirst().time) <= time
        && time <= double(keys.constLast().time)) {
        // Still inside the decoded segment (and the curve's span: no wrapping): locate() would
        // return the same rhs.
        m_hint = m_segment;
        switch (m_kind) {
        case SegmentKind::Linear: {
            const double s = (time - m_t0) / m_dx;
            return m_v0 + m_dv * std::clamp(s, 0.0, 1.0);
        }
        case SegmentKind::Constant: return m_v0;
        case SegmentKind::General: break;
        }
        const Keyframe *k = keys.constData();
        return CurveEvaluator::evaluateSegment(k[m_segment - 1], k[m_segment], time);
    }
    if (count >= 2) {
        const Keyframe *k = keys.constData();
        if (double(k[0].time) <= time && time <= double(k[count - 1].time)) {
            int rhs = m_hint;
            if (rhs > 0 && rhs < count && double(k[rhs - 1].time) <= time) {
                if (!(double(k[rhs].time) <= time) || (++rhs < count && !(double(k[rhs].time) <= time))) {
                    m_hint = rhs;
                    cacheSegment(k[rhs - 1], k[rhs], rhs);
                    return CurveEvaluator::evaluateSegment(k[rhs - 1], k[rhs], time);
                }
            }
        }
    }
    constexpr double Infinity = std::numeric_limits<double>::infinity();
    if (keys.size() <= 1) { // one value everywhere
        const double v = keys.isEmpty() ? 0.0 : double(keys.constFirst().value);
        m_span = Span{-Infinity, Infinity, 0.0, 1.0, v, 0.0, false};
        return v;
    }
    const CurveEvaluator::WrappedTime wrapped = CurveEvaluator::wrapTime(*m_float, time);
    m_span = Span{};
    if (wrapped.clampedKey >= 0) {
        const double v = keys[wrapped.clampedKey].value;
        // Clamped before the first key or after the last: so is every time on that side when
        // wrapTime clamps there for every time (not a repeating mode over a positive length).
        const double begin = keys.constFirst().time;
        const double end = keys.constLast().time;
        const bool before = time < begin;
        const WrapMode mode = before ? m_float->preWrap() : m_float->postWrap();
        const bool repeats = (mode == WrapMode::Loop || mode == WrapMode::PingPong) && end - begin > 0.0;
        if (!repeats && before)
            m_span = Span{-Infinity, begin, 0.0, 1.0, v, 0.0, false};
        else if (!repeats && time > end)
            m_span = Span{std::nextafter(end, Infinity), Infinity, 0.0, 1.0, v, 0.0, false};
        return v;
    }
    return CurveEvaluator::valueInRange(keys, locate(keys, wrapped.time), wrapped.time);
}

bool CurveCursor::boolValue(double time)
{
    if (m_float)
        return value(time) > 0.5;
    if (!m_bool)
        return false;
    return CurveEvaluator::boolAt(m_bool->keys(), locate(m_bool->keys(), time));
}

} // namespace bpat
