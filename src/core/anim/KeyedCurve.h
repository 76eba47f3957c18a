#pragma once
// What every curve of an input animation is: keys in time order and the wrap modes stored with
// them (Unity's AnimationCurve). FloatCurve and BoolCurve add how they evaluate.
#include "anim/Keyframe.h"

#include <QList>

namespace bpat {

template<typename Key> class KeyedCurve
{
public:
    KeyedCurve() = default;
    explicit KeyedCurve(QList<Key> keys, WrapMode preWrap = WrapMode::ClampForever, WrapMode postWrap = WrapMode::ClampForever)
        : m_preWrap(preWrap)
        , m_postWrap(postWrap)
        , m_keys(std::move(keys))
    {
    }

    // The toolkit writes ClampForever (8) on both sides; so does a default curve.
    WrapMode preWrap() const { return m_preWrap; }
    WrapMode postWrap() const { return m_postWrap; }
    void setPreWrap(WrapMode mode) { m_preWrap = mode; }
    void setPostWrap(WrapMode mode) { m_postWrap = mode; }

    const QList<Key> &keys() const { return m_keys; }
    QList<Key> &keys() { return m_keys; }
    void setKeys(QList<Key> keys) { m_keys = std::move(keys); }
    int keyCount() const { return int(m_keys.size()); }
    bool isEmpty() const { return m_keys.isEmpty(); }

    // Time of the first / last key (0 without keys).
    double firstTime() const { return m_keys.isEmpty() ? 0.0 : double(m_keys.constFirst().time); }
    double lastTime() const { return m_keys.isEmpty() ? 0.0 : double(m_keys.constLast().time); }

    friend bool operator==(const KeyedCurve &, const KeyedCurve &) = default;

private:
    WrapMode m_preWrap = WrapMode::ClampForever;
    WrapMode m_postWrap = WrapMode::ClampForever;
    QList<Key> m_keys;
};

} // namespace bpat
