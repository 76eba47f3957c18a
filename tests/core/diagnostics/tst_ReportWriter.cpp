// The one writer of reports (issue 42, findings 3 and 9): whatever a file or clip calls itself,
// text stays one line per line, JUnit stays well-formed XML, GitHub annotations cannot be forged
// and JSON writes bytes that are not UTF-8 as the documented \xNN. `bpat validate` and `bpat
// diff` both report through it (their own tests run the commands on such names).
#include "diagnostics/ReportWriter.h"
#include "diagnostics/ValidationReport.h"
#include "diff/DiffReport.h"
#include "diff/DirectoryDiff.h"
#include "io/NativeName.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QXmlStreamReader>
#include <QtTest/QTest>

using namespace bpat;

namespace {

// A name as a directory walk decodes it: \xff is no UTF-8 (NativeName keeps it as U+DCFF).
QString notUtf8()
{
    return NativeName::decode(QByteArray("caf\xff.bpat"));
}
const QString forged = QStringLiteral("nl\n::error file=X::forged\t.bpat");

// Every element and attribute of the XML, or the reader's error.
QString readXml(const QByteArray &xml, QStringList *names)
{
    QXmlStreamReader reader(xml);
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement() && reader.attributes().hasAttribute(QStringLiteral("name")))
            names->append(reader.attributes().value(QStringLiteral("name")).toString());
    }
    return reader.hasError() ? reader.errorString() : QString();
}

} // namespace

