#pragma once
// A bool curve of an input animation (hand tracked / pinching): keys of time and a float value
// (1.0 true, 0.0 false, kept raw for lossless round trips). Evaluates as a right-continuous step.
#include "anim/Keyframe.h"

#include <QList>

namespace bpat {

struct BoolKey
{
    float time = 0.0f;
    float value = 0.0f; // as stored; true when > 0.5
    bool isTrue() const { return value > 0.5f; }
    friend bool operator==(const BoolKey &, const BoolKey &) = default;
};

class BoolCurve
{
public:
    BoolCurve() = default;
    explicit BoolCurve(QList<BoolKey> keys, WrapMode preWrap = WrapMode::ClampForever,
                       WrapMode postWrap = WrapMode::ClampForever);

    // Stored and written back; a step curve ignores them when evaluating (see the spec sheet).
    WrapMode preWrap() const { return m_preWrap; }
    WrapMode postWrap() const { return m_postWrap; }
    void setPreWrap(WrapMode mode) { m_preWrap = mode; }
    void setPostWrap(WrapMode mode) { m_postWrap = mode; }

    const QList<BoolKey> &keys() const { return m_keys; }
    QList<BoolKey> &keys() { return m_keys; }
    void setKeys(QList<BoolKey> keys) { m_keys = std::move(keys); }
    int keyCount() const { return int(m_keys.size()); }
    bool isEmpty() const { return m_keys.isEmpty(); }
    double firstTime() const { return m_keys.isEmpty() ? 0.0 : double(m_keys.constFirst().time); }
    double lastTime() const { return m_keys.isEmpty() ? 0.0 : double(m_keys.constLast().time); }

    // The value of the last key with time <= t (the first key's before it; false without keys).
    bool evaluate(double time) const;

    friend bool operator==(const BoolCurve &, const BoolCurve &) = default;

private:
    WrapMode m_preWrap = WrapMode::ClampForever;
    WrapMode m_postWrap = WrapMode::ClampForever;
    QList<BoolKey> m_keys;
};

} // namespace bpat
