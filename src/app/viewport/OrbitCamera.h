#pragma once
// A turntable camera around a target: orbit (yaw/pitch), pan (move the target in the view
// plane), zoom (distance), frame a bounding box, and the standard front/side/top views.
// Y is up; creatures face +Z, so the front view looks along -Z.
#include <QMatrix4x4>
#include <QVector3D>

namespace bpat::studio {

class OrbitCamera
{
public:
    enum class View {
        Front,
        Side,
        Top
    };

    void orbit(float deltaYawDegrees, float deltaPitchDegrees);
    void pan(float dxPixels, float dyPixels, int viewportHeight);
    void zoom(float steps); // > 0 moves closer
    void frame(const QVector3D &lo, const QVector3D &hi);
    void setView(View view);
    void reset(const QVector3D &lo, const QVector3D &hi); // a three-quarter view of the box

    QVector3D position() const;
    QMatrix4x4 view() const;
    QMatrix4x4 projection(float aspect) const;

    float yaw = 30;   // degrees around +Y; 0 looks from +Z (the creature's front)
    float pitch = 15; // degrees above the horizon
    float distance = 5;
    float fovY = 40;
    QVector3D target{0, 1, 0};
};

} // namespace bpat::studio
