#include "crowd/LodPolicy.h"

#include <QtMath>
#include <algorithm>
#include <cmath>

namespace bpat {

namespace {
constexpr float kUnlimited = 1.0e30f;
}

LodPolicy::LodPolicy(const QList<float> &deviations, float targetPixels, float hysteresis)
    : m_target(targetPixels > 0 ? targetPixels : 0.7f)
    , m_hysteresis(std::clamp(hysteresis, 0.0f, 0.9f))
{
    m_limit = {kUnlimited};
    for (qsizetype i = 1; i < deviations.size(); ++i) {
        const float d = deviations.at(i);
        float limit = std::isfinite(d) && d > 0 ? m_target / d : kUnlimited;
        if (!std::isfinite(d))
            limit = 0;                                   // never drawn
        m_limit.append(std::min(limit, m_limit.last())); // lighter levels only at smaller sizes
    }
}

int LodPolicy::choose(float pixelsPerMetre, int previous) const
{
    const int count = levels();
    if (!(pixelsPerMetre >= 0)) // NaN: the nearest level
        return 0;
    if (previous < 0 || previous >= count) {
        int level = 0;
        while (level + 1 < count && pixelsPerMetre <= m_limit.at(level + 1))
            ++level;
        return level;
    }
    int level = previous;
    while (level > 0 && pixelsPerMetre > m_limit.at(level) * (1 + m_hysteresis))
        --level;
    while (level + 1 < count && pixelsPerMetre < m_limit.at(level + 1) * (1 - m_hysteresis))
        ++level;
    return level;
}

float LodPolicy::pixelsPerMetre(float depth, float viewportHeight, float fovYDegrees)
{
    const float halfHeight = std::tan(qDegreesToRadians(fovYDegrees) / 2);
    return viewportHeight / (2 * std::max(depth, 1e-4f) * std::max(halfHeight, 1e-6f));
}

float LodPolicy::depthFor(float pixelsPerMetre, float viewportHeight, float fovYDegrees)
{
    const float halfHeight = std::tan(qDegreesToRadians(fovYDegrees) / 2);
    return viewportHeight / (2 * std::max(pixelsPerMetre, 1e-9f) * std::max(halfHeight, 1e-6f));
}

} // namespace bpat
