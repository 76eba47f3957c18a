#include "anim/BoolCurve.h"

#include "anim/CurveEvaluator.h"

namespace bpat {

bool BoolCurve::evaluate(double time) const
{
    return CurveEvaluator::evaluate(*this, time);
}

} // namespace bpat
