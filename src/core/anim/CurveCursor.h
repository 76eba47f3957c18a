#pragma once
// A forward cursor over one curve (float or bool) for sampling at increasing times: it remembers
// the segment of the last lookup and steps forward from it, so a sweep of N samples over K keys
// costs O(N + K) in total (amortized O(1) per sample). A backwards jump (or a Loop/PingPong wrap)
// falls back to a binary search; a long forward jump gallops into a binary search. Results are
// identical to CurveEvaluator::evaluate for every time. The curve must outlive the cursor and
// must not be modified while the cursor is in use.
#include "anim/BoolCurve.h"
#include "anim/FloatCurve.h"

namespace bpat {

class CurveCursor
{
public:
    CurveCursor() = default;
    explicit CurveCursor(const FloatCurve &curve)
        : m_float(&curve)
    {
    }
    explicit CurveCursor(const BoolCurve &curve)
        : m_bool(&curve)
    {
    }

    bool isNull() const { return !m_float && !m_bool; }
    bool isBool() const { return m_bool != nullptr; }

    // The curve's value: a float curve's value, a bool curve's as 0 or 1; 0 for a null cursor.
    double value(double time);
    // A bool curve's step; for a float curve, value(time) > 0.5.
    bool boolValue(double time);

    // Forget the remembered segment (the next lookup is a binary search).
    void reset()
    {
        m_hint = 0;
        m_segment = -1;
        m_span = Span{};
    }

    // What the last value() call learnt about the times around it: for every time in
    // [lo, hi), value(time) is v0 + dv * clamp((time - t0) / dx, 0, 1) when linear, else v0,
    // bit for bit (the same double operations), and leaves the cursor as it is. Empty (lo > hi)
    // when the last sample fell in no such span (a curved segment, a wrapped time). For callers
    // that sample several curves at once (PoseCursor): they can skip the cursor while inside.
    struct Span
    {
        double lo = 1.0, hi = 0.0; // empty
        double t0 = 0.0, dx = 1.0, v0 = 0.0, dv = 0.0;
        bool linear = false;
    };
    const Span &span() const { return m_span; }

private:
    template<typename Key> int locate(const QList<Key> &keys, double time);
    void cacheSegment(const Keyframe &lhs, const Keyframe &rhs, int rhsIndex);

    const FloatCurve *m_float = nullptr;
    const BoolCurve *m_bool = nullptr;
    int m_hint = 0; // rhs of the last lookup: index of the first key with time > last time
    // The segment of the last float sample, decoded once for the samples that follow inside it
    // (many per segment when sampling faster than the keys): its rhs index, span and how it
    // evaluates. The values are exactly CurveEvaluator::evaluateSegment's.
    enum class SegmentKind : quint8 {
        General,
        Linear,
        Constant
    };
    int m_segment = -1; // rhs index, -1 when none
    SegmentKind m_kind = SegmentKind::General;
    double m_t0 = 0.0, m_t1 = 0.0, m_dx = 0.0, m_v0 = 0.0, m_dv = 0.0;
    Span m_span;
};

} // namespace bpat
