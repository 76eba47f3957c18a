#include "diagnostics/ValidationReport.h"

#include "diagnostics/ReportWriter.h"
#include "release/BuildInfo.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#ifndef BPAT_VERSION_STRING
#define BPAT_VERSION_STRING "unknown"
#endif

namespace bpat {

QJsonObject ValidationReport::issueJson(const Diagnostic &issue)
{
    QJsonObject out{
        {QStringLiteral("code"), issue.code},
        {QStringLiteral("severity"), severityName(issue.severity)},
        {QStringLiteral("message"), issue.message},
        {QStringLiteral("offset"), issue.offset ? QJsonValue(qint64(*issue.offset)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("location"), issue.location.toString()},
    };
    // A finding over a run of frames: the location names the first, "frames" says both.
    if (issue.location.worstFrame >= 0) {
        out.insert(
            QStringLiteral("frames"),
            QJsonObject{{QStringLiteral("first"), issue.location.frame}, {QStringLiteral("worst"), issue.location.worstFrame}});
    }
    return out;
}

QJsonObject ValidationReport::fileJson(const ValidatedFile &file)
{
    QJsonArray issues;
    for (const Diagnostic &d : file.result.issues)
        issues.append(issueJson(d));
    const DiagnosticCounts &c = file.result.counts;
    return QJsonObject{
        {QStringLiteral("path"), file.path},
        {QStringLiteral("valid"), file.result.valid()},
        {QStringLiteral("counts"),
         QJsonObject{
             {QStringLiteral("error"), c.errors}, {QStringLiteral("warning"), c.warnings}, {QStringLiteral("info"), c.infos}}},
        {QStringLiteral("issues"), issues},
        {QStringLiteral("truncated"), file.result.truncated},
    };
}

QJsonObject ValidationReport::reportJson(ValidationProfile profile, const QList<ValidatedFile> &files)
{
    QJsonArray list;
    for (const ValidatedFile &f : files)
        list.append(fileJson(f));
    return QJsonObject{{QStringLiteral("profile"), profileName(profile)}, {QStringLiteral("files"), list}};
}

QByteArray ValidationReport::toJson(ValidationProfile profile, const QList<ValidatedFile> &files)
{
    return ReportWriter::jsonDocument(reportJson(profile, files));
}

namespace {

QString runTime(const ValidationReport::RunInfo &run)
{
    return run.time.isEmpty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate) : run.time;
}

QString countsText(const DiagnosticCounts &c)
{
    const auto plural = [](int n) { return n == 1 ? QString() : QStringLiteral("s"); };
    return QStringLiteral("%1 error%2, %3 warning%4, %5 info%6")
        .arg(c.errors)
        .arg(plural(c.errors))
        .arg(c.warnings)
        .arg(plural(c.warnings))
        .arg(c.infos)
        .arg(plural(c.infos));
}

const Diagnostic *firstOf(const ValidatedFile &file, Severity severity)
{
    for (const Diagnostic &d : file.result.issues) {
        if (d.severity == severity)
            return &d;
    }
    return nullptr;
}

} // namespace

QJsonObject ValidationReport::reportJson(const RunInfo &run, const QList<ValidatedFile> &files)
{
    QJsonObject root = reportJson(run.profile, files);
    root.insert(QStringLiteral("tool"), QStringLiteral("bpat"));
    root.insert(QStringLiteral("version"), QStringLiteral(BPAT_VERSION_STRING));
    root.insert(QStringLiteral("revision"), BuildInfo::revision());
    root.insert(QStringLiteral("time"), runTime(run));
    root.insert(QStringLiteral("deep"), run.deep);
    if (!run.gameEra.isEmpty())
        root.insert(QStringLiteral("game_era"), run.gameEra);
    return root;
}

QByteArray ValidationReport::toJson(const RunInfo &run, const QList<ValidatedFile> &files)
{
    return ReportWriter::jsonDocument(reportJson(run, files));
}

QByteArray ValidationReport::toJUnit(const RunInfo &run, const QList<ValidatedFile> &files)
{
    ReportWriter::Suite suite;
    suite.name = QStringLiteral("bpat validate (%1 profile%2)")
                     .arg(profileName(run.profile), run.deep ? QStringLiteral(", deep") : QString());
    suite.timestamp = runTime(run);
    suite.properties = {{QStringLiteral("tool"), QStringLiteral("bpat")},
                        {QStringLiteral("version"), QStringLiteral(BPAT_VERSION_STRING)},
                        {QStringLiteral("profile"), profileName(run.profile)},
                        {QStringLiteral("deep"), run.deep ? QStringLiteral("true") : QStringLiteral("false")},
                        {QStringLiteral("game_era"), run.gameEra}};
    for (const ValidatedFile &f : files) {
        ReportWriter::Case c;
        c.name = f.path;
        c.className = QStringLiteral("bpat.validate");
        for (const Diagnostic &d : f.result.issues) {
            if (d.severity == Severity::Error)
                c.problems.append({ReportWriter::Problem::Kind::Failure, d.code, d.message, humanLine(f.path, d)});
            else
                c.systemOut += humanLine(f.path, d) + QLatin1Char('\n');
        }
        if (f.result.truncated)
            c.systemOut += QStringLiteral("(more issues not shown: --max-issues)\n");
        suite.cases.append(c);
    }
    return ReportWriter::junit(suite);
}

QString ValidationReport::githubAnnotations(const ValidatedFile &file)
{
    QString text;
    for (const Diagnostic &d : file.result.issues) {
        const ReportWriter::Level level = d.severity == Severity::Error ? ReportWriter::Level::Error
            : d.severity == Severity::Warning                           ? ReportWriter::Level::Warning
                                                                        : ReportWriter::Level::Notice;
        QString title = d.code;
        if (!d.location.isEmpty())
            title += QStringLiteral(" at ") + d.location.toString();
        text += ReportWriter::github(
            level, file.path, title,
            QStringLiteral("%1 %2%3").arg(d.code, d.message, d.offset ? QStringLiteral(" (byte %1)").arg(*d.offset) : QString()));
    }
    return text;
}

QString ValidationReport::summaryLine(const ValidatedFile &file)
{
    const DiagnosticCounts &c = file.result.counts;
    QString line = QStringLiteral("%1: %2 (%3)")
                       .arg(ReportWriter::line(file.path),
                            file.result.valid() ? QStringLiteral("valid") : QStringLiteral("invalid"), countsText(c));
    if (const Diagnostic *first = firstOf(file, Severity::Error)) {
        line += QStringLiteral(": %1 %2").arg(first->code, ReportWriter::line(first->message));
    } else if (qsizetype(c.errors) + c.warnings + c.infos == 0) {
        line += QStringLiteral(": no issues found");
    } else if (c.warnings > 0) {
        // Valid, not silently: which warnings (--verbose has them in full).
        QStringList codes;
        for (const Diagnostic &d : file.result.issues) {
            if (d.severity == Severity::Warning && !codes.contains(d.code))
                codes << d.code;
        }
        line += QStringLiteral(": warnings %1").arg(codes.join(QStringLiteral(", ")));
    }
    return line + QLatin1Char('\n');
}

QString ValidationReport::humanLine(const QString &path, const Diagnostic &issue)
{
    QString line = path;
    if (issue.offset)
        line += QLatin1Char(':') + QString::number(*issue.offset);
    line += QStringLiteral(": %1 %2 %3").arg(severityName(issue.severity), issue.code, issue.message);
    if (!issue.location.isEmpty())
        line += QStringLiteral(" [%1]").arg(issue.location.toString());
    return ReportWriter::line(line); // a name in the path or message forges no line
}

QString ValidationReport::humanText(const ValidatedFile &file)
{
    QString text;
    for (const Diagnostic &d : file.result.issues)
        text += humanLine(file.path, d) + QLatin1Char('\n');
    const DiagnosticCounts &c = file.result.counts;
    const qsizetype all = qsizetype(c.errors) + c.warnings + c.infos;
    if (file.result.truncated)
        text += QStringLiteral("%1: ... %2 more issues not shown (--max-issues)\n")
                    .arg(ReportWriter::line(file.path))
                    .arg(all - file.result.issues.size());
    if (file.result.cancelled)
        text += QStringLiteral("%1: deep checks cancelled before the end\n").arg(ReportWriter::line(file.path));
    return text;
}

} // namespace bpat
