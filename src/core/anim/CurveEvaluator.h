#pragma once
// Evaluation of input-animation curves with Unity's AnimationCurve.Evaluate semantics (see
// ../shared/specs/input-animation.md, "Evaluating a float curve"):
//  - no keys: 0; one key: its value everywhere;
//  - outside [first, last]: Loop repeats, PingPong reflects, every other wrap mode clamps to
//    the end key's value;
//  - segment: the first key with time > t is rhs, the key before it lhs (at a key's time the
//    segment starting there is used); stepped when lhs.outTangent or rhs.inTangent is infinite;
//    v0 when both keys share a time; weighted Bezier when lhs has Out or rhs has In weighting
//    (x(u) = s solved by safeguarded Newton); cubic Hermite otherwise;
//  - bool curves: right-continuous step (last key with time <= t, first key's value before).
// All arithmetic is in double on the stored float keys.
#include "anim/BoolCurve.h"
#include "anim/FloatCurve.h"

namespace bpat {

class CurveEvaluator
{
public:
    // Random access: binary search for the segment.
    static double evaluate(const FloatCurve &curve, double time);
    static bool evaluate(const BoolCurve &curve, double time);

    // --- building blocks (shared with CurveCursor, usable for tests and plotting) ---

    // Where a time falls once wrap modes apply: either a time inside [first, last] to evaluate,
    // or the index of the end key whose value applies (clamping wrap modes).
    struct WrappedTime
    {
        double time = 0.0;
        int clampedKey = -1; // >= 0: the curve's value is keys[clampedKey].value
    };
    // Needs at least one key.
    static WrappedTime wrapTime(const FloatCurve &curve, double time);

    // Value at a time inside the key range, given rhs = the index of the first key whose time
    // is > time (keys.size() when none).
    static double valueInRange(const QList<Keyframe> &keys, int rhs, double time);
    // One segment: time is expected within [lhs.time, rhs.time].
    static double evaluateSegment(const Keyframe &lhs, const Keyframe &rhs, double time);
    // The Bezier parameter u in [0, 1] with x(u) = s for x(u) = a u^3 + b u^2 + c u,
    // a = 3w1 + 3w2 - 2, b = 3 - 6w1 - 3w2, c = 3w1 (x(0) = 0, x(1) = 1). Safeguarded Newton:
    // a Newton step that leaves the bracket is replaced by bisection, so it always converges.
    static double solveBezierParameter(double w1, double w2, double s);

    // Unity's Mathf.Repeat and Mathf.PingPong.
    static double repeat(double t, double length);
    static double pingPong(double t, double length);

    // Index of the first key in [first, last) whose time is > time (last when none). Keys are
    // expected sorted; unsorted keys give some index in range, never an out-of-bounds one.
    template<typename Key> static int upperBound(const QList<Key> &keys, double time, int first, int last)
    {
        while (first < last) {
            const int mid = first + (last - first) / 2;
            if (double(keys[mid].time) <= time)
                first = mid + 1;
            else
                last = mid;
        }
        return first;
    }
    template<typename Key> static int upperBound(const QList<Key> &keys, double time)
    {
        return upperBound(keys, time, 0, int(keys.size()));
    }

    // Bool value given rhs = upperBound(keys, time).
    static bool boolAt(const QList<BoolKey> &keys, int rhs);
};

} // namespace bpat
