#include "anim/Keyframe.h"

#include <cmath>

namespace bpat {

QString wrapModeName(WrapMode mode)
{
    switch (mode) {
    case WrapMode::Default: return QStringLiteral("Default");
    case WrapMode::Once: return QStringLiteral("Once");
    case WrapMode::Loop: return QStringLiteral("Loop");
    case WrapMode::PingPong: return QStringLiteral("PingPong");
    case WrapMode::ClampForever: return QStringLiteral("ClampForever");
    }
    return QString::number(qint32(mode));
}

bool isKnownWrapMode(WrapMode mode)
{
    switch (mode) {
    case WrapMode::Default:
    case WrapMode::Once:
    case WrapMode::Loop:
    case WrapMode::PingPong:
    case WrapMode::ClampForever: return true;
    }
    return false;
}

static bool isPositiveZero(float f)
{
    return f == 0.0f && !std::signbit(f); // -0.0 would not survive a 1.1 file either
}

bool Keyframe::isSimple() const
{
    return isPositiveZero(inTangent) && isPositiveZero(outTangent) && isPositiveZero(inWeight) && isPositiveZero(outWeight)
        && weightedMode == WeightedMode::Both;
}

} // namespace bpat
