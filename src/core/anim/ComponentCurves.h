#pragma once
// The float curves of one tracked thing, one per component in file order (a pose: 7, a ray: 6),
// and what they evaluate to: Sample::fromComponents of the component values at a time. The one
// definition behind PoseCurves and RayCurves.
#include "anim/CurveEvaluator.h"
#include "anim/FloatCurve.h"

#include <array>

namespace bpat {

template<typename Component, typename Sample, int Count> struct ComponentCurves
{
    static constexpr int ComponentCount = Count;
    using SampleType = Sample;

    std::array<FloatCurve, Count> curves;

    FloatCurve &operator[](Component c) { return curves[size_t(c)]; }
    const FloatCurve &operator[](Component c) const { return curves[size_t(c)]; }

    // Random access (binary search per component). For increasing times use PoseCursor / RayCursor.
    Sample evaluate(double time) const
    {
        std::array<double, Count> values{};
        for (size_t i = 0; i < values.size(); ++i)
            values[i] = CurveEvaluator::evaluate(curves[i], time);
        return Sample::fromComponents(values);
    }

    friend bool operator==(const ComponentCurves &, const ComponentCurves &) = default;
};

} // namespace bpat
