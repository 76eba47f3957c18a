#include "diff/DirectoryDiff.h"

#include "diagnostics/ReportWriter.h"
#include "diff/DiffReport.h"
#include "diff/PathDiff.h"

#include <QDateTime>
#include <QJsonArray>
#include <QMap>

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
    // Every line through the one report writer: a file or clip name forges no line.
    const auto put = [](QString *out, const QString &line) { *out += ReportWriter::line(line) + QLatin1Char('\n'); };
    QString out;
    for (const DiffResult &r : results) {
        const QString s = status(r);
        if (s == QLatin1String("same"))
            continue;
        if (s == QLatin1String("added") || s == QLatin1String("removed")) {
            put(&out, QStringLiteral("%1: file %2").arg(r.relativePath, s));
            continue;
        }
        if (s == QLatin1String("trouble")) {
            put(&out, QStringLiteral("%1: trouble: %2").arg(r.relativePath, r.error));
            continue;
        }
        DiffResult shown = r;
        shown.pathA = r.relativePath;
        shown.pathB = r.relativePath;
        for (Change &c : shown.changes)
            c.path.clear(); // the file's summary line names it
        const QString summary = DiffReport::summary(shown);
        put(&out, r.relativePath + summary.mid(summary.indexOf(QStringLiteral(": "))));
        for (const QString &note : r.notes)
            put(&out, QStringLiteral("  note: ") + note);
        for (const Change &c : shown.changes)
            put(&out, QStringLiteral("  ") + DiffReport::line(c));
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
    ReportWriter::Suite suite;
    suite.name = QStringLiteral("bpat diff");
    suite.timestamp = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    suite.properties = {{QStringLiteral("tool"), QStringLiteral("bpat")},
                        {QStringLiteral("version"), QStringLiteral(BPAT_VERSION_STRING)}};
    for (const DiffResult &r : results) {
        ReportWriter::Case c;
        c.name = r.relativePath;
        c.className = QStringLiteral("bpat.diff");
        if (!r.error.isEmpty())
            c.problems.append({ReportWriter::Problem::Kind::Error, QStringLiteral("trouble"), r.error, QString()});
        for (const Change &change : r.changes) {
            const QString line = DiffReport::line(change);
            c.problems.append({ReportWriter::Problem::Kind::Failure, kindKey(change.kind), line, line});
        }
        if (!r.notes.isEmpty())
            c.systemOut = QStringLiteral("note: ") + r.notes.join(QStringLiteral("\nnote: ")) + QLatin1Char('\n');
        suite.cases.append(c);
    }
    return ReportWriter::junit(suite);
}

QString DirectoryDiff::github(const QList<DiffResult> &results)
{
    QString out;
    for (const DiffResult &r : results) {
        const QString file = r.pathB.isEmpty() ? r.pathA : r.pathB;
        if (!r.error.isEmpty())
            out += ReportWriter::github(ReportWriter::Level::Error, file, QStringLiteral("bpat diff"), r.error);
        for (const Change &c : r.changes) {
            Change shown = c;
            shown.path.clear();
            out += ReportWriter::github(ReportWriter::Level::Error, file, QStringLiteral("bpat diff ") + kindKey(c.kind),
                                        DiffReport::line(shown));
        }
    }
    return out;
}

} // namespace bpat::diff
