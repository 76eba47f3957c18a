#include "anim/FloatCurve.h"

#include "anim/CurveEvaluator.h"

namespace bpat {

double FloatCurve::evaluate(double time) const
{
    return CurveEvaluator::evaluate(*this, time);
}

} // namespace bpat
