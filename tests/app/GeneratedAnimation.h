#pragma once
// Input animations built in memory for the plot tests (shared by the tests of tests/app that
// need one): smooth camera and hand curves, a tracked bool toggling, markers, a curve whose keys
// carry tangents and weights, and on request one very dense curve.
#include "anim/InputAnimation.h"

#include <QList>
#include <cmath>
#include <memory>

namespace generated {

// `count` toolkit-style keys (linear segments) of f at `rate` keys per second from `start`.
template<typename F> QList<bpat::Keyframe> sampledKeys(int count, double rate, double start, F f)
{
    QList<bpat::Keyframe> keys;
    keys.reserve(count);
    for (int i = 0; i < count; ++i) {
        const double t = start + i / rate;
        keys.append(bpat::Keyframe::linear(float(t), float(f(t))));
    }
    return keys;
}

// Camera position: sin / cos waves over 10 s at 60 Hz (601 keys each), rotation W constant 1.
// Left hand tracked from 1 s to 4 s and from 6 s on; IndexTip position with 1,000 keys; eye
// gaze present; two markers. With `denseKeys` > 0, RightHand/Wrist/PositionX gets that many
// keys of a noisy signal over 100 s. LeftHand/Palm/PositionY carries Hermite tangents and
// weighted keys (what a 1.0 file can store).
inline std::shared_ptr<bpat::InputAnimation> makeAnimation(int denseKeys = 0)
{
    auto animation = std::make_shared<bpat::InputAnimation>();
    animation->setVersion(1, 1);
    animation->setHasEyeGaze(true);
    bpat::PoseCurves &camera = animation->camera();
    camera[bpat::PoseComponent::PositionX].setKeys(sampledKeys(601, 60.0, 0.0, [](double t) { return std::sin(t); }));
    camera[bpat::PoseComponent::PositionY].setKeys(
        sampledKeys(601, 60.0, 0.0, [](double t) { return 1.6 + 0.1 * std::cos(2 * t); }));
    camera[bpat::PoseComponent::PositionZ].setKeys(sampledKeys(601, 60.0, 0.0, [](double t) { return -0.5 * t; }));
    camera[bpat::PoseComponent::RotationW].setKeys({bpat::Keyframe::linear(0.0f, 1.0f)});

    animation->handBool(bpat::HandBoolCurve::LeftTracked).setKeys({{1.0f, 1.0f}, {4.0f, 0.0f}, {6.0f, 1.0f}});
    bpat::PoseCurves &index = animation->joint(bpat::Hand::Left, bpat::HandJoint::IndexTip);
    index[bpat::PoseComponent::PositionX].setKeys(sampledKeys(1000, 100.0, 0.0, [](double t) { return 0.2 * std::sin(3 * t); }));

    bpat::Keyframe a{0.0f, 0.0f, 0.0f, 2.0f, 0.0f, 0.0f, bpat::WeightedMode::None};
    bpat::Keyframe b{1.0f, 1.0f, -1.0f, 0.5f, 0.6f, 0.2f, bpat::WeightedMode::Both};
    bpat::Keyframe c{2.5f, 0.25f, 0.0f, 0.0f, 0.0f, 0.0f, bpat::WeightedMode::None};
    bpat::FloatCurve &palm = animation->joint(bpat::Hand::Left, bpat::HandJoint::Palm)[bpat::PoseComponent::PositionY];
    palm.setKeys({a, b, c});
    palm.setPreWrap(bpat::WrapMode::Loop);
    palm.setPostWrap(bpat::WrapMode::PingPong);

    animation->eyeGaze()[bpat::RayComponent::DirectionZ].setKeys(
        sampledKeys(301, 30.0, 0.0, [](double t) { return std::cos(0.3 * t); }));

    if (denseKeys > 0) {
        animation->joint(bpat::Hand::Right, bpat::HandJoint::Wrist)[bpat::PoseComponent::PositionX].setKeys(
            sampledKeys(denseKeys, denseKeys / 100.0, 0.0,
                        [](double t) { return std::sin(t) + 0.3 * std::sin(37.0 * t) + 0.1 * std::sin(911.0 * t); }));
    }
    animation->markers().append({2.0f, QStringLiteral("grab")});
    animation->markers().append({7.5f, QStringLiteral("relâche")});
    return animation;
}

} // namespace generated
