#include "OrbitCamera.h"

#include <algorithm>
#include <cmath>

namespace bpat::studio {

void OrbitCamera::orbit(float deltaYawDegrees, float deltaPitchDegrees)
{
    yaw = std::fmod(yaw + deltaYawDegrees, 360.0f);
    pitch = std::clamp(pitch + deltaPitchDegrees, -89.0f, 89.0f);
}

void OrbitCamera::pan(float dxPixels, float dyPixels, int viewportHeight)
{
    // One pixel covers this many world units at the target's depth.
    const float unit = 2.0f * distance * std::tan(qDegreesToRadians(fovY) / 2) / float(std::max(1, viewportHeight));
    const QMatrix4x4 v = view();
    const QVector3D right(v(0, 0), v(0, 1), v(0, 2));
    const QVector3D up(v(1, 0), v(1, 1), v(1, 2));
    target += (-right * dxPixels + up * dyPixels) * unit;
}

void OrbitCamera::zoom(float steps)
{
    distance = std::clamp(distance * std::pow(0.85f, steps), 0.05f, 1.0e5f);
}

void OrbitCamera::frame(const QVector3D &lo, const QVector3D &hi)
{
    target = (lo + hi) / 2;
    const float radius = std::max(0.05f, (hi - lo).length() / 2);
    distance = std::clamp(radius / std::sin(qDegreesToRadians(fovY) / 2) * 1.05f, 0.1f, 1.0e5f);
}

void OrbitCamera::setView(View v)
{
    switch (v) {
    case View::Front:
        yaw = 0;
        pitch = 0;
        break;
    case View::Side:
        yaw = 90;
        pitch = 0;
        break;
    case View::Top:
        yaw = 0;
        pitch = 89;
        break;
    }
}

void OrbitCamera::reset(const QVector3D &lo, const QVector3D &hi)
{
    yaw = 30;
    pitch = 15;
    frame(lo, hi);
}

QVector3D OrbitCamera::position() const
{
    const float y = qDegreesToRadians(yaw), p = qDegreesToRadians(pitch);
    return target + QVector3D(std::sin(y) * std::cos(p), std::sin(p), std::cos(y) * std::cos(p)) * distance;
}

QMatrix4x4 OrbitCamera::view() const
{
    QMatrix4x4 m;
    m.lookAt(position(), target, QVector3D(0, 1, 0));
    return m;
}

QMatrix4x4 OrbitCamera::projection(float aspect) const
{
    QMatrix4x4 m;
    m.perspective(fovY, std::max(aspect, 0.01f), std::max(0.01f, distance * 0.01f), distance * 100 + 100);
    return m;
}

} // namespace bpat::studio
