#include "bake/GaitCycle.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bpat {

GaitCycle::GaitCycle(float stride, float duty, float lift)
    : m_stride(stride)
    , m_duty(std::clamp(duty, 0.05f, 1.0f))
    , m_lift(lift)
{
}

float GaitCycle::wrap(float phase)
{
    const float w = phase - std::floor(phase);
    return w >= 1.0f ? 0.0f : w;
}

GaitCycle::Foot GaitCycle::foot(float cyclePhase, float footOffset) const
{
    Foot f;
    const float q = wrap(cyclePhase - footOffset);
    // Half the distance the ground moves while this foot is planted.
    const float half = 0.5f * m_stride * m_duty;
    if (q < m_duty || m_duty >= 1.0f) {
        f.forward = half - m_stride * q; // moves back at exactly the ground speed
        return f;
    }
    const float u = (q - m_duty) / (1.0f - m_duty);
    f.stance = false;
    f.swing = u;
    // Cubic Hermite from -half to +half; the end tangents continue the stance motion, capped
    // so that fast gaits with short stances do not fling the foot far behind the body.
    const float tangent = -std::min(m_stride * (1.0f - m_duty), 2.0f * half);
    const float u2 = u * u, u3 = u2 * u;
    f.forward = (2 * u3 - 3 * u2 + 1) * -half + (u3 - 2 * u2 + u) * tangent + (-2 * u3 + 3 * u2) * half + (u3 - u2) * tangent;
    f.height = m_lift * std::sin(std::numbers::pi_v<float> * u);
    return f;
}

} // namespace bpat
