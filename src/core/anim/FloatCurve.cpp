#include "anim/FloatCurve.h"

#include "anim/CurveEvaluator.h"

namespace bpat {

FloatCurve::FloatCurve(QList<Keyframe> keys, WrapMode preWrap, WrapMode postWrap)
    : m_preWrap(preWrap), m_postWrap(postWrap), m_keys(std::move(keys))
{
}

double FloatCurve::evaluate(double time) const
{
    return CurveEvaluator::evaluate(*this, time);
}

} // namespace bpat
