#pragma once
// A bool curve of an input animation (hand tracked / pinching): keys of time and a float value
// (1.0 true, 0.0 false, kept raw for lossless round trips). Evaluates as a right-continuous step.
#include "anim/KeyedCurve.h"

namespace bpat {

struct BoolKey
{
    float time = 0.0f;
    float value = 0.0f; // as stored; true when > 0.5
    bool isTrue() const { return value > 0.5f; }
    friend bool operator==(const BoolKey &, const BoolKey &) = default;
};

// Its wrap modes are stored and written back; a step curve ignores them when evaluating (see
// the spec sheet).
class BoolCurve : public KeyedCurve<BoolKey>
{
public:
    using KeyedCurve::KeyedCurve;

    // The value of the last key with time <= t (the first key's before it; false without keys).
    bool evaluate(double time) const;

    friend bool operator==(const BoolCurve &, const BoolCurve &) = default;
};

} // namespace bpat
