#include "motionedit/OffsetLayer.h"

#include "anim/CurveEvaluator.h"
#include "motionedit/ClipMotion.h"

#include <algorithm>
#include <cmath>

namespace bpat {

namespace {

struct ChannelSpelling
{
    OffsetChannel channel;
    const char *names[4]; // (null: none) compared without case, '_', '-', '.' and spaces
};

constexpr ChannelSpelling Spellings[] = {
    {OffsetChannel::RotationX, {"rotationx", "rotx", "rx", "eulerx"}},
    {OffsetChannel::RotationY, {"rotationy", "roty", "ry", "eulery"}},
    {OffsetChannel::RotationZ, {"rotationz", "rotz", "rz", "eulerz"}},
    {OffsetChannel::TranslationX, {"translationx", "transx", "posx", "tx"}},
    {OffsetChannel::TranslationY, {"translationy", "transy", "posy", "ty"}},
    {OffsetChannel::TranslationZ, {"translationz", "transz", "posz", "tz"}},
    {OffsetChannel::ScaleX, {"scalex", "sclx", "sx", nullptr}},
    {OffsetChannel::ScaleY, {"scaley", "scly", "sy", nullptr}},
    {OffsetChannel::ScaleZ, {"scalez", "sclz", "sz", nullptr}},
};

bool isRotation(OffsetChannel c)
{
    return c == OffsetChannel::RotationX || c == OffsetChannel::RotationY || c == OffsetChannel::RotationZ;
}

} // namespace

QString offsetChannelName(OffsetChannel channel)
{
    static const char *const names[OffsetChannelCount] = {
        "RotationX", "RotationY", "RotationZ", "TranslationX", "TranslationY", "TranslationZ", "ScaleX", "ScaleY", "ScaleZ"};
    return QLatin1String(names[int(channel)]);
}

std::optional<OffsetChannel> offsetChannelFromName(const QString &name)
{
    QString key = name.toLower();
    key.remove(QLatin1Char('_')).remove(QLatin1Char('-')).remove(QLatin1Char('.')).remove(QLatin1Char(' '));
    for (const ChannelSpelling &s : Spellings) {
        for (const char *n : s.names) {
            if (n && key == QLatin1String(n))
                return s.channel;
        }
    }
    return std::nullopt;
}

QString offsetChannelChoices()
{
    return QStringLiteral("RotationX, RotationY, RotationZ, TranslationX, TranslationY, TranslationZ, ScaleX, ScaleY or ScaleZ "
                          "(or rx, ry, rz, tx, ty, tz, sx, sy, sz)");
}

bool OffsetLayer::isEmpty() const
{
    return std::all_of(m_tracks.cbegin(), m_tracks.cend(), [](const OffsetTrack &t) { return t.curve.isEmpty(); });
}

OffsetCurve OffsetLayer::curve(int bone, OffsetChannel channel) const
{
    for (const OffsetTrack &t : m_tracks) {
        if (t.bone == bone && t.channel == channel)
            return t.curve;
    }
    return {};
}

void OffsetLayer::setCurve(int bone, OffsetChannel channel, const OffsetCurve &curve)
{
    for (qsizetype i = 0; i < m_tracks.size(); ++i) {
        if (m_tracks[i].bone == bone && m_tracks[i].channel == channel) {
            if (curve.isEmpty())
                m_tracks.removeAt(i);
            else
                m_tracks[i].curve = curve;
            return;
        }
    }
    if (curve.isEmpty())
        return;
    const auto before = [&](const OffsetTrack &t) { return t.bone < bone || (t.bone == bone && t.channel < channel); };
    const auto it = std::find_if_not(m_tracks.begin(), m_tracks.end(), before);
    m_tracks.insert(it, OffsetTrack{bone, channel, curve});
}

bool OffsetLayer::setKey(int bone, OffsetChannel channel, const OffsetKey &key)
{
    OffsetCurve c = curve(bone, channel);
    if (!c.setKey(key))
        return false;
    setCurve(bone, channel, c);
    return true;
}

QList<int> OffsetLayer::bones() const
{
    QList<int> out;
    for (const OffsetTrack &t : m_tracks) {
        if (!t.curve.isEmpty() && !out.contains(t.bone))
            out.append(t.bone);
    }
    std::sort(out.begin(), out.end());
    return out;
}

QString OffsetLayer::problem(const MotionSkeleton &skeleton, quint32 frames) const
{
    for (const OffsetTrack &t : m_tracks) {
        if (t.bone < 0 || t.bone >= skeleton.boneCount())
            return QStringLiteral("bone %1 is outside the rig (it has %2 bones, 0..%3)")
                .arg(t.bone)
                .arg(skeleton.boneCount())
                .arg(skeleton.boneCount() - 1);
        for (const OffsetKey &k : t.curve.keys()) {
            if (!std::isfinite(k.frame) || !std::isfinite(k.value))
                return QStringLiteral("%1 %2: a key is not a finite number")
                    .arg(skeleton.name(t.bone), offsetChannelName(t.channel));
        }
    }
    if (m_range && (m_range->first > m_range->second || m_range->second >= frames))
        return QStringLiteral("the frame range %1..%2 is not inside the clip's %3 frames (0..%4)")
            .arg(m_range->first)
            .arg(m_range->second)
            .arg(frames)
            .arg(qint64(frames) - 1);
    return {};
}

std::array<double, OffsetChannelCount> OffsetLayer::offsetsAt(int bone, double frame) const
{
    std::array<double, OffsetChannelCount> out{};
    for (const OffsetTrack &t : m_tracks) {
        if (t.bone == bone)
            out[size_t(t.channel)] = t.curve.valueAt(frame);
    }
    return out;
}

bool OffsetLayer::apply(ClipMotion &motion, QString *error, int *unreadable) const
{
    if (const QString why = problem(motion.skeleton(), motion.frameCount()); !why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    int skipped = 0;
    const quint32 first = m_range ? m_range->first : 0;
    const quint32 last = m_range ? m_range->second : (motion.frameCount() > 0 ? motion.frameCount() - 1 : 0);
    for (int bone : bones()) {
        // The bone's curves, as the evaluator reads them.
        std::array<std::optional<FloatCurve>, OffsetChannelCount> curves;
        bool rotates = false;
        for (const OffsetTrack &t : m_tracks) {
            if (t.bone == bone && !t.curve.isEmpty()) {
                curves[size_t(t.channel)] = t.curve.toFloatCurve();
                rotates = rotates || isRotation(t.channel);
            }
        }
        // The Euler angles are unwrapped from the clip's first frame, as the bone graph shows them.
        std::optional<euler::Angles> previous;
        for (quint32 f = 0; f < motion.frameCount() && f <= last; ++f) {
            if (!motion.isReadable(f, bone)) {
                if (f >= first)
                    ++skipped;
                continue;
            }
            LocalTransform pose = motion.pose(f, bone);
            euler::Angles angles{};
            if (rotates) {
                angles = euler::fromMatrix(euler::matrixFromQuaternion(pose.rotation), m_order);
                if (previous)
                    angles = euler::closestTo(angles, *previous, m_order);
                previous = angles;
            }
            if (f < first)
                continue;
            std::array<double, OffsetChannelCount> offset{};
            bool any = false;
            for (int c = 0; c < OffsetChannelCount; ++c) {
                if (curves[size_t(c)]) {
                    offset[size_t(c)] = CurveEvaluator::evaluate(*curves[size_t(c)], double(f));
                    any = any || offset[size_t(c)] != 0.0;
                }
            }
            if (!any)
                continue;
            if (offset[0] != 0.0 || offset[1] != 0.0 || offset[2] != 0.0) {
                const euler::Angles turned{angles[0] + offset[0], angles[1] + offset[1], angles[2] + offset[2]};
                pose.rotation = euler::quaternionFromMatrix(euler::toMatrix(turned, m_order));
            }
            for (size_t axis = 0; axis < 3; ++axis) {
                pose.translation[axis] += offset[3 + axis];
                pose.scale[axis] += offset[6 + axis];
            }
            motion.setPose(f, bone, pose);
        }
    }
    if (unreadable)
        *unreadable = skipped;
    return true;
}

} // namespace bpat
