#pragma once
// A forward cursor over the 7 curves of a pose (camera or a hand joint): sampling at increasing
// times in amortized O(1) per sample (see CurveCursor), equal to PoseCurves::evaluate.
#include "anim/CurveCursor.h"
#include "anim/PoseCurves.h"

#include <array>

namespace bpat {

class PoseCursor
{
public:
    PoseCursor() = default;
    explicit PoseCursor(const PoseCurves &curves);
    PoseSample sample(double time);
    void reset();

private:
    std::array<CurveCursor, PoseComponentCount> m_cursors;
};

} // namespace bpat
