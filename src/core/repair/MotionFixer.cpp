#include "repair/MotionFixer.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "motion/MotionCodes.h"
#include "motion/MotionLint.h"
#include "motionedit/ClipMotion.h"
#include "motionedit/ContactRecords.h"
#include "motionedit/MotionApply.h"
#include "repair/ClipRepairs.h"
#include "repair/LegChains.h"

#include <QSet>
#include <cmath>

namespace bpat {

namespace mc = MotionCodes;

namespace {

struct Linted
{
    BpatFile file;
    Diagnostics findings;
    double ground = std::nan("");
    QString groundSource;
};

std::optional<Linted> lint(const BpatDocument &document, const MotionThresholds &thresholds, QString *error)
{
    BpatWriter writer(document);
    writer.setAllowInvalid(true);
    QByteArray bytes = writer.toBytes(error);
    if (bytes.isEmpty())
        return std::nullopt;
    Linted l;
    l.file = BpatFile::fromData(std::move(bytes));
    MotionLint lint(l.file, thresholds);
    lint.setThreads(1);
    l.findings = lint.run();
    if (!lint.groundSource().isEmpty()) {
        l.ground = lint.ground();
        l.groundSource = lint.groundSource();
    }
    return l;
}

// Recomputes the contact records that the lint found off the feet (CONTACT_MISMATCH).
int recomputeMismatched(BpatDocument &document, int clip, const MotionThresholds &thresholds)
{
    BpatClip &c = document.clip(clip);
    const quint32 bones = document.boneCount();
    if (c.contacts.size() != qsizetype(c.frameCount) * 2)
        return 0;
    const ContactRecords records = ContactRecords::forDocument(document);
    if (!records.isUsable())
        return 0;
    int fixed = 0;
    for (quint32 f = 0; f < c.frameCount; ++f) {
        const float *frame = c.palette.constData() + BpatClip::matrixIndex(f, 0, bones);
        float lowest = INFINITY;
        for (int foot : records.feet())
            lowest = std::min(lowest, frame[qsizetype(foot) * 16 + 7]);
        float *rec = c.contacts.data() + qsizetype(f) * 2;
        if (std::abs(double(rec[1]) - double(lowest)) <= thresholds.contact)
            continue;
        const auto [sole, foot] = records.record(frame, bones, {rec[0], rec[1]});
        rec[0] = sole;
        rec[1] = foot;
        ++fixed;
    }
    return fixed;
}

} // namespace

QStringList MotionFixer::boneNames(const BpatDocument &document)
{
    return MotionSkeleton::forDocument(document).names();
}

FixReport MotionFixer::fix(BpatDocument &document, const FixOptions &options, const std::atomic<bool> *cancel)
{
    FixReport report;
    const auto refuse = [&](const QString &code, const QString &message) {
        report.ok = false;
        report.errorCode = code;
        report.error = message;
        return report;
    };
    if (!options.asksAnything())
        return refuse(
            QStringLiteral("NOTHING_ASKED"),
            QStringLiteral("no repair asked (--loop-seam, --foot-lock, --smooth-pops, --bone-lengths, --ground, --all)"));
    QString why;
    const std::optional<QList<int>> scope = ClipRepairs::scope(document, options.clips, &why);
    if (!scope)
        return refuse(QStringLiteral("CLIP_NOT_FOUND"), why);
    const std::optional<Linted> before = lint(document, options.thresholds, &why);
    if (!before)
        return refuse(QStringLiteral("NOT_WRITABLE"), QStringLiteral("the file cannot be written: %1").arg(why));
    report.before = FixReport::countByCode(before->findings);
    report.ground = before->ground;
    report.groundSource = before->groundSource;
    const Diagnostics &findings = options.findings.isEmpty() ? before->findings : options.findings;
    const MotionRig rig = MotionRig::forFile(before->file);
    const MotionSkeleton skeleton = MotionSkeleton::forDocument(document);
    QStringList legNotes;
    const QList<IkLeg> chains = LegChains::of(rig, skeleton, &legNotes);

    // Work on a copy: a refusal half-way leaves the document as it was.
    BpatDocument work = document;
    for (int c : *scope) {
        if (cancel && cancel->load())
            return refuse(QStringLiteral("CANCELLED"), QStringLiteral("cancelled; nothing was changed"));
        const ClipRepairPlan plan = ClipRepairs::plan(c, findings, options);
        const QString name = work.clip(c).name;
        if (plan.nonFinite) // the lint judged nothing else of the clip: nothing is known to repair
            return refuse(QStringLiteral("NON_FINITE"),
                          QStringLiteral("clip '%1' has matrices that are not finite: it cannot be repaired; nothing was written")
                              .arg(name));
        if (!plan.any())
            continue;
        ClipFixReport clipReport;
        clipReport.clip = c;
        clipReport.name = name;
        if (plan.motion()) {
            QString error;
            std::optional<ClipMotion> motion = ClipMotion::fromDocument(work, c, &error);
            if (!motion)
                return refuse(QStringLiteral("NON_FINITE"),
                              QStringLiteral("clip '%1': %2; nothing was written").arg(name, error));
            const RepairContext context =
                ClipRepairs::context(work, c, rig, options.thresholds, before->ground, before->groundSource);
            clipReport.repairs = ClipRepairs::run(*motion, context, plan, options, chains, legNotes);
            const MotionApplyResult applied = MotionApply::toDocument(work, c, *motion);
            if (!applied.ok)
                return refuse(QStringLiteral("NOT_WRITABLE"), QStringLiteral("clip '%1': %2").arg(name, applied.error));
            clipReport.change = applied.change;
            clipReport.socketRows = applied.socketRows;
            clipReport.contactRecords = applied.contactRecords;
            clipReport.notes += applied.notes;
        }
        if (plan.contacts) {
            const int fixed = recomputeMismatched(work, c, options.thresholds);
            clipReport.contactRecords += fixed;
            if (fixed > 0)
                clipReport.notes << QStringLiteral("%1 contact record(s) off the feet recomputed").arg(fixed);
        }
        report.clips.append(clipReport);
    }

    const std::optional<Linted> after = lint(work, options.thresholds, &why);
    if (!after)
        return refuse(QStringLiteral("NOT_WRITABLE"), QStringLiteral("the repaired file cannot be written: %1").arg(why));
    report.after = FixReport::countByCode(after->findings);
    QSet<QString> known;
    for (const Diagnostic &d : before->findings)
        known.insert(FixReport::findingKey(d));
    QSet<int> changedClips;
    for (const ClipFixReport &c : report.clips) {
        if (c.changed())
            changedClips.insert(c.clip);
    }
    for (const Diagnostic &d : after->findings) {
        if (d.code == mc::MOTION_NOT_CHECKED)
            continue;
        if (!known.contains(FixReport::findingKey(d)))
            report.newFindings.append(d);
        if (changedClips.contains(d.location.clip))
            report.remaining.append(d);
    }
    document = std::move(work);
    report.ok = true;
    return report;
}

} // namespace bpat
