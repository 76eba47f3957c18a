#pragma once
// An additive layer of offset keys over a clip's baked frames (issue 41), as animators know it
// from Blender's and MotionBuilder's animation layers: per bone and channel an offset curve
// (OffsetCurve) whose value is added to the bone's LOCAL channel on every frame of the clip, or
// of a frame range, children following. The channels are the bone graph's (motion/LocalChannels):
//   RotationX, RotationY, RotationZ        Euler angles in degrees, in the layer's order (the
//                                          order the graph shows), unwrapped along the clip as
//                                          the graph unwraps them
//   TranslationX, TranslationY, TranslationZ  the local translation, in the file's units
//   ScaleX, ScaleY, ScaleZ                 the local scale (the lengths of the local axes)
// so that a key of +20 on a bone's RotationY moves that bone's curve in the graph by exactly the
// curve's value on every frame, and nothing else: apply() sets only the local poses of the keyed
// bones in the frames where some offset is not 0 (ClipMotion recomposes the bones below them;
// every other matrix keeps its bits). Several bones and channels carry keys at once.
#include "motion/EulerAngles.h"
#include "motionedit/OffsetCurve.h"

#include <QList>
#include <QString>
#include <optional>

namespace bpat {

class ClipMotion;
class MotionSkeleton;

enum class OffsetChannel {
    RotationX,
    RotationY,
    RotationZ,
    TranslationX,
    TranslationY,
    TranslationZ,
    ScaleX,
    ScaleY,
    ScaleZ
};
constexpr int OffsetChannelCount = 9;
// The bone graph's names: "RotationX", "TranslationY", "ScaleZ".
QString offsetChannelName(OffsetChannel channel);
// Those names, and short forms, case and separators ignored: "rotation_x", "rot_x", "rx",
// "translation-y", "pos_y", "ty", "scale z", "sz".
std::optional<OffsetChannel> offsetChannelFromName(const QString &name);
// "RotationX|Y|Z, TranslationX|Y|Z, ScaleX|Y|Z (or rx, ty, sz...)": for messages.
QString offsetChannelChoices();

struct OffsetTrack
{
    int bone = -1;
    OffsetChannel channel = OffsetChannel::RotationX;
    OffsetCurve curve;

    friend bool operator==(const OffsetTrack &, const OffsetTrack &) = default;
};

class OffsetLayer
{
public:
    EulerOrder order() const { return m_order; }
    void setOrder(EulerOrder order) { m_order = order; }
    // The clip frames the offsets apply to (first..last, both included); none: every frame.
    // Frames outside keep their poses (key the offset to 0 at the range's ends to ease in and out).
    std::optional<std::pair<quint32, quint32>> range() const { return m_range; }
    void setRange(std::optional<std::pair<quint32, quint32>> range) { m_range = range; }

    const QList<OffsetTrack> &tracks() const { return m_tracks; }
    bool isEmpty() const; // no key on any track
    // The curve of a bone's channel (empty when it has none).
    OffsetCurve curve(int bone, OffsetChannel channel) const;
    // Replaces it; an empty curve removes the track.
    void setCurve(int bone, OffsetChannel channel, const OffsetCurve &curve);
    // Adds or replaces a key (false for a non-finite frame or value).
    bool setKey(int bone, OffsetChannel channel, const OffsetKey &key);
    // Bones with keys, ascending.
    QList<int> bones() const;

    // Why the layer cannot apply to a clip of `frames` frames of this skeleton: a bone outside
    // the rig, a range outside the clip, a key's value that is not finite. Empty when it can.
    QString problem(const MotionSkeleton &skeleton, quint32 frames) const;

    // The offset of each channel of a bone at a frame (0 where it has no keys).
    std::array<double, OffsetChannelCount> offsetsAt(int bone, double frame) const;

    // Adds the layer to `motion` (a whole clip: its frame 0 is the clip's first): sets the local
    // pose of each keyed bone in each frame of the range where an offset is not 0. Frames where
    // the bone has no local pose (its parent singular) are left and counted in *unreadable.
    // False, with *error and nothing set, when problem() is not empty.
    bool apply(ClipMotion &motion, QString *error = nullptr, int *unreadable = nullptr) const;

    friend bool operator==(const OffsetLayer &, const OffsetLayer &) = default;

private:
    EulerOrder m_order = EulerOrder::XYZ;
    std::optional<std::pair<quint32, quint32>> m_range;
    QList<OffsetTrack> m_tracks; // by bone, then channel
};

} // namespace bpat
