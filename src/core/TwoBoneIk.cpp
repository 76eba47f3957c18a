#include "TwoBoneIk.h"

#include <algorithm>
#include <cmath>

namespace bpat {

TwoBoneIk::Solution TwoBoneIk::solve(const QVector3D &root, const QVector3D &target,
                                     float upperLength, float lowerLength,
                                     const QVector3D &bendHint)
{
    Solution s;
    QVector3D toTarget = target - root;
    float distance = toTarget.length();
    const QVector3D dir = distance > 1e-6f ? toTarget / distance : QVector3D(0, -1, 0);
    const float maxReach = (upperLength + lowerLength) * 0.99999f;
    const float minReach = std::abs(upperLength - lowerLength) + 1e-4f;
    if (distance > maxReach || distance < minReach) {
        s.reached = false;
        distance = std::clamp(distance, minReach, maxReach);
    }
    // Law of cosines: angle at the root between the target direction and the upper bone.
    const float cosA = std::clamp((upperLength * upperLength + distance * distance
                                   - lowerLength * lowerLength) / (2.0f * upperLength * distance),
                                  -1.0f, 1.0f);
    const float sinA = std::sqrt(std::max(0.0f, 1.0f - cosA * cosA));
    QVector3D bend = bendHint - QVector3D::dotProduct(bendHint, dir) * dir;
    if (bend.lengthSquared() < 1e-10f) {
        const QVector3D fallback = std::abs(dir.z()) < 0.9f ? QVector3D(0, 0, 1) : QVector3D(0, 1, 0);
        bend = fallback - QVector3D::dotProduct(fallback, dir) * dir;
    }
    bend.normalize();
    s.middle = root + dir * (upperLength * cosA) + bend * (upperLength * sinA);
    s.end = root + dir * distance;
    return s;
}

} // namespace bpat
