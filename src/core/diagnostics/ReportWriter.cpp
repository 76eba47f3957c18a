#include "diagnostics/ReportWriter.h"

#include "io/NativeName.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QXmlStreamWriter>

namespace bpat {

namespace {

bool isControl(char16_t c)
{
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029;
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

std::optional<ReportWriter::Format> ReportWriter::formatFromName(const QString &name)
{
    if (name == QLatin1String("text"))
        return Format::Text;
    if (name == QLatin1String("json"))
        return Format::Json;
    if (name == QLatin1String("junit"))
        return Format::JUnit;
    if (name == QLatin1String("github"))
        return Format::GitHub;
    return std::nullopt;
}

QStringList ReportWriter::formatNames()
{
    return {QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("junit"), QStringLiteral("github")};
}

qsizetype ReportWriter::controlCharacterAt(const QString &text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (isControl(text.at(i).unicode()))
            return i;
    }
    return -1;
}

QString ReportWriter::nameProblem(const QString &what, const QString &name)
{
    const qsizetype at = controlCharacterAt(name);
    if (at < 0)
        return QString();
    return QStringLiteral("the %1 name '%2' holds a control character (U+%3 at %4); names are identifiers")
        .arg(what, line(name))
        .arg(QString::number(name.at(at).unicode(), 16).toUpper().rightJustified(4, QLatin1Char('0')))
        .arg(at);
}

QString ReportWriter::line(const QString &text)
{
    QString shown = NativeName::display(text); // not const: returned as it is, moved
    if (!hasControlCharacters(shown))
        return shown;
    QString out;
    out.reserve(shown.size() + 8);
    for (const QChar c : shown) {
        const char16_t u = c.unicode();
        if (u == 0x2028 || u == 0x2029)
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
        else if (isControl(u))
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

QString ReportWriter::lines(const QString &text)
{
    QStringList parts = text.split(QLatin1Char('\n'));
    for (QString &part : parts)
        part = line(part);
    return parts.join(QLatin1Char('\n'));
}

QJsonValue ReportWriter::json(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String: return NativeName::display(value.toString());
    case QJsonValue::Array: {
        QJsonArray out;
        for (const QJsonValue v : value.toArray())
            out.append(json(v));
        return out;
    }
    case QJsonValue::Object: return json(value.toObject());
    default: return value;
    }
}

QJsonObject ReportWriter::json(const QJsonObject &object)
{
    QJsonObject out;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        out.insert(NativeName::display(it.key()), json(it.value()));
    return out;
}

QByteArray ReportWriter::jsonDocument(const QJsonObject &object)
{
    return QJsonDocument(json(object)).toJson(QJsonDocument::Indented);
}

QByteArray ReportWriter::junit(const Suite &suite)
{
    int failures = 0, errors = 0;
    for (const Case &c : suite.cases) {
        const bool error =
            std::any_of(c.problems.cbegin(), c.problems.cend(), [](const Problem &p) { return p.kind == Problem::Kind::Error; });
        errors += error ? 1 : 0;
        failures += !error && !c.problems.isEmpty() ? 1 : 0;
    }
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"), line(suite.name));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(suite.cases.size()));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QString::number(errors));
    xml.writeAttribute(QStringLiteral("timestamp"), line(suite.timestamp));
    xml.writeStartElement(QStringLiteral("properties"));
    for (const auto &[name, value] : suite.properties) {
        if (value.isEmpty())
            continue;
        xml.writeStartElement(QStringLiteral("property"));
        xml.writeAttribute(QStringLiteral("name"), line(name));
        xml.writeAttribute(QStringLiteral("value"), line(value));
        xml.writeEndElement();
    }
    xml.writeEndElement(); // properties
    for (const Case &c : suite.cases) {
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), line(c.className));
        xml.writeAttribute(QStringLiteral("name"), line(c.name));
        xml.writeAttribute(QStringLiteral("file"), line(c.name));
        for (const Problem &p : c.problems) {
            xml.writeStartElement(p.kind == Problem::Kind::Error ? QStringLiteral("error") : QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("type"), line(p.type));
            xml.writeAttribute(QStringLiteral("message"), line(p.message));
            if (!p.text.isEmpty())
                xml.writeCharacters(lines(p.text));
            xml.writeEndElement();
        }
        if (!c.systemOut.isEmpty())
            xml.writeTextElement(QStringLiteral("system-out"), lines(c.systemOut));
        xml.writeEndElement(); // testcase
    }
    xml.writeEndElement(); // testsuite
    xml.writeEndElement(); // testsuites
    xml.writeEndDocument();
    return out;
}

QString ReportWriter::github(Level level, const QString &file, const QString &title, const QString &message)
{
    const char *kind = level == Level::Error ? "error" : level == Level::Warning ? "warning" : "notice";
    return QStringLiteral("::%1 file=%2,title=%3::%4\n")
        .arg(QLatin1String(kind), ghProperty(line(file)), ghProperty(line(title)), ghData(line(message)));
}

} // namespace bpat
