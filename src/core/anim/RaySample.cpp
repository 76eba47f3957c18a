#include "anim/RaySample.h"

#include <cmath>

namespace bpat {

RaySample RaySample::fromComponents(const std::array<double, 6> &c)
{
    RaySample ray;
    ray.origin = QVector3D(float(c[0]), float(c[1]), float(c[2]));
    const double lengthSquared = c[3] * c[3] + c[4] * c[4] + c[5] * c[5];
    if (lengthSquared > 0.0 && std::isfinite(lengthSquared)) {
        const double inv = 1.0 / std::sqrt(lengthSquared);
        ray.direction = QVector3D(float(c[3] * inv), float(c[4] * inv), float(c[5] * inv));
    }
    return ray;
}

RaySample RaySample::toRightHandedYUp() const
{
    return RaySample{QVector3D(origin.x(), origin.y(), -origin.z()), QVector3D(direction.x(), direction.y(), -direction.z())};
}

} // namespace bpat
