#include "plot/BoneCurveSet.h"

#include "bpat/BpatFormat.h"

#include <QCoreApplication>
#include <QSet>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {

using LC = bpat::LocalChannels;

struct ChannelName
{
    const char *kind;
    LC::Channel channel;
};

// Tree order: rotation first (what animators read most), then translation, then scale.
constexpr ChannelName kEuler[] = {{"RotationX", LC::EulerX}, {"RotationY", LC::EulerY}, {"RotationZ", LC::EulerZ}};
constexpr ChannelName kQuaternion[] = {{"RotationW", LC::QuaternionW},
                                       {"RotationX", LC::QuaternionX},
                                       {"RotationY", LC::QuaternionY},
                                       {"RotationZ", LC::QuaternionZ}};
constexpr ChannelName kTranslation[] = {
    {"TranslationX", LC::TranslationX}, {"TranslationY", LC::TranslationY}, {"TranslationZ", LC::TranslationZ}};
constexpr ChannelName kScale[] = {{"ScaleX", LC::ScaleX}, {"ScaleY", LC::ScaleY}, {"ScaleZ", LC::ScaleZ}};

// Unique names without the path separator of curve names.
QStringList uniqueLabels(const QStringList &names, int bones)
{
    QStringList labels;
    QSet<QString> seen;
    for (int b = 0; b < bones; ++b) {
        QString label = names.value(b).trimmed();
        label.replace(QLatin1Char('/'), QLatin1Char('_'));
        if (label.isEmpty())
            label = QStringLiteral("bone %1").arg(b);
        if (seen.contains(label))
            label = QStringLiteral("%1 (%2)").arg(label).arg(b);
        seen.insert(label);
        labels.append(label);
    }
    return labels;
}

} // namespace

BoneCurveSet::BoneCurveSet(const bpat::BpatFile &file, int clip, const QStringList &boneNames, const QList<int> &parents,
                           const Options &options)
    : m_clip(clip)
    , m_options(options)
{
    const LC channels(file, parents);
    const int bones = channels.boneCount();
    QList<int> all;
    for (int b = 0; b < bones; ++b)
        all.append(b);
    m_stride = LC::strideFor(qint64(channels.framesHeld(clip)), bones, options.maxSamples);
    m_tracks = channels.tracks(clip, all, options.order, m_stride, options.seeds);
    if (!m_tracks.isEmpty())
        m_stride = m_tracks.constFirst().stride;
    m_labels = uniqueLabels(boneNames, bones);
    if (clip >= 0 && clip < file.clips().size()) {
        const bpat::BpatClipInfo &info = file.clips().at(clip);
        m_clipName = info.name;
        for (int k = 0; info.hasMarkers && k < bpat::format::MarkerCount; ++k) {
            const float phase = info.markers[size_t(k)];
            if (phase >= 0.0f && phase <= 1.0f)
                m_markers.append(
                    {double(phase) * std::max<quint32>(1, info.frameCount - 1), QLatin1String(bpat::format::MarkerTitles[k])});
        }
    }
    for (const LC::Track &track : std::as_const(m_tracks)) {
        m_unreadable += track.unreadable;
        const qint64 keys = track.frames.size() - track.unreadable;
        const QString prefix = m_labels.at(track.bone) + QLatin1Char('/');
        const auto add = [&](const auto &names) {
            for (const ChannelName &c : names) {
                const QString name = prefix + QLatin1String(c.kind);
                m_channels.insert(name, Channel{track.bone, c.channel});
                m_entries.append({name, keys, false});
            }
        };
        if (options.quaternion)
            add(kQuaternion);
        else
            add(kEuler);
        add(kTranslation);
        if (track.scaled)
            add(kScale);
    }
}

std::shared_ptr<const BoneCurveSet> BoneCurveSet::refreshed(const BoneCurveSet &previous, const bpat::BpatFile &file,
                                                            const QList<int> &parents, const QList<int> &bones)
{
    const LC channels(file, parents);
    const int clip = previous.m_clip;
    if (channels.boneCount() != previous.boneCount() || clip < 0 || clip >= file.clips().size()
        || file.clips().at(clip).name != previous.m_clipName)
        return nullptr;
    QList<int> wanted;
    for (int b : bones) {
        if (b >= 0 && b < previous.boneCount() && !wanted.contains(b))
            wanted.append(b);
    }
    const QList<LC::Track> tracks =
        channels.tracks(clip, wanted, previous.m_options.order, previous.m_stride, previous.m_options.seeds);
    std::shared_ptr<BoneCurveSet> set(new BoneCurveSet);
    set->m_clip = clip;
    set->m_options = previous.m_options;
    set->m_stride = previous.m_stride;
    set->m_clipName = previous.m_clipName;
    set->m_markers = previous.m_markers;
    set->m_tracks = previous.m_tracks;
    set->m_labels = previous.m_labels;
    set->m_entries = previous.m_entries;
    set->m_channels = previous.m_channels;
    for (const LC::Track &track : tracks) {
        const LC::Track &before = previous.m_tracks.at(track.bone);
        if (track.scaled != before.scaled || track.frames != before.frames || track.unreadable != before.unreadable)
            return nullptr; // other curves, or other samples
        set->m_tracks[track.bone] = track;
    }
    for (const LC::Track &track : std::as_const(set->m_tracks))
        set->m_unreadable += track.unreadable;
    return set;
}

