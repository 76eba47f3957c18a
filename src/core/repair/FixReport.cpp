#include "repair/FixReport.h"

#include "diagnostics/ValidationReport.h"
#include "motion/MotionCodes.h"

#include <QJsonArray>

namespace bpat {

namespace {

QString boneName(const QStringList &names, int bone)
{
    return bone >= 0 && bone < names.size() ? names.at(bone) : QStringLiteral("bone %1").arg(bone);
}

QJsonObject counts(const QMap<QString, int> &map)
{
    QJsonObject out;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

QString countsText(const QMap<QString, int> &map)
{
    QStringList parts;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.value()).arg(it.key());
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

// "3..7, 12" from ascending frames.
QString ranges(const QList<quint32> &frames)
{
    QStringList parts;
    for (qsizetype i = 0; i < frames.size();) {
        qsizetype j = i;
        while (j + 1 < frames.size() && frames.at(j + 1) == frames.at(j) + 1)
            ++j;
        parts << (i == j ? QString::number(frames.at(i)) : QStringLiteral("%1..%2").arg(frames.at(i)).arg(frames.at(j)));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

bool FixReport::changed() const
{
    return clipsChanged() > 0;
}

int FixReport::clipsChanged() const
{
    int n = 0;
    for (const ClipFixReport &c : clips)
        n += c.changed() ? 1 : 0;
    return n;
}

QString FixReport::findingKey(const Diagnostic &finding)
{
    const DiagnosticLocation &l = finding.location;
    const bool byFrame = finding.code == MotionCodes::MOTION_POP;
    return QStringLiteral("%1|%2|%3|%4").arg(finding.code).arg(l.clip).arg(l.bone).arg(byFrame ? l.frame : -1);
}

QMap<QString, int> FixReport::countByCode(const Diagnostics &findings)
{
    QMap<QString, int> out;
    for (const Diagnostic &d : findings) {
        if (d.code != MotionCodes::MOTION_NOT_CHECKED)
            ++out[d.code];
    }
    return out;
}

QJsonObject FixReport::toJson(const QStringList &boneNames) const
{
    QJsonArray clipList;
    for (const ClipFixReport &c : clips) {
        QJsonArray repairs;
        for (const RepairOutcome &r : c.repairs) {
            QJsonArray bones, notes, skipped;
            for (int b : r.bones)
                bones.append(boneName(boneNames, b));
            for (const QString &n : r.notes)
                notes.append(n);
            for (const QString &s : r.skipped)
                skipped.append(s);
            repairs.append(QJsonObject{{QStringLiteral("repair"), r.repair},
                                       {QStringLiteral("addressed"), r.addressed},
                                       {QStringLiteral("frames"), ranges(r.frames)},
                                       {QStringLiteral("frames_changed"), r.frames.size()},
                                       {QStringLiteral("bones"), bones},
                                       {QStringLiteral("notes"), notes},
                                       {QStringLiteral("skipped"), skipped}});
        }
        QJsonObject change = c.change.toJson(MotionSkeleton::fromParents(QList<int>(boneNames.size(), -1), boneNames));
        change.insert(QStringLiteral("frames"), ranges(c.change.frames));
        QJsonArray notes;
        for (const QString &n : c.notes)
            notes.append(n);
        clipList.append(QJsonObject{{QStringLiteral("clip"), c.name},
                                    {QStringLiteral("index"), c.clip},
                                    {QStringLiteral("changed"), c.changed()},
                                    {QStringLiteral("repairs"), repairs},
                                    {QStringLiteral("change"), change},
                                    {QStringLiteral("socket_rows"), c.socketRows},
                                    {QStringLiteral("contact_records"), c.contactRecords},
                                    {QStringLiteral("notes"), notes}});
    }
    QJsonArray added, remainingList;
    for (const Diagnostic &d : newFindings)
        added.append(ValidationReport::issueJson(d));
    for (const Diagnostic &d : remaining)
        remainingList.append(ValidationReport::issueJson(d));
    QJsonObject out{{QStringLiteral("clips"), clipList},
                    {QStringLiteral("clips_changed"), clipsChanged()},
                    {QStringLiteral("lint"),
                     QJsonObject{{QStringLiteral("before"), counts(before)},
                                 {QStringLiteral("after"), counts(after)},
                                 {QStringLiteral("new_findings"), added},
                                 {QStringLiteral("remaining_in_changed_clips"), remainingList},
                                 {QStringLiteral("ground"), ground},
                                 {QStringLiteral("ground_source"), groundSource}}}};
    return out;
}

QString FixReport::toText(const QStringList &boneNames) const
{
    QString out;
    for (const ClipFixReport &c : clips) {
        if (c.repairs.isEmpty() && c.notes.isEmpty())
            continue;
        out += QStringLiteral("%1:%2\n").arg(c.name, c.changed() ? QString() : QStringLiteral(" unchanged"));
        for (const RepairOutcome &r : c.repairs) {
            for (const QString &n : r.notes)
                out += QStringLiteral("  %1: %2\n").arg(r.repair, n);
            for (const QString &s : r.skipped)
                out += QStringLiteral("  %1: skipped: %2\n").arg(r.repair, s);
        }
        for (const QString &n : c.notes)
            out += QStringLiteral("  note: %1\n").arg(n);
        if (!c.change.isEmpty()) {
            out += QStringLiteral("  changed %1 frame(s) (%2), %3 bone(s), %4 matrices; object-space error up to %5 m "
                                  "(mean %6 m) at %7 cm from the bones, worst %8 at frame %9\n")
                       .arg(c.change.frames.size())
                       .arg(ranges(c.change.frames))
                       .arg(c.change.bones.size())
                       .arg(c.change.matrices)
                       .arg(c.change.maxError, 0, 'f', 4)
                       .arg(c.change.meanError, 0, 'f', 4)
                       .arg(c.change.distance * 100.0, 0, 'g', 3)
                       .arg(boneName(boneNames, c.change.worstBone))
                       .arg(c.change.worstFrame);
        }
        if (c.contactRecords > 0)
            out += QStringLiteral("  %1 contact record(s) recomputed\n").arg(c.contactRecords);
    }
    out += QStringLiteral("motion lint before: %1\nmotion lint after:  %2\n").arg(countsText(before), countsText(after));
    for (const Diagnostic &d : newFindings)
        out += QStringLiteral("new finding: %1 at %2: %3\n").arg(d.code, d.location.toString(), d.message);
    return out;
}

} // namespace bpat
