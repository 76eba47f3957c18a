#include "rebake/TwoBoneIk.h"

#include <algorithm>
#include <cmath>

namespace bpat {

namespace {

constexpr float Epsilon = 1e-6f;

// The part of `v` perpendicular to unit `axis`, normalized; null when (nearly) parallel.
QVector3D perpendicularPart(const QVector3D &v, const QVector3D &axis)
{
    const QVector3D p = v - QVector3D::dotProduct(v, axis) * axis;
    const float length = p.length();
    return length > Epsilon * std::max(1.0f, v.length()) ? p / length : QVector3D();
}

QVector3D anyPerpendicular(const QVector3D &axis)
{
    const QVector3D trial = std::abs(axis.x()) < 0.9f ? QVector3D(1, 0, 0) : QVector3D(0, 1, 0);
    return perpendicularPart(trial, axis);
}

} // namespace

TwoBoneIkSolution TwoBoneIk::solve(const QVector3D &root, const QVector3D &target, float upperLength, float lowerLength,
                                   const QVector3D &pole, const QVector3D &fallbackPole)
{
    TwoBoneIkSolution s;
    s.root = root;
    const float l1 = std::max(upperLength, 0.0f);
    const float l2 = std::max(lowerLength, 0.0f);
    const QVector3D toTarget = target - root;
    float distance = toTarget.length();
    // Direction of the chain: towards the target, or along the pole when the target sits on the root.
    QVector3D dir = distance > Epsilon ? toTarget / distance : QVector3D();
    if (dir.isNull()) {
        dir = pole.isNull() ? QVector3D(0, -1, 0) : pole.normalized();
        distance = 0.0f;
    }
    const float minReach = std::abs(l1 - l2);
    const float maxReach = l1 + l2;
    s.reachable = distance >= minReach - Epsilon && distance <= maxReach + Epsilon;
    const float d = std::clamp(distance, minReach, maxReach);

    QVector3D bend = perpendicularPart(pole, dir);
    if (bend.isNull())
        bend = perpendicularPart(fallbackPole, dir);
    if (bend.isNull())
        bend = anyPerpendicular(dir);

    // Law of cosines: distance of the middle joint's projection along dir, then its height.
    float along = d > Epsilon ? (l1 * l1 - l2 * l2 + d * d) / (2.0f * d) : 0.0f;
    along = std::clamp(along, -l1, l1);
    const float height = std::sqrt(std::max(0.0f, l1 * l1 - along * along));

    s.middle = root + along * dir + height * bend;
    s.end = root + d * dir;
    if (d <= Epsilon) // fully folded onto itself (l1 == l2 and target on the root)
        s.middle = root + l1 * bend;
    s.hingeAxis = QVector3D::crossProduct(dir, bend).normalized();
    return s;
}

QMatrix4x4 TwoBoneIk::boneFrame(const QVector3D &head, const QVector3D &tail, const QVector3D &xHint)
{
    QVector3D y = tail - head;
    y = y.length() > Epsilon ? y.normalized() : QVector3D(0, 1, 0);
    QVector3D x = perpendicularPart(xHint, y);
    if (x.isNull())
        x = anyPerpendicular(y);
    const QVector3D z = QVector3D::crossProduct(x, y);
    QMatrix4x4 m; // columns: x, y, z, head
    m.setColumn(0, QVector4D(x, 0.0f));
    m.setColumn(1, QVector4D(y, 0.0f));
    m.setColumn(2, QVector4D(z, 0.0f));
    m.setColumn(3, QVector4D(head, 1.0f));
    return m;
}

} // namespace bpat
