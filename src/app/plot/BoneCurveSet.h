#pragma once
// The graph editor's curves of a BPAT clip: every bone's local channels (bpat::LocalChannels)
// sampled once per frame, as curves a CurvePlot draws (time = the clip's frame number, one key
// per frame, straight segments between them). Curve names are "<bone>/<channel>", the
// channels grouped as the curves tree shows them:
//   <bone>/RotationX, RotationY, RotationZ      Euler degrees in the set's order (unwrapped)
//   <bone>/RotationW, RotationX, ... RotationZ  quaternion components, when chosen instead
//   <bone>/TranslationX .. TranslationZ         the local translation, in the file's units
//   <bone>/ScaleX .. ScaleZ                     only for bones whose scale is not 1 in the clip
// Built once per clip and rotation choice (a few milliseconds for the game's clips; bones x
// frames beyond maxSamples are sampled every n-th frame, stride()); the plot curves are made on
// first use, so only the channels shown hold keys.
#include "models/CurveTreeModel.h"
#include "motion/LocalChannels.h"
#include "plot/PlotCurve.h"

#include <QHash>
#include <QStringList>
#include <map>
#include <memory>

namespace bpat::studio {

class BoneCurveSet
{
public:
    struct Options
    {
        bool quaternion = false; // quaternion components instead of Euler angles
        bpat::EulerOrder order = bpat::EulerOrder::XYZ;
        qint64 maxSamples = qint64(1) << 18; // bones x sampled frames
        // Per bone, the Euler angles its first frame is unwrapped toward (LocalChannels::tracks):
        // a bone under offset keys is read near its original, so its curve and the original's
        // are drawn on the same turn.
        QHash<int, bpat::euler::Angles> seeds;
    };

    // `boneNames` and `parents` in palette order (the document's rig); names missing or
    // repeated are made unique ("bone 7", "Spine (3)").
    BoneCurveSet(const bpat::BpatFile &file, int clip, const QStringList &boneNames, const QList<int> &parents,
                 const Options &options);
    // `previous` with only `bones` read again from `file` (the same clip and tables, new matrices:
    // a key dragged changes the keyed bones' local channels, their children's stay): a fraction of
    // a whole set's cost. Null when the curves would not be the same ones (a bone's scale curves
    // come or go, the clip's frames differ): build a whole set then.
    static std::shared_ptr<const BoneCurveSet> refreshed(const BoneCurveSet &previous, const bpat::BpatFile &file,
                                                         const QList<int> &parents, const QList<int> &bones);

    int clip() const { return m_clip; }
    const Options &options() const { return m_options; }
    int boneCount() const { return int(m_tracks.size()); }
    int stride() const { return m_stride; }
    int sampledFrames() const; // frames of the clip with a sample
    int lastFrame() const;     // the clip's last sampled frame (-1 when none)
    int unreadableSamples() const { return m_unreadable; }
    QString boneLabel(int bone) const { return m_labels.value(bone); }
    QString clipName() const { return m_clipName; }
    // The clip's markers (v2 and v3) at their frames: phase x (frame_count - 1).
    const QList<PlotMarker> &markers() const { return m_markers; }
    // "Euler XYZ (degrees, X applied first)" / "quaternion components"
    QString rotationDescription() const;

    // For the curves tree: every curve, bone by bone.
    QList<CurveTreeModel::Entry> entries() const { return m_entries; }
    // "Hips/RotationX" -> "RotationX"; the bone a curve belongs to (-1 when none).
    static QString channelKind(const QString &curveName);
    int boneOf(const QString &curveName) const;
    // The curves of `bone` of the given kinds ("RotationX", "TranslationY") that it has.
    QStringList curveNames(int bone, const QStringList &kinds) const;
    // The kinds a bone's curves are offered in, in tree order.
    QStringList kinds(int bone) const;

    // The keys of a curve (made on first use; valid while the set lives), null when unknown.
    bpat::CurveRef curve(const QString &name) const;
    // How a curve is named and read: "Hips rotation X" on "rotation (°)" in degrees,
    // "Hips translation Y" on "translation (m)" in metres, the quaternion's components on
    // "rotation (quaternion)", scale on "scale" (PlotCurve::label, axis, suffix).
    struct Reading
    {
        QString label;
        QString axis;
        QString suffix;
        QString shortLabel; // "Hips rot X", "Hips pos Y", "Hips quat W", "Hips scale Z"
    };
    Reading reading(const QString &name) const;

private:
    BoneCurveSet() = default;
    struct Channel
    {
        int track = -1;
        bpat::LocalChannels::Channel channel = bpat::LocalChannels::TranslationX;
    };

    int m_clip = -1;
    Options m_options;
    int m_stride = 1;
    int m_unreadable = 0;
    QString m_clipName;
    QList<PlotMarker> m_markers;
    QList<bpat::LocalChannels::Track> m_tracks;
    QStringList m_labels;
    QList<CurveTreeModel::Entry> m_entries;
    QHash<QString, Channel> m_channels;
    mutable std::map<QString, std::unique_ptr<bpat::FloatCurve>> m_curves;
};

// Plot curves of `set` for `names` (unknown names are skipped), coloured as the plot colours
// components (X red, Y green, Z blue, W yellow), named and put on the axis of their unit
// (BoneCurveSet::reading).
QList<PlotCurve> plotCurvesFor(const std::shared_ptr<const BoneCurveSet> &set, const QStringList &names);

} // namespace bpat::studio
