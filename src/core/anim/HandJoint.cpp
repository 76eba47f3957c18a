#include "anim/HandJoint.h"

#include <array>

namespace bpat {

namespace {
constexpr std::array<QStringView, HandJointCount> jointNames = {
    u"None",
    u"Wrist",
    u"Palm",
    u"ThumbMetacarpalJoint",
    u"ThumbProximalJoint",
    u"ThumbDistalJoint",
    u"ThumbTip",
    u"IndexMetacarpal",
    u"IndexKnuckle",
    u"IndexMiddleJoint",
    u"IndexDistalJoint",
    u"IndexTip",
    u"MiddleMetacarpal",
    u"MiddleKnuckle",
    u"MiddleMiddleJoint",
    u"MiddleDistalJoint",
    u"MiddleTip",
    u"RingMetacarpal",
    u"RingKnuckle",
    u"RingMiddleJoint",
    u"RingDistalJoint",
    u"RingTip",
    u"PinkyMetacarpal",
    u"PinkyKnuckle",
    u"PinkyMiddleJoint",
    u"PinkyDistalJoint",
    u"PinkyTip",
};
} // namespace

QString handJointName(HandJoint joint)
{
    const int index = int(joint);
    if (index < 0 || index >= HandJointCount)
        return QString();
    return jointNames[size_t(index)].toString();
}

std::optional<HandJoint> handJointFromName(QStringView name)
{
    for (int i = 0; i < HandJointCount; ++i) {
        if (jointNames[size_t(i)] == name)
            return HandJoint(i);
    }
    return std::nullopt;
}

QString handName(Hand hand)
{
    return hand == Hand::Left ? QStringLiteral("LeftHand") : QStringLiteral("RightHand");
}

std::optional<Hand> handFromName(QStringView name)
{
    if (name == u"LeftHand")
        return Hand::Left;
    if (name == u"RightHand")
        return Hand::Right;
    return std::nullopt;
}

} // namespace bpat
