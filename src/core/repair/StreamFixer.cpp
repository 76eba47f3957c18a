#include "repair/StreamFixer.h"

#include "bpat/BpatSaver.h"
#include "bpat/BpatStreamWriter.h"
#include "bpat/FileConverter.h"
#include "bpat/GlobalPalette.h"
#include "io/AtomicFile.h"
#include "motion/MotionCodes.h"
#include "motion/MotionLint.h"
#include "motion/OriginReader.h"
#include "motionedit/ContactRecords.h"
#include "motionedit/MotionApply.h"
#include "repair/ClipRepairs.h"
#include "repair/ClipSamples.h"

#include <QFileInfo>
#include <QIODevice>
#include <QSet>
#include <cmath>
#include <vector>

namespace bpat {

namespace fmt = bpat::format;
namespace mc = MotionCodes;

namespace {

struct Lint
{
    Diagnostics findings;
    double ground = std::nan("");
    QString groundSource;
};

Lint lintFile(const BpatFile &file, const MotionThresholds &thresholds)
{
    MotionLint lint(file, thresholds);
    lint.setReleaseBehind(true);
    Lint l;
    l.findings = lint.run();
    if (!lint.groundSource().isEmpty()) {
        l.ground = lint.ground();
        l.groundSource = lint.groundSource();
    }
    return l;
}

// What one clip's repair gives the writer: its frames in runs, from a motion covering
// [motionFirst, motionFirst + frames) of the clip.
class ClipWriter
{
public:
    ClipWriter(const BpatFile &file, BpatDocument &plan, BpatStreamWriter &writer, int clip, bool keepSkin)
        : m_file(file)
        , m_plan(plan)
        , m_writer(writer)
        , m_clip(clip)
        , m_keepSkin(keepSkin)
        , m_records(ContactRecords::forFile(file))
    {
    }

    // Frames [from, to) of the clip, from `motion` (whose frame 0 is clip frame motion.firstFrame()).
    bool write(const ClipMotion &motion, quint32 from, quint32 to, int *contactRecords, int *socketRows, QString *error)
    {
        const quint32 bones = m_plan.boneCount();
        const int sockets = m_plan.socketCount();
        const BpatClipInfo &info = m_file.clips().at(m_clip);
        BpatClip &c = m_plan.clip(m_clip);
        const bool contacts = c.contacts.size() == qsizetype(c.frameCount) * 2;
        const quint32 count = to - from;
        m_globals.resize(size_t(count) * bones * 16);
        m_rows.resize(size_t(count) * size_t(sockets) * 12);
        m_skin.resize(m_keepSkin ? size_t(count) * bones * 16 : 0);
        const quint64 first = quint64(info.frameOffset) + from;
        const uchar *palette = m_file.data() + m_file.paletteDataOffset() + first * bones * 64;
        for (size_t i = 0; i < m_skin.size(); ++i)
            m_skin[i] = fmt::readF32(palette + 4 * i);
        if (sockets > 0) {
            const uchar *rows = m_file.data() + *m_file.socketDataOffset() + first * quint64(sockets) * 48;
            for (size_t i = 0; i < m_rows.size(); ++i)
                m_rows[i] = fmt::readF32(rows + 4 * i);
        }
        for (quint32 f = from; f < to; ++f) {
            const quint32 local = f - motion.firstFrame();
            float *globals = m_globals.data() + size_t(f - from) * bones * 16;
            motion.globalFloats(local, globals);
            if (!motion.isFrameChanged(local))
                continue;
            const float *before = motion.originalFloats(local);
            for (int s = 0; s < sockets; ++s) {
                const quint32 anchor = m_plan.sockets().at(s).anchorBone;
                if (anchor >= bones || !motion.isChanged(local, int(anchor)))
                    continue;
                MotionApply::moveSocketRow(before + anchor * 16, globals + anchor * 16, m_plan.sockets().at(s).localOffset,
                                           m_rows.data() + (size_t(f - from) * size_t(sockets) + size_t(s)) * 12);
                ++*socketRows;
            }
            bool feetMoved = false;
            for (int foot : m_records.feet())
                feetMoved = feetMoved || motion.isChanged(local, foot);
            if (contacts && m_records.isUsable() && feetMoved) {
                float *rec = c.contacts.data() + qsizetype(f) * 2;
                const auto [sole, foot] = m_records.record(globals, bones, {rec[0], rec[1]});
                rec[0] = sole;
                rec[1] = foot;
                ++*contactRecords;
            }
        }
        // The motion's originals are what the stored skin gives (GlobalPalette::read): the writer
        // compares with them rather than multiplying every stored matrix by its bind again.
        const bool ok = m_writer.appendFileFrames(m_globals.data(), sockets > 0 ? m_rows.data() : nullptr,
                                                  m_keepSkin ? m_skin.data() : nullptr, count, error,
                                                  motion.originalFloats(from - motion.firstFrame()));
        m_file.releasePages(m_file.paletteDataOffset() + first * bones * 64, quint64(count) * bones * 64);
        return ok;
    }

