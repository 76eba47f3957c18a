#include "diagnostics/ValidationReport.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace bpat {

QJsonObject ValidationReport::issueJson(const Diagnostic &issue)
{
    return QJsonObject{
        {QStringLiteral("code"), issue.code},
        {QStringLiteral("severity"), severityName(issue.severity)},
        {QStringLiteral("message"), issue.message},
        {QStringLiteral("offset"), issue.offset ? QJsonValue(qint64(*issue.offset)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("location"), issue.location},
    };
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
        {QStringLiteral("counts"), QJsonObject{{QStringLiteral("error"), c.errors},
                                               {QStringLiteral("warning"), c.warnings},
                                               {QStringLiteral("info"), c.infos}}},
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
    return QJsonDocument(reportJson(profile, files)).toJson(QJsonDocument::Indented);
}

QString ValidationReport::humanLine(const QString &path, const Diagnostic &issue)
{
    QString line = path;
    if (issue.offset)
        line += QLatin1Char(':') + QString::number(*issue.offset);
    line += QStringLiteral(": %1 %2 %3").arg(severityName(issue.severity), issue.code, issue.message);
    if (!issue.location.isEmpty())
        line += QStringLiteral(" [%1]").arg(issue.location);
    return line;
}

QString ValidationReport::humanText(const ValidatedFile &file)
{
    QString text;
    for (const Diagnostic &d : file.result.issues)
        text += humanLine(file.path, d) + QLatin1Char('\n');
    const DiagnosticCounts &c = file.result.counts;
    const qsizetype all = qsizetype(c.errors) + c.warnings + c.infos;
    if (file.result.truncated)
        text += QStringLiteral("%1: ... %2 more issues not shown (--max-issues)\n").arg(file.path).arg(all - file.result.issues.size());
    if (file.result.cancelled)
        text += QStringLiteral("%1: deep checks cancelled before the end\n").arg(file.path);
    return text;
}

} // namespace bpat
