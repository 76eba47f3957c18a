#pragma once
// A forward cursor over the 6 curves of a ray (eye gaze): sampling at increasing times in
// amortized O(1) per sample (see CurveCursor), equal to RayCurves::evaluate.
#include "anim/CurveCursor.h"
#include "anim/RayCurves.h"

#include <array>

namespace bpat {

class RayCursor
{
public:
    RayCursor() = default;
    explicit RayCursor(const RayCurves &curves);
    RaySample sample(double time);
    void reset();

private:
    std::array<CurveCursor, RayComponentCount> m_cursors;
};

} // namespace bpat
