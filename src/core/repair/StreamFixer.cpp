#include "repair/StreamFixer.h"

#include "bpat/BpatSaver.h"
#include "bpat/BpatStreamWriter.h"
#include "bpat/FileConverter.h"
#include "bpat/GlobalPalette.h"
#include "io/AtomicFile.h"
#include "motion/MotionCodes.h"
#include "motion/MotionLint.h"
#include "repair/ClipRepairs.h"
#include "repair/LongClipFixer.h"
#include "repair/RunWriter.h"

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
        RunWriter out(file, *plan, writer, c, keepSkin);
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
        // A long clip, in runs.
        const LongClipFixer::Clip job{file, skeleton, c, p, context, options, chains, legNotes};
        if (!LongClipFixer::fix(job, out, clipReport, cancel, why))
            return false;
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
