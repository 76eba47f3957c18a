#pragma once
// Forward cursors over the 7 curves of a pose (camera or a hand joint) or the 6 of a ray:
// sampling at increasing times in amortized O(1) per sample (see CurveCursor).
#include "CurveCursor.h"
#include "PoseCurves.h"
#include "RayCurves.h"

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