class tst_ReportWriter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void linesEscapeWhatWouldBreakThem()
    {
        QCOMPARE(ReportWriter::line(notUtf8()), QStringLiteral("caf\\xff.bpat"));
        QCOMPARE(ReportWriter::line(forged), QStringLiteral("nl\\x0a::error file=X::forged\\x09.bpat"));
        QCOMPARE(ReportWriter::line(QStringLiteral("a\rb\x7f"
                                                   "c\u0085d\u2028e")),
                 QStringLiteral("a\\x0db\\x7fc\\x85d\\u2028e"));
        QCOMPARE(ReportWriter::line(QStringLiteral("walk_01 (Ünïcödé)")), QStringLiteral("walk_01 (Ünïcödé)"));
        QCOMPARE(ReportWriter::lines(QStringLiteral("a\tb\nc")), QStringLiteral("a\\x09b\nc"));
        QVERIFY(ReportWriter::hasControlCharacters(forged));
        QVERIFY(!ReportWriter::hasControlCharacters(notUtf8()));
        QVERIFY(ReportWriter::nameProblem(QStringLiteral("clip"), QStringLiteral("walk")).isEmpty());
        QCOMPARE(ReportWriter::nameProblem(QStringLiteral("socket"), QStringLiteral("a\nb")),
                 QStringLiteral("the socket name 'a\\x0ab' holds a control character (U+000A at 1); names are identifiers"));
    }

    void jsonWritesBytesAsDocumented()
    {
        const QJsonObject object{{QStringLiteral("path"), notUtf8()},
                                 {QStringLiteral("list"), QJsonArray{notUtf8(), 1}},
                                 {notUtf8(), QJsonObject{{QStringLiteral("name"), forged}}}};
        const QByteArray text = ReportWriter::jsonDocument(object);
        QVERIFY2(!text.contains("\\udcff") && text.contains("caf\\\\xff.bpat"), text.constData());
        const QJsonObject back = QJsonDocument::fromJson(text).object();
        QCOMPARE(back.value(QStringLiteral("path")).toString(), QStringLiteral("caf\\xff.bpat"));
        QCOMPARE(back.value(QStringLiteral("list")).toArray().at(0).toString(), QStringLiteral("caf\\xff.bpat"));
        QVERIFY(back.contains(QStringLiteral("caf\\xff.bpat")));
        // A control character is safe in JSON (escaped by JSON itself) and kept.
        QCOMPARE(back.value(QStringLiteral("caf\\xff.bpat")).toObject().value(QStringLiteral("name")).toString(), forged);
    }

    void junitIsWellFormedWhateverTheNames()
    {
        ReportWriter::Suite suite;
        suite.name = QStringLiteral("bpat test");
        suite.properties = {{QStringLiteral("tool"), QStringLiteral("bpat")}, {QStringLiteral("empty"), QString()}};
        for (const QString &name : {notUtf8(), forged, QStringLiteral("plain.bpat")}) {
            ReportWriter::Case c;
            c.name = name;
            c.className = QStringLiteral("bpat.test");
            c.problems.append({ReportWriter::Problem::Kind::Failure, QStringLiteral("CODE"), name + QStringLiteral(" broke"),
                               name + QStringLiteral(": line one\nline \x01two")});
            c.systemOut = name + QLatin1Char('\n');
            suite.cases.append(c);
        }
        suite.cases.last().problems = {{ReportWriter::Problem::Kind::Error, QStringLiteral("trouble"), QStringLiteral("x"), {}}};
        const QByteArray xml = ReportWriter::junit(suite);
        QStringList names;
        QCOMPARE(readXml(xml, &names), QString());
        QVERIFY2(names.contains(QStringLiteral("caf\\xff.bpat")), xml.constData());
        QVERIFY2(names.contains(QStringLiteral("nl\\x0a::error file=X::forged\\x09.bpat")), xml.constData());
        QVERIFY(xml.contains("failures=\"2\"") && xml.contains("errors=\"1\"") && !xml.contains("name=\"empty\""));
        QVERIFY(!xml.contains('\x01'));
    }

    void githubAnnotationsCannotBeForged()
    {
        const QString line = ReportWriter::github(ReportWriter::Level::Error, forged, QStringLiteral("T: x, y"), forged);
        QVERIFY(line.endsWith(QLatin1Char('\n')));
        QCOMPARE(line.count(QLatin1Char('\n')), 1);
        QVERIFY2(
            line.startsWith(QStringLiteral("::error file=nl\\x0a%3A%3Aerror file=X%3A%3Aforged\\x09.bpat,title=T%3A x%2C y::")),
            qPrintable(line));
        QCOMPARE(ReportWriter::github(ReportWriter::Level::Notice, notUtf8(), QStringLiteral("t"), QStringLiteral("100%")),
                 QStringLiteral("::notice file=caf\\xff.bpat,title=t::100%25\n"));
    }

    void validateAndDiffReportThroughIt()
    {
        // The same name gives the same output in both commands' reports.
        ValidationResult result;
        result.issues.append({QStringLiteral("BAD_MAGIC"), Severity::Error, QStringLiteral("bad\nmagic"), 0,
                              DiagnosticLocation::header(QStringLiteral("magic"))});
        result.counts.errors = 1;
        const ValidatedFile file{notUtf8(), result};
        QStringList names;
        QCOMPARE(readXml(ValidationReport::toJUnit({}, {file}), &names), QString());
        QVERIFY(names.contains(QStringLiteral("caf\\xff.bpat")));
        QCOMPARE(ValidationReport::summaryLine(file).count(QLatin1Char('\n')), 1);
        QCOMPARE(ValidationReport::humanText(file).count(QLatin1Char('\n')), 1);
        QCOMPARE(ValidationReport::githubAnnotations(file).count(QLatin1Char('\n')), 1);

        diff::DiffResult r;
        r.relativePath = forged;
        r.pathA = r.pathB = forged;
        diff::Change c;
        c.kind = diff::ChangeKind::ClipRemoved;
        c.clip = QStringLiteral("walk\nsocket fake: bone 1");
        r.changes.append(c);
        names.clear();
        QCOMPARE(readXml(diff::DirectoryDiff::junit({r}), &names), QString());
        QVERIFY(names.contains(QStringLiteral("nl\\x0a::error file=X::forged\\x09.bpat")));
        QCOMPARE(diff::DirectoryDiff::text({r}).count(QLatin1Char('\n')), 3); // file line, change line, count line
        QCOMPARE(diff::DiffReport::text(r).count(QLatin1Char('\n')), 2);
        QCOMPARE(diff::DirectoryDiff::github({r}).count(QLatin1Char('\n')), 1);
    }
};

QTEST_GUILESS_MAIN(tst_ReportWriter)
#include "tst_ReportWriter.moc"
