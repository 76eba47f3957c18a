#include "anim/BoolCurve.h"

#include "anim/CurveEvaluator.h"

namespace bpat {

BoolCurve::BoolCurve(QList<BoolKey> keys, WrapMode preWrap, WrapMode postWrap)
    : m_preWrap(preWrap), m_postWrap(postWrap), m_keys(std::move(keys))
{
}

bool BoolCurve::evaluate(double time) const
{
    return CurveEvaluator::evaluate(*this, time);
}

} // namespace bpat
