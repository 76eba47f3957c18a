#pragma once
// One key of an input-animation float curve, exactly as a 1.0 `.bin` file stores it (28 bytes),
// plus the wrap and weighted-mode enums of Unity's AnimationCurve. Values are kept raw (an
// unknown enum value read from a file survives a round trip unchanged).
#include <QString>
#include <QtGlobal>

namespace bpat {

// Unity WrapMode as stored in the file. Loop and PingPong repeat outside the key range; every
// other value (Default, Once, ClampForever, unknown) clamps to the end key's value.
enum class WrapMode : qint32 {
    Default = 0,
    Once = 1,
    Loop = 2,
    PingPong = 4,
    ClampForever = 8
};

// "Default", "Once", "Loop", "PingPong", "ClampForever"; an unknown value as its decimal number.
QString wrapModeName(WrapMode mode);
bool isKnownWrapMode(WrapMode mode);

// Unity WeightedMode bit mask: bit 0 = the in side is weighted, bit 1 = the out side.
namespace WeightedMode {
constexpr qint32 None = 0;
constexpr qint32 In = 1;
constexpr qint32 Out = 2;
constexpr qint32 Both = 3;
} // namespace WeightedMode

struct Keyframe
{
    float time = 0.0f; // seconds from the recording start; may be negative
    float value = 0.0f;
    float inTangent = 0.0f;                   // slope (value per second) arriving at the key; +-inf = stepped
    float outTangent = 0.0f;                  // slope leaving the key; +-inf = stepped
    float inWeight = 0.0f;                    // Bezier weight of the in side, used when weightedMode & In
    float outWeight = 0.0f;                   // Bezier weight of the out side, used when weightedMode & Out
    qint32 weightedMode = WeightedMode::Both; // what the toolkit writes, and what 1.1 implies

    // A key as the toolkit writes it (and as every 1.1 key reads): tangents and weights 0,
    // both sides weighted, which makes a segment exactly linear.
    static Keyframe linear(float time, float value) { return Keyframe{time, value}; }
    // True when the key has what a 1.1 file can represent (tangents and weights 0, mode Both).
    bool isSimple() const;

    friend bool operator==(const Keyframe &, const Keyframe &) = default;
};

} // namespace bpat
