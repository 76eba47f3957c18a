#pragma once
// Turns about the rig's axes by an angle in radians, as the built-in baker's procedural poses
// write them (QQuaternion takes degrees).
#include <QQuaternion>
#include <numbers>

namespace bpat::turns {

inline constexpr float DegreesPerRadian = 180.0f / std::numbers::pi_v<float>;

inline QQuaternion aboutX(float radians)
{
    return QQuaternion::fromAxisAndAngle(1, 0, 0, radians * DegreesPerRadian);
}
inline QQuaternion aboutY(float radians)
{
    return QQuaternion::fromAxisAndAngle(0, 1, 0, radians * DegreesPerRadian);
}
inline QQuaternion aboutZ(float radians)
{
    return QQuaternion::fromAxisAndAngle(0, 0, 1, radians * DegreesPerRadian);
}

} // namespace bpat::turns
