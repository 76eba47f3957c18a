#include "anim/PoseSample.h"

#include <cmath>

namespace bpat {

PoseSample PoseSample::fromComponents(const std::array<double, 7> &c)
{
    PoseSample pose;
    pose.position = QVector3D(float(c[0]), float(c[1]), float(c[2]));
    const double lengthSquared = c[3] * c[3] + c[4] * c[4] + c[5] * c[5] + c[6] * c[6];
    if (lengthSquared > 0.0 && std::isfinite(lengthSquared)) {
        const double inv = 1.0 / std::sqrt(lengthSquared);
        // QQuaternion's constructor takes the scalar (w) first.
        pose.rotation = QQuaternion(float(c[6] * inv), float(c[3] * inv), float(c[4] * inv),
                                    float(c[5] * inv));
    }
    return pose;
}

QMatrix4x4 PoseSample::matrix() const
{
    QMatrix4x4 m;
    m.translate(position);
    m.rotate(rotation);
    return m;
}

} // namespace bpat
