#pragma once
// Which level of detail a crowd instance is drawn with, from its size on screen: a level whose
// deviation from the full body (mesh/LodChain) is d metres may stand in where one metre covers
// at most targetPixels / d pixels, so the silhouette moves by less than targetPixels. With
// hysteresis: an instance moves to a lighter level only once it is (1 - hysteresis) of that size,
// and back only past (1 + hysteresis), so creatures at the boundary do not flicker between
// levels as the camera moves; the worst error drawn is targetPixels x (1 + hysteresis), under a
// pixel with the defaults (0.7 x 1.2 = 0.84; the margin is for poses the deviation's sample of
// frames left out).
#include <QList>

namespace bpat {

class LodPolicy
{
public:
    LodPolicy() = default; // one level
    // deviations[i]: level i's deviation from level 0 in metres (deviations[0] is ignored), not
    // decreasing with i.
    explicit LodPolicy(const QList<float> &deviations, float targetPixels = 0.7f, float hysteresis = 0.2f);

    int levels() const { return int(m_limit.size()); }
    float targetPixels() const { return m_target; }
    float hysteresis() const { return m_hysteresis; }
    float worstPixels() const { return m_target * (1 + m_hysteresis); }
    // Pixels per metre at which level `level` may be drawn without hysteresis (infinite for
    // level 0 and a level that does not deviate).
    float limit(int level) const { return m_limit.value(level); }

    // The level for an instance where one metre covers `pixelsPerMetre` pixels, drawn at
    // `previous` last time (-1: first time: the exact limits, no hysteresis).
    int choose(float pixelsPerMetre, int previous) const;

    // Pixels a metre covers at view depth `depth` (metres in front of the camera) in a view
    // `viewportHeight` pixels high with a vertical field of view of fovYDegrees.
    static float pixelsPerMetre(float depth, float viewportHeight, float fovYDegrees);
    // The view depth at which one metre covers `pixelsPerMetre` pixels (the inverse).
    static float depthFor(float pixelsPerMetre, float viewportHeight, float fovYDegrees);

private:
    QList<float> m_limit{1.0e30f};
    float m_target = 0.7f;
    float m_hysteresis = 0.2f;
};

} // namespace bpat
