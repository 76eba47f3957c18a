#include "diff/DirectoryDiff.h"

#include "diff/DiffReport.h"
#include "diff/PathDiff.h"

#include <QDateTime>
#include <QJsonArray>
#include <QMap>
#include <QXmlStreamWriter>

namespace bpat::diff {

namespace {

QString relativeTo(const QString &root, const QString &path)
{
    QString base = root;
    while (base.size() > 1 && base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return path.startsWith(base + QLatin1Char('/')) ? path.mid(base.size() + 1) : path;
}

DiffResult alone(ChangeKind kind, const QString &relative, const QString &path, double tolerance)
{
    DiffResult r;
    r.relativePath = relative;
    r.tolerance = tolerance;
    (kind == ChangeKind::FileAdded ? r.pathB : r.pathA) = path;
    Change c;
    c.kind = kind;
    c.path = relative;
    r.changes.append(c);
    return r;
}

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

QList<DiffResult> DirectoryDiff::compare(const QString &rootA, const QStringList &filesA, const QString &rootB,
                                         const QStringList &filesB, const DiffOptions &options)
{
    QMap<QString, QString> a, b; // relative path -> path, sorted
    for (const QString &f : filesA)
        a.insert(relativeTo(rootA, f), f);
    for (const QString &f : filesB)
        b.insert(relativeTo(rootB, f), f);
    QStringList all = a.keys();
    for (const QString &k : b.keys()) {
        if (!a.contains(k))
            all.append(k);
    }
    all.sort();
    DiffOptions each = options;
    each.unknownClipIsTrouble = false; // --clip names clips of some of the files
    QList<DiffResult> out;
    for (const QString &relative : all) {
        if (!b.contains(relative)) {
            out.append(alone(ChangeKind::FileRemoved, relative, a.value(relative), options.tolerance));
        } else if (!a.contains(relative)) {
            out.append(alone(ChangeKind::FileAdded, relative, b.value(relative), options.tolerance));
        } else {
            DiffResult r = PathDiff::files(a.value(relative), b.value(relative), each);
            r.relativePath = relative;
            for (Change &c : r.changes)
                c.path = relative;
            out.append(r);
        }
    }
    return out;
}

QString DirectoryDiff::status(const DiffResult &r)
{
    if (!r.error.isEmpty() || r.cancelled)
        return QStringLiteral("trouble");
    if (r.changes.size() == 1 && r.changes.first().kind == ChangeKind::FileAdded)
        return QStringLiteral("added");
    if (r.changes.size() == 1 && r.changes.first().kind == ChangeKind::FileRemoved)
        return QStringLiteral("removed");
    return r.changes.isEmpty() ? QStringLiteral("same") : QStringLiteral("different");
}

QString DirectoryDiff::summary(const QList<DiffResult> &results)
{
    QMap<QString, int> counts;
    for (const DiffResult &r : results)
        ++counts[status(r)];
    QString text = QStringLiteral("%1 files: %2 differ, %3 added, %4 removed, %5 the same")
                       .arg(results.size())
                       .arg(counts.value(QStringLiteral("different")))
                       .arg(counts.value(QStringLiteral("added")))
                       .arg(counts.value(QStringLiteral("removed")))
                       .arg(counts.value(QStringLiteral("same")));
    if (counts.value(QStringLiteral("trouble")) > 0)
        text += QStringLiteral(", %1 trouble").arg(counts.value(QStringLiteral("trouble")));
    return text;
}

QString DirectoryDiff::text(const QList<DiffResult> &results)
{
    QString out;
    for (const DiffResult &r : results) {
        const QString s = status(r);
        if (s == QLatin1String("same"))
            continue;
        if (s == QLatin1String("added") || s == QLatin1String("removed")) {
            out += QStringLiteral("%1: file %2\n").arg(r.relativePath, s);
            continue;
        }
        if (s == QLatin1String("trouble")) {
            out += QStringLiteral("%1: trouble: %2\n").arg(r.relativePath, r.error);
            continue;
        }
        DiffResult shown = r;
        shown.pathA = r.relativePath;
        shown.pathB = r.relativePath;
        for (Change &c : shown.changes)
            c.path.clear(); // the file's summary line names it
        const QString summary = DiffReport::summary(shown);
        out += r.relativePath + summary.mid(summary.indexOf(QStringLiteral(": "))) + QLatin1Char('\n');
        for (const QString &note : r.notes)
            out += QStringLiteral("  note: ") + note + QLatin1Char('\n');
        for (const Change &c : shown.changes)
            out += QStringLiteral("  ") + DiffReport::line(c) + QLatin1Char('\n');
    }
    return out + summary(results) + QLatin1Char('\n');
}

QJsonObject DirectoryDiff::json(const QString &rootA, const QString &rootB, double tolerance, const QList<DiffResult> &results)
{
    QJsonArray files, changes;
    bool same = true;
    for (const DiffResult &r : results) {
        QJsonObject f = DiffReport::json(r);
        f.insert(QStringLiteral("path"), r.relativePath);
        f.insert(QStringLiteral("status"), status(r));
        f.remove(QStringLiteral("tolerance"));
        files.append(f);
        for (const QJsonValue c : f.value(QStringLiteral("changes")).toArray())
            changes.append(c);
        same = same && r.same();
    }
    return {{QStringLiteral("same"), same},
            {QStringLiteral("a"), rootA},
            {QStringLiteral("b"), rootB},
            {QStringLiteral("tolerance"), tolerance},
            {QStringLiteral("summary"), summary(results)},
            {QStringLiteral("files"), files},
            {QStringLiteral("changes"), changes}};
}

QByteArray DirectoryDiff::junit(const QList<DiffResult> &results)
{
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    int failures = 0, errors = 0;
    for (const DiffResult &r : results) {
        const QString s = status(r);
        failures += s != QLatin1String("same") && s != QLatin1String("trouble");
        errors += s == QLatin1String("trouble");
    }
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("bpat diff"));
    xml.writeAttribute(QStringLiteral("tests"), QString::number(results.size()));
    xml.writeAttribute(QStringLiteral("failures"), QString::number(failures));
    xml.writeAttribute(QStringLiteral("errors"), QString::number(errors));
    xml.writeAttribute(QStringLiteral("timestamp"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    xml.writeStartElement(QStringLiteral("properties"));
    for (const auto &[name, value] :
         QList<std::pair<QString, QString>>{{QStringLiteral("tool"), QStringLiteral("bpat")},
                                            {QStringLiteral("version"), QStringLiteral(BPAT_VERSION_STRING)}}) {
        xml.writeStartElement(QStringLiteral("property"));
        xml.writeAttribute(QStringLiteral("name"), name);
        xml.writeAttribute(QStringLiteral("value"), value);
        xml.writeEndElement();
    }
    xml.writeEndElement(); // properties
    for (const DiffResult &r : results) {
        xml.writeStartElement(QStringLiteral("testcase"));
        xml.writeAttribute(QStringLiteral("classname"), QStringLiteral("bpat.diff"));
        xml.writeAttribute(QStringLiteral("name"), r.relativePath);
        xml.writeAttribute(QStringLiteral("file"), r.relativePath);
        if (!r.error.isEmpty()) {
            xml.writeStartElement(QStringLiteral("error"));
            xml.writeAttribute(QStringLiteral("type"), QStringLiteral("trouble"));
            xml.writeAttribute(QStringLiteral("message"), r.error);
            xml.writeEndElement();
        }
        for (const Change &c : r.changes) {
            xml.writeStartElement(QStringLiteral("failure"));
            xml.writeAttribute(QStringLiteral("type"), kindKey(c.kind));
            xml.writeAttribute(QStringLiteral("message"), DiffReport::line(c));
            xml.writeCharacters(DiffReport::line(c));
            xml.writeEndElement();
        }
        if (!r.notes.isEmpty())
            xml.writeTextElement(QStringLiteral("system-out"),
                                 QStringLiteral("note: ") + r.notes.join(QStringLiteral("\nnote: ")) + QLatin1Char('\n'));
        xml.writeEndElement(); // testcase
    }
    xml.writeEndElement(); // testsuite
    xml.writeEndElement(); // testsuites
    xml.writeEndDocument();
    return out;
}

QString DirectoryDiff::github(const QList<DiffResult> &results)
{
    QString out;
    for (const DiffResult &r : results) {
        const QString file = r.pathB.isEmpty() ? r.pathA : r.pathB;
        if (!r.error.isEmpty())
            out += QStringLiteral("::error file=%1,title=bpat diff::%2\n").arg(ghProperty(file), ghData(r.error));
        for (const Change &c : r.changes) {
            Change shown = c;
            shown.path.clear();
            out += QStringLiteral("::error file=%1,title=bpat diff %2::%3\n")
                       .arg(ghProperty(file), ghProperty(kindKey(c.kind)), ghData(DiffReport::line(shown)));
        }
    }
    return out;
}

} // namespace bpat::diff
