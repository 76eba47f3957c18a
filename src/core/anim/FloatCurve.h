#pragma once
// A float curve of an input animation: wrap modes and keys (Unity AnimationCurve). Evaluation
// follows Unity's AnimationCurve.Evaluate (see CurveEvaluator); for many samples at increasing
// times use CurveCursor.
#include "anim/KeyedCurve.h"

namespace bpat {

class FloatCurve : public KeyedCurve<Keyframe>
{
public:
    using KeyedCurve::KeyedCurve;

    // Random access by binary search; same as CurveEvaluator::evaluate(*this, time).
    double evaluate(double time) const;

    friend bool operator==(const FloatCurve &, const FloatCurve &) = default;
};

} // namespace bpat