int BoneCurveSet::sampledFrames() const
{
    return m_tracks.isEmpty() ? 0 : int(m_tracks.constFirst().frames.size());
}

int BoneCurveSet::lastFrame() const
{
    return sampledFrames() > 0 ? m_tracks.constFirst().frames.constLast() : -1;
}

QString BoneCurveSet::rotationDescription() const
{
    if (m_options.quaternion)
        return QCoreApplication::translate("BoneCurveSet", "rotation as quaternion components");
    const QString order = bpat::euler::orderName(m_options.order);
    return QCoreApplication::translate("BoneCurveSet", "rotation as Euler %1 in degrees (%2 applied first)")
        .arg(order, order.left(1));
}

QString BoneCurveSet::channelKind(const QString &curveName)
{
    return curveName.section(QLatin1Char('/'), -1);
}

int BoneCurveSet::boneOf(const QString &curveName) const
{
    const auto it = m_channels.constFind(curveName);
    return it == m_channels.cend() ? -1 : it->track;
}

QStringList BoneCurveSet::curveNames(int bone, const QStringList &kinds) const
{
    QStringList names;
    if (bone < 0 || bone >= m_labels.size())
        return names;
    for (const QString &kind : kinds) {
        const QString name = m_labels.at(bone) + QLatin1Char('/') + kind;
        if (m_channels.contains(name))
            names.append(name);
    }
    return names;
}

QStringList BoneCurveSet::kinds(int bone) const
{
    QStringList out;
    if (bone < 0 || bone >= m_labels.size())
        return out;
    const QString prefix = m_labels.at(bone) + QLatin1Char('/');
    for (const CurveTreeModel::Entry &entry : m_entries) {
        if (entry.name.startsWith(prefix))
            out.append(channelKind(entry.name));
    }
    return out;
}

bpat::CurveRef BoneCurveSet::curve(const QString &name) const
{
    const auto channel = m_channels.constFind(name);
    if (channel == m_channels.cend())
        return {};
    auto &made = m_curves[name];
    if (!made) {
        const LC::Track &track = m_tracks.at(channel->track);
        const QList<double> &values = track.values[size_t(channel->channel)];
        QList<bpat::Keyframe> keys;
        keys.reserve(values.size());
        for (qsizetype i = 0; i < values.size(); ++i) {
            if (std::isfinite(values[i])) // an unreadable frame: the neighbours are joined
                keys.append(bpat::Keyframe::linear(float(track.frames[i]), float(values[i])));
        }
        made = std::make_unique<bpat::FloatCurve>(std::move(keys));
    }
    return bpat::CurveRef{name, made.get(), nullptr};
}

BoneCurveSet::Reading BoneCurveSet::reading(const QString &name) const
{
    Reading r;
    const int bone = boneOf(name);
    if (bone < 0)
        return r;
    const QString kind = channelKind(name);
    const QString axis = kind.right(1); // X, Y, Z (W)
    const auto tr = [](const char *text) { return QCoreApplication::translate("BoneCurveSet", text); };
    if (kind.startsWith(QLatin1String("Rotation")) && m_options.quaternion) {
        r.label = tr("%1 quaternion %2");
        r.shortLabel = tr("%1 quat %2");
        r.axis = tr("rotation (quaternion)");
    } else if (kind.startsWith(QLatin1String("Rotation"))) {
        r.label = tr("%1 rotation %2");
        r.shortLabel = tr("%1 rot %2");
        r.axis = tr("rotation (°)");
        r.suffix = QStringLiteral("°");
    } else if (kind.startsWith(QLatin1String("Translation"))) {
        r.label = tr("%1 translation %2");
        r.shortLabel = tr("%1 pos %2");
        r.axis = tr("translation (m)");
        r.suffix = QStringLiteral(" m");
    } else {
        r.label = tr("%1 scale %2");
        r.shortLabel = tr("%1 scale %2");
        r.axis = tr("scale");
    }
    r.label = r.label.arg(m_labels.at(bone), axis);
    r.shortLabel = r.shortLabel.arg(m_labels.at(bone), axis);
    return r;
}

QList<PlotCurve> plotCurvesFor(const std::shared_ptr<const BoneCurveSet> &set, const QStringList &names)
{
    if (!set)
        return {};
    QList<bpat::CurveRef> refs;
    for (const QString &name : names)
        refs.append(set->curve(name));
    QList<PlotCurve> curves = plotCurvesFor(refs, set);
    for (PlotCurve &curve : curves) {
        const BoneCurveSet::Reading r = set->reading(curve.name());
        curve.label = r.label;
        curve.axis = r.axis;
        curve.suffix = r.suffix;
        curve.shortLabel = r.shortLabel;
    }
    return curves;
}

} // namespace bpat::studio
