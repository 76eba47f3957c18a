#include "motionedit/MotionEditor.h"

#include "motionedit/ClipMotion.h"
#include "motionedit/ClipRetime.h"
#include "motionedit/ClipReverse.h"
#include "motionedit/ContactRecords.h"
#include "motionedit/MotionApply.h"

#include <cmath>

namespace bpat {

namespace {

MotionEditResult refused(const QString &why)
{
    MotionEditResult r;
    r.error = why;
    return r;
}

// Late v3's bind palette (column-major as stored) as row-major globals; empty without one.
QList<float> bindGlobals(const BpatDocument &document)
{
    QList<float> out;
    const quint32 bones = document.boneCount();
    if (!document.hasBindPalette() || document.bindPalette().size() != qsizetype(bones) * 16)
        return out;
    out.reserve(qsizetype(bones) * 16);
    for (quint32 b = 0; b < bones; ++b) {
        const QMatrix4x4 m = document.bindMatrix(b);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                out.append(m(r, c));
    }
    return out;
}

} // namespace

bool MotionEditor::checkClip(int clip, MotionEditResult &result) const
{
    if (clip < 0 || clip >= m_doc.clipCount()) {
        result.error = QStringLiteral("no clip at index %1 (the file has %2)").arg(clip).arg(m_doc.clipCount());
        return false;
    }
    const BpatClip &c = m_doc.clip(clip);
    if (c.palette.size() != qsizetype(c.frameCount) * qsizetype(m_doc.boneCount()) * 16) {
        result.error = QStringLiteral("clip '%1' holds no frames in memory").arg(c.name);
        return false;
    }
    return true;
}

MotionEditResult MotionEditor::applyOffsets(int clip, const OffsetLayer &layer)
{
    MotionEditResult r;
    if (!checkClip(clip, r))
        return r;
    QString error;
    std::optional<ClipMotion> motion = ClipMotion::fromDocument(m_doc, clip, &error);
    if (!motion)
        return refused(error);
    int unreadable = 0;
    if (!layer.apply(*motion, &error, &unreadable))
        return refused(QStringLiteral("clip '%1': %2").arg(m_doc.clip(clip).name, error));
    const MotionApplyResult applied = MotionApply::toDocument(m_doc, clip, *motion);
    if (!applied.ok)
        return refused(applied.error);
    r.ok = true;
    r.clip = clip;
    r.change = applied.change;
    int keys = 0;
    for (const OffsetTrack &t : layer.tracks())
        keys += t.curve.keyCount();
    r.notes << QStringLiteral("clip '%1': %2 offset keys on %3 bones; %4 frames and %5 bones changed (children included), "
                              "largest move %6 mm")
                   .arg(m_doc.clip(clip).name)
                   .arg(keys)
                   .arg(layer.bones().size())
                   .arg(applied.change.frames.size())
                   .arg(applied.change.bones.size())
                   .arg(applied.change.maxError * 1000.0, 0, 'f', 2);
    if (unreadable > 0)
        r.notes << QStringLiteral("%1 bone-frames have no local pose (a singular parent) and were left").arg(unreadable);
    r.notes << applied.notes;
    return r;
}

MotionEditResult MotionEditor::replaceSampled(int clip, const QList<double> &times, const std::array<float, 5> &markers)
{
    QString error;
    std::optional<BpatClip> sampled = ClipRetime::sample(m_doc, m_doc.clip(clip), times, &error);
    if (!sampled)
        return refused(error);
    sampled->markers = markers;
    if (!m_doc.replaceClip(clip, std::move(*sampled), &error))
        return refused(error);
    MotionEditResult r;
    r.ok = true;
    r.clip = clip;
    return r;
}

MotionEditResult MotionEditor::resample(int clip, quint32 frames, std::optional<float> fps)
{
    MotionEditResult r;
    if (!checkClip(clip, r))
        return r;
    const BpatClip &c = m_doc.clip(clip);
    if (frames == 0)
        return refused(QStringLiteral("cannot resample clip '%1' to 0 frames: a clip holds at least one").arg(c.name));
    const quint32 most = ClipRetime::maxFrames(m_doc.boneCount());
    if (frames > most)
        return refused(QStringLiteral("cannot resample clip '%1' to %2 frames: at most %3 frames of %4 bones fit one clip edit")
                           .arg(c.name)
                           .arg(frames)
                           .arg(most)
                           .arg(m_doc.boneCount()));
    if (quint64(m_doc.frameTotal()) - c.frameCount + frames >= 0xffffffffull)
        return refused(QStringLiteral("cannot resample clip '%1' to %2 frames: the file would hold more than 2^32-1 frames")
                           .arg(c.name)
                           .arg(frames));
    if (fps && !(std::isfinite(*fps) && *fps > 0.0f))
        return refused(QStringLiteral("frame rate %1 is not a number above 0").arg(double(*fps)));
    const QString name = c.name;
    const quint32 before = c.frameCount;
    const bool loops = c.loops;
    const float oldFps = c.fps;
    r = replaceSampled(clip, ClipRetime::resampleTimes(before, frames, loops), c.markers);
    if (!r.ok)
        return r;
    if (fps)
        m_doc.clip(clip).fps = *fps;
    r.notes << QStringLiteral("clip '%1': %2 -> %3 frames%4%5")
                   .arg(name)
                   .arg(before)
                   .arg(frames)
                   .arg(loops ? QStringLiteral(" (resampled as a loop)") : QString())
                   .arg(fps ? QStringLiteral(", %1 -> %2 fps").arg(double(oldFps)).arg(double(*fps)) : QString());
    return r;
}

MotionEditResult MotionEditor::timeWarp(int clip, double from, double to)
{
    MotionEditResult r;
    if (!checkClip(clip, r))
        return r;
    const BpatClip &c = m_doc.clip(clip);
    const double end = c.loops ? double(c.frameCount) : double(c.frameCount) - 1.0;
    for (const double f : {from, to}) {
        if (!std::isfinite(f) || f <= 0.0 || f >= end)
            return refused(QStringLiteral("frame %1 is not inside clip '%2' (the warp moves frames between its ends, "
                                          "1..%3)")
                               .arg(f)
                               .arg(c.name)
                               .arg(std::ceil(end) - 1.0));
    }
    if (from == to)
        return refused(
            QStringLiteral("frame %1 of clip '%2' is already at frame %3: nothing to move").arg(from).arg(c.name).arg(to));
    std::array<float, 5> markers = c.markers;
    const double last = std::max(1.0, double(c.frameCount) - 1.0);
    for (float &m : markers) {
        if (m >= 0.0f && m <= 1.0f)
            m = float(std::clamp(ClipRetime::unwarp(double(m) * last, from, to, c.frameCount, c.loops) / last, 0.0, 1.0));
    }
    const QString name = c.name;
    r = replaceSampled(clip, ClipRetime::warpTimes(c.frameCount, from, to, c.loops), markers);
    if (r.ok)
        r.notes
            << QStringLiteral("clip '%1': frame %2 now shows at frame %3, the rest eased around it").arg(name).arg(from).arg(to);
    return r;
}

MotionEditResult MotionEditor::reverse(int clip)
{
    MotionEditResult r;
    if (!checkClip(clip, r))
        return r;
    QString error;
    BpatClip reversed = ClipReverse::reversed(m_doc.clip(clip), m_doc.boneCount(), m_doc.socketCount());
    const QString name = reversed.name;
    if (!m_doc.replaceClip(clip, std::move(reversed), &error))
        return refused(error);
    r.ok = true;
    r.clip = clip;
    r.notes << QStringLiteral("clip '%1': frames reversed, markers mirrored in phase").arg(name);
    return r;
}

MotionEditor::MirrorPlan MotionEditor::mirrorPlan(const BpatDocument &document, int clip)
{
    MirrorPlan plan;
    const MotionSkeleton skeleton = MotionSkeleton::forDocument(document);
    plan.bones = BonePairs::fromNames(skeleton.names(), BonePairs::knownPairs(document.speciesId(), skeleton.boneCount()));
    QStringList socketNames;
    for (const BpatSocket &s : document.sockets())
        socketNames << s.name;
    plan.sockets = BonePairs::fromNames(socketNames);
    if (!plan.bones.hasPairs()) {
        plan.error = plan.bones.noPairsReason();
        return plan;
    }
    const QList<float> bind = bindGlobals(document);
    const float *frame = nullptr;
    if (clip >= 0 && clip < document.clipCount() && !document.clip(clip).palette.isEmpty())
        frame = document.clip(clip).palette.constData();
    plan.plane = ClipMirror::planeOf(plan.bones, bind.isEmpty() ? nullptr : bind.constData(), frame, int(document.boneCount()));
    return plan;
}

QString MotionEditor::mirroredName(const BpatDocument &document, int clip)
{
    if (clip < 0 || clip >= document.clipCount())
        return {};
    const QString base = document.clip(clip).name + QStringLiteral("_mirrored");
    QString name = base;
    for (int i = 2; document.findClip(name) >= 0; ++i) // as DocumentEditor::freeClipName
        name = QStringLiteral("%1_%2").arg(base).arg(i);
    return name;
}

MotionEditResult MotionEditor::mirror(int clip, const MirrorOptions &options)
{
    MotionEditResult r;
    if (!checkClip(clip, r))
        return r;
    const MirrorPlan plan = mirrorPlan(m_doc, clip);
    if (!plan.error.isEmpty())
        return refused(QStringLiteral("clip '%1' cannot be mirrored: %2").arg(m_doc.clip(clip).name, plan.error));
    const QString name = options.inPlace ? m_doc.clip(clip).name
        : options.name.isEmpty()         ? mirroredName(m_doc, clip)
                                         : options.name;
    if (!options.inPlace && m_doc.findClip(name) >= 0)
        return refused(QStringLiteral("a clip named '%1' already exists; give the mirrored clip another name").arg(name));
    if (!options.inPlace && name.isEmpty())
        return refused(QStringLiteral("a clip name cannot be empty"));

    const ClipMirror mirror(plan.bones, plan.plane);
    const BpatClip &source = m_doc.clip(clip);
    BpatClip out = source;
    out.name = name;
    out.storedSkin.clear();
    const quint32 bones = m_doc.boneCount();
    const int sockets = m_doc.socketCount();
    const bool rows = sockets > 0 && source.socketRows.size() == qsizetype(source.frameCount) * sockets * 12;
    const bool contacts = source.contacts.size() == qsizetype(source.frameCount) * 2;
    const ContactRecords records = contacts ? ContactRecords::forDocument(m_doc) : ContactRecords();
    for (quint32 f = 0; f < source.frameCount; ++f) {
        float *palette = out.palette.data() + qsizetype(f) * bones * 16;
        mirror.mirrorFrame(source.palette.constData() + qsizetype(f) * bones * 16, palette);
        if (rows)
            mirror.mirrorSocketRows(source.socketRows.constData() + qsizetype(f) * sockets * 12, plan.sockets,
                                    out.socketRows.data() + qsizetype(f) * sockets * 12);
        if (contacts && records.isUsable()) {
            float *rec = out.contacts.data() + qsizetype(f) * 2;
            const auto [sole, foot] = records.record(palette, bones, {rec[0], rec[1]});
            rec[0] = sole;
            rec[1] = foot;
        }
    }
    QString error;
    // A new clip goes last, a family of its own: no clip moves (the game may know clips by
    // index), no variant family is split.
    if (!options.inPlace) {
        out.variantFamily = -1;
        out.variantOrdinal = 0;
    }
    const int at = options.inPlace ? clip : m_doc.clipCount();
    const bool done = options.inPlace ? m_doc.replaceClip(clip, std::move(out), &error) : m_doc.addClip(std::move(out), &error);
    if (!done)
        return refused(error);
    r.ok = true;
    r.clip = at;
    r.notes << QStringLiteral("clip '%1' mirrored %2 across %3")
                   .arg(m_doc.clip(clip).name,
                        options.inPlace ? QStringLiteral("in place") : QStringLiteral("into '%1'").arg(name),
                        plan.plane.describe());
    r.notes << QStringLiteral("left/right: %1; %2 bones map to themselves")
                   .arg(plan.bones.describePairs())
                   .arg(plan.bones.unpaired().size());
    if (rows && plan.sockets.hasPairs())
        r.notes << QStringLiteral("sockets: %1; the others mirrored in place").arg(plan.sockets.describePairs());
    if (contacts && !records.isUsable())
        r.notes << records.why();
    return r;
}

} // namespace bpat
