#include "motion/MotionLint.h"

#include "motion/MotionCodes.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>
#include <cmath>

namespace bpat {

namespace mc = MotionCodes;

namespace {

// The first pass takes a long clip's medians from about this many evenly spaced frames (where
// it need not find the clip's lowest foot: a contact table gives the ground, or no feet).
constexpr quint32 SampleFrames = 4096;

QString metres(double v)
{
    return QStringLiteral("%1 m").arg(v, 0, 'f', 3);
}

Diagnostic finding(const QString &code, Severity severity, const BpatFile &file, int clip, int frame, int bone,
                   const QString &message)
{
    const BpatClipInfo &info = file.clips().at(clip);
    Diagnostic d{code, severity, message, std::nullopt, DiagnosticLocation::palette(clip, info.name, frame, bone)};
    if (bone >= 0)
        d.offset = file.matrixOffset(info.frameOffset + quint32(frame), quint32(bone));
    return d;
}

// Runs part(i, reporting) for every i: 0 on this thread (the one that reports progress and
// watches for cancel), the others on a pool; `idle` is called while waiting for them.
template<typename Part> void runParts(int count, Part &&part, const std::function<void()> &idle)
{
    if (count <= 1) {
        part(0, true);
        return;
    }
    QThreadPool pool;
    pool.setMaxThreadCount(count - 1);
    QList<int> others;
    for (int i = 1; i < count; ++i)
        others.append(i);
    QFuture<void> rest = QtConcurrent::map(&pool, others, [&](int i) { part(i, false); });
    part(0, true);
    while (!rest.isFinished()) {
        idle();
        QThread::msleep(1);
    }
    rest.waitForFinished();
}

} // namespace

MotionLint::MotionLint(const BpatFile &file, const MotionThresholds &thresholds)
    : m_reader(file)
    , m_rig(MotionRig::forFile(file))
    , m_t(thresholds)
{
    if (m_rig.boneCount == m_reader.boneCount())
        m_judged = m_rig.lengthBones();
}

PassTick MotionLint::ticker()
{
    return [this](quint32 frames) {
        const quint64 done = m_done.fetch_add(frames, std::memory_order_relaxed) + frames;
        if (m_progress)
            m_progress(done, m_total);
        if (m_cancel && m_cancel->load(std::memory_order_relaxed))
            m_stop = true;
        return !m_stop.load(std::memory_order_relaxed);
    };
}

QList<std::pair<quint32, quint32>> MotionLint::ranges(int clip) const
{
    const quint32 frames = m_reader.file().clips().at(clip).frameCount;
    const int wanted = m_threads > 0 ? m_threads : QThread::idealThreadCount();
    const quint64 byPositions = std::max<quint64>(1, quint64(frames) * quint64(m_reader.boneCount()) / m_positionsPerRange);
    const quint32 count =
        quint32(std::clamp<quint64>(std::min<quint64>(quint64(std::max(1, wanted)), byPositions), 1, std::max(1u, frames)));
    QList<std::pair<quint32, quint32>> out;
    for (quint32 r = 0; r < count; ++r)
        out.append({quint32(quint64(frames) * r / count), quint32(quint64(frames) * (r + 1) / count)});
    return out;
}

Diagnostics MotionLint::run(const std::atomic<bool> *cancel, const std::function<void(quint64, quint64)> &progress,
                            bool *cancelled)
{
    Diagnostics out;
    m_cancel = cancel;
    m_progress = progress;
    m_done = 0;
    m_stop = false;
    const BpatFile &file = m_reader.file();
    if (m_reader.boneCount() == 0)
        return out;
    m_total = 2 * quint64(file.header().frameTotal);
    if (m_rig.feet.isEmpty()) {
        out.append(
            Diagnostic{mc::MOTION_NOT_CHECKED, Severity::Info,
                       QStringLiteral("feet unknown (%1): the ground, FOOT_BELOW_GROUND and CONTACT_MISMATCH are not checked")
                           .arg(m_rig.rigSource),
                       std::nullopt, DiagnosticLocation::header(QStringLiteral("species_id"))});
    }
    if (m_judged.isEmpty()) {
        out.append(
            Diagnostic{mc::MOTION_NOT_CHECKED, Severity::Info,
                       QStringLiteral("no bone continues a deforming parent below the root (%1): BONE_STRETCH is not checked")
                           .arg(m_rig.rigSource),
                       std::nullopt, DiagnosticLocation::header(QStringLiteral("bone_count"))});
    }
    const QString controls = m_rig.controlsSummary();
    if (!controls.isEmpty()) { // placed by the rig, not limbs: no pops, seams or stretch of their own
        out.append(Diagnostic{mc::MOTION_NOT_CHECKED, Severity::Info, controls, std::nullopt,
                              DiagnosticLocation::header(QStringLiteral("bone_count"))});
    }
    QList<ClipStats> stats;
    QList<float> lowestFeet;
    // The work is bounded by the frames the file holds: a clip the file does not wholly hold is
    // not judged (the spec profile says why), nor are clips past frame_total frames in all (a
    // damaged table can make a thousand clips claim the same palette).
    quint64 budget = file.header().frameTotal;
    int skipped = 0;
    for (int c = 0; c < file.clips().size() && !m_stop; ++c) {
        const quint32 frames = file.clips().at(c).frameCount;
        if (file.framesHeld(c) < frames || frames > budget) {
            stats.append(ClipStats());
            ++skipped;
            continue;
        }
        budget -= frames;
        float lowest = INFINITY;
        stats.append(gather(c, &lowest));
        if (std::isfinite(lowest))
            lowestFeet.append(lowest);
    }
    if (skipped > 0) {
        out.append(Diagnostic{mc::MOTION_NOT_CHECKED, Severity::Info,
                              QStringLiteral("%1 of %2 clips are not judged: the file does not hold their frames (run the spec "
                                             "profile)")
                                  .arg(skipped)
                                  .arg(file.clips().size()),
                              std::nullopt, DiagnosticLocation::header(QStringLiteral("frame_total"))});
    }
    findGround(lowestFeet);
    for (int c = 0; c < stats.size() && !m_stop; ++c) {
        if (stats.at(c).usable)
            judge(c, stats.at(c), out);
    }
    if (cancelled)
        *cancelled = m_stop;
    return out;
}

ClipStats MotionLint::gather(int clip, float *lowestFoot)
{
    const BpatFile &file = m_reader.file();
    const BpatClipInfo &info = file.clips().at(clip);
    const int bones = m_reader.boneCount();
    ClipStats stats;
    if (info.frameCount == 0)
        return stats;
    // Lengths are gathered as ratios to the clip's first frame, so every range's histograms
    // share their bins.
    std::vector<QVector3D> first(static_cast<size_t>(bones));
    if (!m_reader.readFast(info.frameOffset, first.data()))
        return stats; // outside the file: the spec profile says so
    std::vector<float> inverseReference2(static_cast<size_t>(bones), 0.0f);
    std::vector<float> reference(static_cast<size_t>(bones), 0.0f);
    for (int b : m_judged) {
        const float length = first[size_t(b)].distanceToPoint(first[size_t(m_rig.parents.at(b))]);
        reference[size_t(b)] = std::isfinite(length) ? std::max(length, float(m_t.stretchMinLength)) : 1.0f;
        inverseReference2[size_t(b)] = 1.0f / (reference[size_t(b)] * reference[size_t(b)]);
    }
    const MotionPassContext context{m_reader, m_rig, m_t, m_judged, m_releaseBehind};
    const QList<std::pair<quint32, quint32>> parts = ranges(clip);
    const bool sampled = file.contactTableInBounds() || m_rig.feet.isEmpty();
    const quint32 stride = sampled ? std::max(1u, (info.frameCount + SampleFrames - 1) / SampleFrames) : 1u;
    std::vector<GatherPart> gathered(size_t(parts.size()), GatherPart(bones));
    const PassTick tick = ticker();
    runParts(
        int(parts.size()),
        [&](int i, bool) {
            gatherRange(context, clip, parts.at(i).first, parts.at(i).second, stride, inverseReference2, gathered[size_t(i)],
                        tick);
        },
        [&] { tick(0); });
    GatherPart &all = gathered.front();
    for (size_t i = 1; i < gathered.size(); ++i)
        all.merge(gathered[i]);
    if (all.readFailed || all.stopped)
        return stats;
    if (info.loops() && info.frameCount > 1) { // the seam's step: the last frame into the first
        std::vector<QVector3D> last(static_cast<size_t>(bones));
        if (m_reader.readFast(info.frameOffset + info.frameCount - 1, last.data())) {
            for (int b = 0; b < bones; ++b)
                all.steps[size_t(b)].add((first[size_t(b)] - last[size_t(b)]).lengthSquared());
        }
    }
    *lowestFoot = all.lowestFoot;
    stats.usable = true;
    stats.usualStep.resize(bones);
    stats.medianLength.resize(bones);
    for (int b = 0; b < bones; ++b)
        stats.usualStep[b] = std::sqrt(all.steps[size_t(b)].median());
    for (int b : m_judged) {
        const double median = std::sqrt(all.lengths[size_t(b)].median()) * double(reference[size_t(b)]);
        stats.medianLength[b] = median >= m_t.stretchMinLength ? median : 0.0;
    }
    return stats;
}

void MotionLint::findGround(const QList<float> &lowestFeet)
{
    if (m_rig.feet.isEmpty())
        return;
    const BpatFile &file = m_reader.file();
    // Late v3 with a bind palette: the rest pose is where the game stands the creature (its
    // bodies' soles at y = 0 in it; the baker's sole_y measures the feet from it). Where the
    // clips' own ground lies more than `ground` under the rest pose's lowest foot (a rebake of a
    // recording 1.6 m under its rest pose), the game's ground is the rest pose's.
    double rest = NAN;
    if (file.storesSkinningMatrices() && file.bindPaletteInBounds()) {
        for (int foot : m_rig.feet) {
            bool invertible = false;
            const double y = double(file.bindMatrix(quint32(foot), &invertible)(1, 3));
            if (invertible && std::isfinite(y))
                rest = std::isnan(rest) ? y : std::min(rest, y);
        }
    }
    QList<float> lowest;
    const bool table = file.contactTableInBounds();
    if (table) { // the baker's own lowest foot per frame
        for (int c = 0; c < file.clips().size() && !m_stop; ++c) {
            const BpatClipInfo &info = file.clips().at(c);
            float low = INFINITY;
            // The frames the file holds, not the count a clip claims (a damaged clip table read
            // from palette bytes claims up to 2^32 - 1 frames: minutes here, and the window
            // could not exit while it ran), watching for cancel as the passes do.
            const quint64 held = file.framesHeld(c);
            for (quint64 f = 0; f < held; ++f) {
                if ((f & 0xFFFF) == 0 && m_cancel && m_cancel->load(std::memory_order_relaxed)) {
                    m_stop = true;
                    break;
                }
                const std::optional<std::pair<float, float>> record = file.contact(quint32(info.frameOffset + f));
                if (record && std::isfinite(record->second))
                    low = std::min(low, record->second);
            }
            if (std::isfinite(low))
                lowest.append(low);
        }
    } else {
        lowest = lowestFeet;
    }
    if (lowest.isEmpty())
        return;
    std::sort(lowest.begin(), lowest.end());
    m_ground = double(lowest.at(lowest.size() / 2));
    m_groundSource = table ? QStringLiteral("contact table") : QStringLiteral("feet");
    if (rest - m_ground > m_t.ground) {
        m_groundSource = QStringLiteral("rest pose (bind palette), where the game stands it; the clips' own ground, "
                                        "y = %1 from the %2, lies %3 under it")
                             .arg(m_ground, 0, 'f', 3)
                             .arg(m_groundSource, metres(rest - m_ground));
        m_ground = rest;
    }
}

void MotionLint::report(int clip, const PopEvent &event, Diagnostics &out) const
{
    const BpatFile &file = m_reader.file();
    const BpatClipInfo &info = file.clips().at(clip);
    const qint64 n = qint64(info.frameCount);
    const int bones = m_reader.boneCount();
    const QList<Jump> &jumps = event.jumps;
    const int judged = m_rig.boneCount == bones ? m_rig.deformingCount() : bones;
    const bool whole = double(jumps.size()) >= m_t.wholeBody * double(judged);
    const Jump &shown = whole
        ? jumps.first()
        : *std::max_element(jumps.cbegin(), jumps.cend(), [](const Jump &a, const Jump &b) { return a.distance < b.distance; });
    const bool seam = !event.outOfPlace && info.loops() && event.transition == n - 1;
    const int frame = seam ? int(n - 1) : int((event.transition + 1) % n);
    const QString who = whole ? QStringLiteral("%1 of %2 bones (the whole body) jump").arg(jumps.size()).arg(judged)
        : jumps.size() == 1   ? QStringLiteral("%1 jumps").arg(m_rig.boneName(shown.bone))
                              : QStringLiteral("%1 bones jump").arg(jumps.size());
    const QString how = QStringLiteral("%1 (%2 %3, %4x the steps around it, at most %5)")
                            .arg(who, m_rig.boneName(shown.bone), metres(shown.distance))
                            .arg(shown.around > 0 ? shown.distance / shown.around : 0.0, 0, 'f', 1)
                            .arg(metres(shown.around));
    QString message;
    if (seam)
        message = QStringLiteral("%1 loops, but its last frame (%2) does not lead back into its first: %3")
                      .arg(info.name)
                      .arg(n - 1)
                      .arg(how);
    else if (event.outOfPlace)
        message = QStringLiteral("frame %1 of %2 is out of place, away from the frames before and after it and back: %3")
                      .arg(frame)
                      .arg(info.name, how);
    else
        message =
            QStringLiteral("%1 jumps from frame %2 to frame %3: %4").arg(info.name).arg(event.transition).arg(frame).arg(how);
    out.append(finding(seam ? mc::LOOP_SEAM : mc::MOTION_POP, whole ? Severity::Error : Severity::Warning, file, clip, frame,
                       shown.bone, message));
}

void MotionLint::judge(int clip, const ClipStats &stats, Diagnostics &out)
{
    const BpatFile &file = m_reader.file();
    const BpatClipInfo &info = file.clips().at(clip);
    const MotionPassContext context{m_reader, m_rig, m_t, m_judged, m_releaseBehind};
    const QList<std::pair<quint32, quint32>> parts = ranges(clip);
    const QList<double> groundLines(m_rig.feet.size(), !m_groundSource.isEmpty() ? m_ground - m_t.ground : double(NAN));
    std::vector<JudgePart> judged(size_t(parts.size()));
    const PassTick tick = ticker();
    runParts(
        int(parts.size()),
        [&](int i, bool) {
            judgeRange(context, clip, stats, parts.at(i).first, parts.at(i).second, groundLines, judged[size_t(i)], tick);
        },
        [&] { tick(0); });
    FrameRun contact;
    for (const JudgePart &part : judged) {
        if (part.stopped)
            return;
        if (part.nonFiniteFrame >= 0) { // the first part with one holds the first: nothing else of the clip
            out.append(finding(QStringLiteral("NON_FINITE"), Severity::Error, file, clip, part.nonFiniteFrame, part.nonFiniteBone,
                               QStringLiteral("%1's origin is not finite at frame %2 of %3: the clip's motion cannot be judged")
                                   .arg(m_rig.boneName(part.nonFiniteBone))
                                   .arg(part.nonFiniteFrame)
                                   .arg(info.name)));
            return;
        }
        contact.merge(part.contact);
    }
    if (contact.count > 0) {
        const std::optional<quint32> g = file.globalFrame(clip, quint32(contact.first));
        out.append(Diagnostic{
            mc::CONTACT_MISMATCH, Severity::Warning,
            QStringLiteral("the contact table's foot_y differs from the lowest foot of the palette by up to %1 in %2 of "
                           "%3's %4 frames, the first at frame %5 (tolerance %6)")
                .arg(metres(contact.worstValue))
                .arg(contact.count)
                .arg(info.name)
                .arg(info.frameCount)
                .arg(contact.first)
                .arg(metres(m_t.contact)),
            g ? file.contactOffset(*g) : std::nullopt, DiagnosticLocation::contact(clip, info.name, contact.first)});
    }
    QList<FrameRun> stretch(m_reader.boneCount()), below(m_rig.feet.size());
    for (const JudgePart &part : judged) {
        for (const PopEvent &event : part.events)
            report(clip, event, out);
        for (int b = 0; b < part.stretch.size(); ++b)
            stretch[b].merge(part.stretch.at(b));
        for (int i = 0; i < part.below.size(); ++i)
            below[i].merge(part.below.at(i));
    }
    const qint64 n = qint64(info.frameCount);
    for (int b : m_judged) {
        const FrameRun &r = stretch.at(b);
        if (r.count == 0)
            continue;
        const double median = stats.medianLength.at(b);
        Diagnostic d = finding(
            mc::BONE_STRETCH, Severity::Warning, file, clip, r.first, b,
            QStringLiteral("%1 -> %2 changes length in %3: beyond %4% of its median %5 in the clip from frame %6 (the first), "
                           "%7 at frame %8 (the worst, %9% %10); %11 of %12 frames beyond")
                .arg(m_rig.boneName(m_rig.parents.at(b)), m_rig.boneName(b), info.name)
                .arg(m_t.stretch * 100.0, 0, 'g', 3)
                .arg(metres(median))
                .arg(r.first)
                .arg(metres(r.worstValue * median))
                .arg(r.worst)
                .arg(std::abs(r.worstValue - 1.0) * 100.0, 0, 'f', 1)
                .arg(r.worstValue > 1.0 ? QStringLiteral("longer") : QStringLiteral("shorter"))
                .arg(r.count)
                .arg(n));
        d.location = d.location.withWorstFrame(r.worst);
        out.append(d);
    }
    for (int i = 0; i < below.size(); ++i) {
        const FrameRun &r = below.at(i);
        if (r.count == 0)
            continue;
        const int foot = m_rig.feet.at(i);
        Diagnostic d =
            finding(mc::FOOT_BELOW_GROUND, Severity::Warning, file, clip, r.first, foot,
                    QStringLiteral("%1 (%2) goes more than %3 below the ground (y = %4, from the %5) in %6: from frame %7 (the "
                                   "first), %8 below at frame %9 (the deepest); %10 of %11 frames")
                        .arg(m_rig.footNames.value(i, m_rig.boneName(foot)), m_rig.boneName(foot), metres(m_t.ground),
                             QString::number(m_ground, 'f', 3), m_groundSource, info.name)
                        .arg(r.first)
                        .arg(metres(m_ground - r.worstValue))
                        .arg(r.worst)
                        .arg(r.count)
                        .arg(n));
        d.location = d.location.withWorstFrame(r.worst);
        out.append(d);
    }
}

} // namespace bpat
