#pragma once
// The 27 hand joints of the Mixed Reality Toolkit, in the order a `.bin` recording stores them,
// and the two hands. Names are the ones used in curve names ("LeftHand/IndexTip/RotationW").
#include <QString>
#include <QStringView>
#include <optional>

namespace bpat {

enum class Hand {
    Left = 0,
    Right = 1
};
constexpr int HandCount = 2;

enum class HandJoint {
    None = 0, // written by the toolkit but never recorded: its curves are empty
    Wrist,
    Palm,
    ThumbMetacarpalJoint,
    ThumbProximalJoint,
    ThumbDistalJoint,
    ThumbTip,
    IndexMetacarpal,
    IndexKnuckle,
    IndexMiddleJoint,
    IndexDistalJoint,
    IndexTip,
    MiddleMetacarpal,
    MiddleKnuckle,
    MiddleMiddleJoint,
    MiddleDistalJoint,
    MiddleTip,
    RingMetacarpal,
    RingKnuckle,
    RingMiddleJoint,
    RingDistalJoint,
    RingTip,
    PinkyMetacarpal,
    PinkyKnuckle,
    PinkyMiddleJoint,
    PinkyDistalJoint,
    PinkyTip,
};
constexpr int HandJointCount = 27;

QString handJointName(HandJoint joint); // "Wrist"
std::optional<HandJoint> handJointFromName(QStringView name);
QString handName(Hand hand); // "LeftHand" / "RightHand"
std::optional<Hand> handFromName(QStringView name);

} // namespace bpat
