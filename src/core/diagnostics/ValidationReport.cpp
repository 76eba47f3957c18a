#include "diagnostics/ValidationReport.h"

#include "release/BuildInfo.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QXmlStreamWriter>

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
    return QJsonDocument(reportJson(profile, files)).toJson(QJsonDocument::Indented);
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

// GitHub's workflow-command escaping: data escapes %, CR, LF; properties also ':' and ','.
QString ghData(QString text)
{
    return text.replace(QLatin1Char('%'), QStringLiteral("%25"))
        .replace(QLatin1Char('\r'), QStringLiteral("%0D"))
        .replace(QLatin1Char('\n'), QStringLiteral("%0A"));
}

QString ghProperty(const QString &text)
{
    return ghData(text).replace(QLatin1Char(':'), QStringLiteral("%3A")).replace(QLatin1Char(','), QStringLiteral("%2C"));
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
    return QJsonDocument(reportJson(run, files)).toJson(QJsonDocument::Indented);
}

QByteArray ValidationReport::toJUnit(const RunInfo &run, const QList<ValidatedFile> &files)
{
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    int failures = 0;
    for (const ValidatedFile &f : files)
        failures += f.result.valid() ? 0 : 1;
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"),
                       QStringLiteral("bpat validate (%1 profile%2)")
                           .arg(profileName(run.profile), run.deep ? QStringLiteral(", deep") : QString()));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(files.size()));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QStringLiteral("0"));
    xml.writeAttribute(QStringLiteral("timestamp"), runTime(run));
    xml.writeStartElement(QStringLiteral("properties"));
    const QList<std::pair<QString, QString>> props{
        {QStringLiteral("tool"), QStringLiteral("bpat")},
        {QStringLiteral("version"), QStringLiteral(BPAT_VERSION_STRING)},
        {QStringLiteral("profile"), profileName(run.profile)},
        {QStringLiteral("deep"), run.deep ? QStringLiteral("true") : QStringLiteral("false")},
        {QStringLiteral("game_era"), run.gameEra}};
    for (const auto &[name, value] : props) {
        if (value.isEmpty())
            continue;
        xml.writeStartElement(QStringLiteral("property"));
        xml.writeAttribute(QStringLiteral("name"), name);
        xml.writeAttribute(QStringLiteral("value"), value);
        xml.writeEndElement();
    }
    xml.writeEndElement(); // properties
    for (const ValidatedFile &f : files) {
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), QStringLiteral("bpat.validate"));
        xml.writeAttribute(QStringLiteral("name"), f.path);
        xml.writeAttribute(QStringLiteral("file"), f.path);
        for (const Diagnostic &d : f.result.issues) {
            if (d.severity != Severity::Error)
                continue;
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("type"), d.code);
            xml.writeAttribute(QStringLiteral("message"), d.message);
            xml.writeCharacters(humanLine(f.path, d));
            xml.writeEndElement();
        }
        QString other;
        for (const Diagnostic &d : f.result.issues) {
            if (d.severity != Severity::Error)
                other += humanLine(f.path, d) + QLatin1Char('\n');
        }
        if (f.result.truncated)
            other += QStringLiteral("(more issues not shown: --max-issues)\n");
        if (!other.isEmpty())
            xml.writeTextElement(QStringLiteral("system-out"), other);
        xml.writeEndElement(); // testcase
    }
    xml.writeEndElement(); // testsuite
    xml.writeEndElement(); // testsuites
    xml.writeEndDocument();
    return out;
}

QString ValidationReport::githubAnnotations(const ValidatedFile &file)
{
    QString text;
    for (const Diagnostic &d : file.result.issues) {
        const char *kind = d.severity == Severity::Error ? "error" : d.severity == Severity::Warning ? "warning" : "notice";
        QString title = d.code;
        if (!d.location.isEmpty())
            title += QStringLiteral(" at ") + d.location.toString();
        text += QStringLiteral("::%1 file=%2,title=%3::%4 %5%6\n")
                    .arg(QLatin1String(kind), ghProperty(file.path), ghProperty(title), d.code, ghData(d.message),
                         d.offset ? ghData(QStringLiteral(" (byte %1)").arg(*d.offset)) : QString());
    }
    return text;
}

QString ValidationReport::summaryLine(const ValidatedFile &file)
{
    const DiagnosticCounts &c = file.result.counts;
    QString line = QStringLiteral("%1: %2 (%3)")
                       .arg(file.path, file.result.valid() ? QStringLiteral("valid") : QStringLiteral("invalid"), countsText(c));
    if (const Diagnostic *first = firstOf(file, Severity::Error)) {
        line += QStringLiteral(": %1 %2").arg(first->code, first->message);
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
        text += QStringLiteral("%1: ... %2 more issues not shown (--max-issues)\n")
                    .arg(file.path)
                    .arg(all - file.result.issues.size());
    if (file.result.cancelled)
        text += QStringLiteral("%1: deep checks cancelled before the end\n").arg(file.path);
    return text;
}

} // namespace bpat
