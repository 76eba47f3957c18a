#pragma once
// A float curve of an input animation: wrap modes and keys (Unity AnimationCurve). Evaluation
// follows Unity's AnimationCurve.Evaluate (see CurveEvaluator); for many samples at increasing
// times use CurveCursor.
#include "anim/Keyframe.h"

#include <QList>

namespace bpat {

class FloatCurve
{
public:
    FloatCurve() = default;
    explicit FloatCurve(QList<Keyframe> keys, WrapMode preWrap = WrapMode::ClampForever,
                        WrapMode postWrap = WrapMode::ClampForever);

    // The toolkit writes ClampForever (8) on both sides; so does a default curve.
    WrapMode preWrap() const { return m_preWrap; }
    WrapMode postWrap() const { return m_postWrap; }
    void setPreWrap(WrapMode mode) { m_preWrap = mode; }
    void setPostWrap(WrapMode mode) { m_postWrap = mode; }

    const QList<Keyframe> &keys() const { return m_keys; }
    QList<Keyframe> &keys() { return m_keys; }
    void setKeys(QList<Keyframe> keys) { m_keys = std::move(keys); }
    int keyCount() const { return int(m_keys.size()); }
    bool isEmpty() const { return m_keys.isEmpty(); }

    // Time of the first / last key (0 without keys).
    double firstTime() const { return m_keys.isEmpty() ? 0.0 : double(m_keys.constFirst().time); }
    double lastTime() const { return m_keys.isEmpty() ? 0.0 : double(m_keys.constLast().time); }

    // Random access by binary search; same as CurveEvaluator::evaluate(*this, time).
    double evaluate(double time) const;

    friend bool operator==(const FloatCurve &, const FloatCurve &) = default;

private:
    WrapMode m_preWrap = WrapMode::ClampForever;
    WrapMode m_postWrap = WrapMode::ClampForever;
    QList<Keyframe> m_keys;
};

} // namespace bpat
