#pragma once
// A synthetic input animation recording for rebake tests that must not depend on ../shared:
// camera and both hands' 26 recorded joints moving smoothly, keys at 30 Hz, RotationW curves
// with fewer keys than the others (as some toolkit versions wrote), hands tracked with gaps and
// a first tracked key at a negative time. Written as a real 1.1 file by InputAnimationWriter.
#include "anim/InputAnimation.h"
#include "anim/InputAnimationWriter.h"

#include <QString>
#include <cmath>

namespace testrecording {

constexpr double Duration = 12.0; // seconds: the last key of every float curve

inline bpat::InputAnimation make()
{
    using namespace bpat;
    InputAnimation a;
    auto fill = [](PoseCurves &pose, float phase, QVector3D centre) {
        for (int c = 0; c < PoseComponentCount; ++c) {
            const double rate = c == int(PoseComponent::RotationW) ? 10.0 : 30.0;
            QList<Keyframe> keys;
            for (int i = 0; i <= int(Duration * rate); ++i) {
                const float t = float(i / rate);
                float v = 0.25f * std::sin(0.9f * t + phase + 0.7f * float(c));
                if (c < 3)
                    v += centre[c];
                if (c == int(PoseComponent::RotationW))
                    v += 0.8f;
                keys.append(Keyframe::linear(t, v));
            }
            pose.curves[size_t(c)] = FloatCurve(std::move(keys));
        }
    };
    fill(a.camera(), 0.0f, QVector3D(0, 0, 0));
    for (int h = 0; h < HandCount; ++h) {
        const float side = h == 0 ? -1.0f : 1.0f;
        for (int j = 1; j < HandJointCount; ++j)
            fill(a.joint(Hand(h), HandJoint(j)), 0.05f * float(j) + float(h),
                 QVector3D(side * (0.2f + 0.004f * float(j)), -0.35f + 0.003f * float(j), 0.3f + 0.005f * float(j)));
        QList<BoolKey> tracked{{-2.0f, 1.0f}, {h == 0 ? 3.0f : 5.0f, 0.0f}, {h == 0 ? 4.5f : 8.0f, 1.0f}};
        a.handBool(h == 0 ? HandBoolCurve::LeftTracked : HandBoolCurve::RightTracked) = BoolCurve(tracked);
    }
    return a;
}

inline bool write(const QString &path)
{
    return bpat::InputAnimationWriter().writeFile(make(), path);
}

} // namespace testrecording