    const ContactRecords &records() const { return m_records; }

private:
    const BpatFile &m_file;
    BpatDocument &m_plan;
    BpatStreamWriter &m_writer;
    int m_clip;
    bool m_keepSkin;
    ContactRecords m_records;
    std::vector<float> m_globals, m_rows, m_skin;
};

// Contact records off the feet (CONTACT_MISMATCH), recomputed in the plan before the clip is written.
int recomputeMismatched(const BpatFile &file, BpatDocument &plan, int clip, const MotionThresholds &thresholds)
{
    BpatClip &c = plan.clip(clip);
    const ContactRecords records = ContactRecords::forFile(file);
    if (c.contacts.size() != qsizetype(c.frameCount) * 2 || !records.isUsable())
        return 0;
    const quint32 bones = plan.boneCount();
    std::vector<float> frame(size_t(bones) * 16);
    int fixed = 0;
    for (quint32 f = 0; f < c.frameCount; ++f) {
        const std::optional<quint32> g = file.globalFrame(clip, f);
        if (!g || !GlobalPalette::read(file, *g, 1, frame.data(), 1))
            continue;
        float lowest = INFINITY;
        for (int foot : records.feet())
            lowest = std::min(lowest, frame[size_t(foot) * 16 + 7]);
        float *rec = c.contacts.data() + qsizetype(f) * 2;
        if (std::abs(double(rec[1]) - double(lowest)) <= thresholds.contact)
            continue;
        const auto [sole, foot] = records.record(frame.data(), bones, {rec[0], rec[1]});
        rec[0] = sole;
        rec[1] = foot;
        ++fixed;
    }
    return fixed;
}

// The median length of each stretched bone over a whole long clip (its runs are repaired against
// these), in double from the floats as ClipMotion measures it: the same medians as in memory.
QHash<int, double> medianLengths(const BpatFile &file, const MotionSkeleton &skeleton, int clip, quint32 frames,
                                 const QList<int> &stretched)
{
    // One list per bone that has a parent (a bone named twice gets its lengths twice, as before).
    QList<int> bones;
    std::vector<int> slot;
    for (int b : stretched) {
        if (skeleton.parentOf(b) < 0)
            continue;
        if (!bones.contains(b))
            bones.append(b);
        slot.push_back(int(bones.indexOf(b)));
    }
    std::vector<QList<double>> lengths(size_t(bones.size()));
    for (QList<double> &l : lengths)
        l.reserve(frames);
    const OriginReader reader(file);
    std::vector<QVector3D> origins(file.header().boneCount);
    for (quint32 f = 0; f < frames; ++f) {
        const quint32 g = *file.globalFrame(clip, f);
        if (!reader.read(g, origins.data()))
            break;
        if (f % 4096 == 4095)
            reader.release(g - 4095, 4096); // read once: out of the resident set
        size_t k = 0;
        for (int b : stretched) {
            const int parent = skeleton.parentOf(b);
            if (parent < 0)
                continue;
            const QVector3D &p = origins[size_t(b)], &q = origins[size_t(parent)];
            const double dx = double(p.x()) - double(q.x()), dy = double(p.y()) - double(q.y()),
                         dz = double(p.z()) - double(q.z());
            lengths[size_t(slot[k++])].append(std::sqrt(dx * dx + dy * dy + dz * dz));
        }
    }
    QHash<int, double> medians;
    for (qsizetype i = 0; i < bones.size(); ++i) {
        if (!lengths[size_t(i)].isEmpty())
            medians.insert(bones.at(i), clipsamples::median(lengths[size_t(i)]));
    }
    return medians;
}

} // namespace

FileFixResult StreamFixer::fix(const BpatFile &file, const QString &output, const FixOptions &options,
                               const std::atomic<bool> *cancel)
{
    FileFixResult r;
    FixReport &report = r.report;
    const auto fail = [&](const QString &code, const QString &message) {
        r.errorCode = code;
        r.error = message;
        report.ok = false;
        return r;
    };
    QString error;
    std::optional<BpatDocument> plan = BpatDocument::planFromFile(file, &error);
    if (!plan)
        return fail(QStringLiteral("DOCUMENT_UNREADABLE"),
                    QStringLiteral("%1: cannot be read: %2 (run `bpat validate` for details)").arg(file.path(), error));
    r.dialect = plan->dialect();
    const MotionSkeleton skeleton = MotionSkeleton::forFile(file);
    r.boneNames = skeleton.names();
    if (!options.asksAnything())
        return fail(QStringLiteral("NOTHING_ASKED"), QStringLiteral("no repair asked"));
    const std::optional<QList<int>> scope = ClipRepairs::scope(*plan, options.clips, &error);
    if (!scope)
        return fail(QStringLiteral("CLIP_NOT_FOUND"), error);
    const Lint before = lintFile(file, options.thresholds);
    report.before = FixReport::countByCode(before.findings);
    report.ground = before.ground;
    report.groundSource = before.groundSource;
    const Diagnostics &findings = options.findings.isEmpty() ? before.findings : options.findings;
    const MotionRig rig = MotionRig::forFile(file);
    QStringList legNotes;
    const QList<IkLeg> chains = LegChains::of(rig, skeleton, &legNotes);
    QHash<int, ClipRepairPlan> plans;
    for (int c : *scope) {
        const ClipRepairPlan p = ClipRepairs::plan(c, findings, options);
        if (p.nonFinite)
            return fail(
                QStringLiteral("NON_FINITE"),
                QStringLiteral("clip '%1' has matrices that are not finite: it cannot be repaired").arg(plan->clip(c).name));
        if (p.any())
            plans.insert(c, p);
    }

    BpatStreamWriter writer(*plan);
    const std::optional<ValidationResult> structural = writer.structuralCheck(ValidationProfile::Spec, QString(), &error);
    if (!structural)
        return fail(QStringLiteral("WRITE_FAILED"), error);
    if (!structural->valid())
        return fail(QStringLiteral("WRITE_FAILED"), BpatSaver::invalidReason(*structural));
    ValidationOptions deep;
    deep.deep = true;
    writer.setDeepChecks(deep);
    const bool keepSkin = file.storesSkinningMatrices() && plan->dialect() == fmt::Dialect::V3Late;
    const quint32 bones = plan->boneCount();

    const auto repairClip = [&](int c, QIODevice *, QString *why) -> bool {
        const ClipRepairPlan &p = plans[c];
        ClipFixReport clipReport;
        clipReport.clip = c;
        clipReport.name = plan->clip(c).name;
        const quint32 n = plan->clip(c).frameCount;
        if (p.contacts) {
            const int fixed = recomputeMismatched(file, *plan, c, options.thresholds);
            clipReport.contactRecords += fixed;
            if (fixed > 0)
                clipReport.notes << QStringLiteral("%1 contact record(s) off the feet recomputed").arg(fixed);
        }
        ClipWriter out(file, *plan, writer, c, keepSkin);
        RepairContext context = ClipRepairs::context(*plan, c, rig, options.thresholds, before.ground, before.groundSource);
        if (!p.motion()) {
            report.clips.append(clipReport);
            return FileConverter::streamClip(file, c, writer, keepSkin, why);
        }
        if (quint64(n) * bones <= WholeClipPoses) {
            std::optional<ClipMotion> motion = ClipMotion::fromFile(file, skeleton, c, 0, n, why);
            if (!motion)
                return false;
            clipReport.repairs = ClipRepairs::run(*motion, context, p, options, chains, legNotes);
            clipReport.change = MotionChange::of(*motion);
            for (quint32 at = 0; at < n; at += RunFrames) {
                if (!out.write(*motion, at, std::min(n, at + RunFrames), &clipReport.contactRecords, &clipReport.socketRows, why))
                    return false;
            }
            report.clips.append(clipReport);
            return true;
        }
        // A long clip, in runs: the medians of the stretched bones first (their lengths over the clip).
        FixOptions runOptions = options;
        ClipRepairPlan runPlan = p;
        runPlan.seam = runPlan.lock = runPlan.ground = runPlan.groundAsked = false;
        if (p.seam || p.lock || p.ground)
            clipReport.notes << QStringLiteral("%1 has %2 frames, repaired in runs of %3: the loop seam, the foot lock and the "
                                               "ground need the whole clip (split it with bpat edit --split-clip to repair them)")
                                    .arg(clipReport.name)
                                    .arg(n)
                                    .arg(RunFrames);
        if (p.lengths)
            runOptions.lengths.medians = medianLengths(file, skeleton, c, n, p.stretched);
        RepairOutcome pops, stretch;
        ClipMotion run; // one run's motion at a time, its memory reused
        pops.repair = QStringLiteral("pops");
        stretch.repair = QStringLiteral("bone_lengths");
        quint32 at = 0;
        while (at < n) {
            if (cancel && cancel->load()) {
                *why = QStringLiteral("cancelled");
                return false;
            }
            // The run's end, moved past any pop near it so that each pop's window lies in one run.
            quint32 end = std::min(n, at + RunFrames);
            for (bool moved = true; moved && end < n;) {
                moved = false;
                for (const PopTarget &t : p.popTargets) {
                    if (t.frame + Margin >= end && t.frame < end + Margin) {
                        end = std::min(n, t.frame + Margin + 1);
                        moved = true;
                    }
                }
            }
            const quint32 from = at >= Margin ? at - Margin : 0, to = std::min(n, end + Margin);
            if (!ClipMotion::readFile(run, file, skeleton, c, from, to - from, why))
                return false;
            ClipMotion *motion = &run;
            ClipRepairPlan here = runPlan;
            here.popTargets.clear();
            for (const PopTarget &t : p.popTargets) {
                if (t.frame >= at && t.frame < end)
                    here.popTargets.append({t.frame - from, t.bone});
            }
            here.pops = runPlan.pops && !here.popTargets.isEmpty();
            RepairContext local = context;
            local.loops = false; // a run is no loop
            local.contactFootY.clear();
            for (const RepairOutcome &o : ClipRepairs::run(*motion, local, here, runOptions, chains, legNotes)) {
                RepairOutcome &into = o.repair == QLatin1String("pops") ? pops : stretch;
                for (quint32 f : o.frames) {
                    if (f + from >= at && f + from < end)
                        into.frames.append(f + from);
                }
                for (int b : o.bones) {
                    if (!into.bones.contains(b))
                        into.bones.append(b);
                }
                into.addressed += o.repair == QLatin1String("pops") ? o.addressed : 0;
                for (const QString &skip : o.skipped) {
                    if (!into.skipped.contains(skip))
                        into.skipped.append(skip);
                }
            }
            MotionChange change = MotionChange::of(*motion, at - from, end - from);
            clipReport.change.add(change);
            if (!out.write(*motion, at, end, &clipReport.contactRecords, &clipReport.socketRows, why))
                return false;
            // The run's frames read around it (its margins, and what the kernel read ahead) leave
            // the resident set too: the next run reads its own from the page cache.
            const quint64 frameBytes = quint64(bones) * 64;
            const quint64 base = file.paletteDataOffset() + (quint64(file.clips().at(c).frameOffset) + from) * frameBytes;
            const quint64 ahead = quint64(1) << 20;
            file.releasePages(base >= ahead ? base - ahead : 0, quint64(to - from) * frameBytes + 2 * ahead);
            at = end;
        }
        for (RepairOutcome *o : {&pops, &stretch}) {
            o->finish();
            if (o == &stretch && p.lengths) {
                o->addressed = int(o->bones.size());
                o->notes << QStringLiteral(
                                "%1 frames of %2 bone(s) back to their median lengths in the clip (in runs of %3 frames)")
                                .arg(o->frames.size())
                                .arg(o->bones.size())
                                .arg(RunFrames);
            }
            if (o == &pops && p.pops)
                o->notes << QStringLiteral("%1 pop(s) smoothed in %2 frames").arg(o->addressed).arg(o->frames.size());
        }
        if (p.pops)
            clipReport.repairs.append(pops);
        if (p.lengths)
            clipReport.repairs.append(stretch);
        report.clips.append(clipReport);
        return true;
    };

    ValidationResult validation = *structural;
    const auto body = [&](QIODevice *device, QString *why) {
        if (!writer.begin(device, why))
            return false;
        while (writer.currentClip() >= 0) {
            const int c = writer.currentClip();
            const bool ok =
                plans.contains(c) ? repairClip(c, device, why) : FileConverter::streamClip(file, c, writer, keepSkin, why);
            if (!ok)
                return false;
        }
        if (!writer.finish(why))
            return false;
        validation = writer.withDeepFindings(validation, ValidationProfile::Spec);
        if (!validation.valid()) {
            *why = BpatSaver::invalidReason(validation);
            return false;
        }
        return true;
    };
    if (!AtomicFile::write(output, body, &error))
        return fail(error == QLatin1String("cancelled") ? QStringLiteral("CANCELLED") : QStringLiteral("WRITE_FAILED"),
                    QStringLiteral("%1 not written: %2").arg(output, error));
    r.validation = validation;
    r.saved = true;
    r.bytes = QFileInfo(output).size();

    // The lint again, over the file written.
    const std::optional<BpatFile> written = BpatFile::open(output, &error);
    if (written) {
        const Lint after = lintFile(*written, options.thresholds);
        report.after = FixReport::countByCode(after.findings);
        QSet<QString> known;
        for (const Diagnostic &d : before.findings)
            known.insert(FixReport::findingKey(d));
        QSet<int> changed;
        for (const ClipFixReport &c : report.clips) {
            if (c.changed())
                changed.insert(c.clip);
        }
        for (const Diagnostic &d : after.findings) {
            if (d.code == mc::MOTION_NOT_CHECKED)
                continue;
            if (!known.contains(FixReport::findingKey(d)))
                report.newFindings.append(d);
            if (changed.contains(d.location.clip))
                report.remaining.append(d);
        }
    }
    std::sort(report.clips.begin(), report.clips.end(),
              [](const ClipFixReport &a, const ClipFixReport &b) { return a.clip < b.clip; });
    report.ok = true;
    return r;
}

} // namespace bpat
