#pragma once
// A forward cursor over the 7 curves of a pose (camera or a hand joint): sampling at increasing
// times in amortized O(1) per sample (see CurveCursor), equal to PoseCurves::evaluate.
// While a time stays inside the span where every curve is linear or constant (CurveCursor::
// span(), many samples when sampling faster than the keys), the seven values are one
// multiply-add each, with one division for all the curves whose segments share their keys'
// times: the same double operations as the curves' own cursors, so the same bits.
#include "anim/CurveCursor.h"
#include "anim/PoseCurves.h"

#include <array>

namespace bpat {

class PoseCursor
{
public:
    PoseCursor() = default;
    explicit PoseCursor(const PoseCurves &curves);
    PoseSample sample(double time) { return PoseSample::fromComponents(components(time)); }
    // The seven component values at `time` (what sample() converts): a sweep that samples many
    // poses per frame takes them all first, then converts them, so the square roots and
    // divisions of different poses overlap.
    std::array<double, PoseComponentCount> components(double time);
    void reset();

private:
    void learnSpans();

    std::array<CurveCursor, PoseComponentCount> m_cursors;
    // The intersection of the curves' spans (empty when one has none), and each curve's line
    // there: value = v0 + dv * clamp((time - t0) / dx, 0, 1), or v0 when constant.
    double m_lo = 1.0, m_hi = 0.0;
    bool m_sharedKeys = false;     // every linear curve has the same t0 and dx
    double m_t0 = 0.0, m_dx = 1.0; // the shared ones
    std::array<double, PoseComponentCount> m_spanT0{}, m_spanDx{}, m_v0{}, m_dv{};
    std::array<bool, PoseComponentCount> m_linear{};
};

} // namespace bpat
