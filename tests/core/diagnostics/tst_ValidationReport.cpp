#include "bpat/BpatFile.h"
#include "TestDocuments.h"
#include "diagnostics/ValidationReport.h"
#include "bpat/Validator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest/QTest>

using namespace bpat;

class tst_ValidationReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void jsonHasTheDocumentedShape()
    {
        QByteArray bytes = testdocs::smallFileBytes();
        testdocs::setU32(bytes, 8, 5); // SPECIES_NOT_IN_V1 at offset 8
        bytes.append(4, '\0');         // TRAILING_BYTES
        const ValidatedFile file{QStringLiteral("a/b.bpat"), Validator().validate(BpatFile::fromData(bytes))};
        const ValidatedFile missing{QStringLiteral("gone.bpat"),
                                    Validator().validatePath(QStringLiteral("/nonexistent/gone.bpat"))};
        const QJsonDocument doc = QJsonDocument::fromJson(ValidationReport::toJson(ValidationProfile::Spec, {file, missing}));
        const QJsonObject root = doc.object();
        QCOMPARE(root.keys(), (QStringList{QStringLiteral("files"), QStringLiteral("profile")}));
        QCOMPARE(root.value(QStringLiteral("profile")).toString(), QStringLiteral("spec"));
        const QJsonArray files = root.value(QStringLiteral("files")).toArray();
        QCOMPARE(files.size(), 2);
        const QJsonObject f = files.at(0).toObject();
        QCOMPARE(f.keys(),
                 (QStringList{QStringLiteral("counts"), QStringLiteral("issues"), QStringLiteral("path"),
                              QStringLiteral("truncated"), QStringLiteral("valid")}));
        QCOMPARE(f.value(QStringLiteral("path")).toString(), QStringLiteral("a/b.bpat"));
        QCOMPARE(f.value(QStringLiteral("valid")).toBool(), true);
        QCOMPARE(f.value(QStringLiteral("truncated")).toBool(), false);
        const QJsonObject counts = f.value(QStringLiteral("counts")).toObject();
        QCOMPARE(counts.keys(), (QStringList{QStringLiteral("error"), QStringLiteral("info"), QStringLiteral("warning")}));
        QCOMPARE(counts.value(QStringLiteral("warning")).toInt(), 2);
        const QJsonObject issue = f.value(QStringLiteral("issues")).toArray().at(0).toObject();
        QCOMPARE(issue.keys(),
                 (QStringList{QStringLiteral("code"), QStringLiteral("location"), QStringLiteral("message"),
                              QStringLiteral("offset"), QStringLiteral("severity")}));
        QCOMPARE(issue.value(QStringLiteral("code")).toString(), QStringLiteral("SPECIES_NOT_IN_V1"));
        QCOMPARE(issue.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
        QCOMPARE(issue.value(QStringLiteral("offset")).toInt(), 8);
        QCOMPARE(issue.value(QStringLiteral("location")).toString(), QStringLiteral("header.species_id"));

        const QJsonObject m = files.at(1).toObject();
        QCOMPARE(m.value(QStringLiteral("valid")).toBool(), false);
        const QJsonObject io = m.value(QStringLiteral("issues")).toArray().at(0).toObject();
        QCOMPARE(io.value(QStringLiteral("code")).toString(), QStringLiteral("IO_ERROR"));
        QVERIFY(io.value(QStringLiteral("offset")).isNull());
    }

    void humanLines()
    {
        const Diagnostic d{QStringLiteral("BAD_FPS"), Severity::Error, QStringLiteral("fps is 0, expected a finite number > 0"),
                           quint64(80), QStringLiteral("clips[0].fps")};
        QCOMPARE(ValidationReport::humanLine(QStringLiteral("x.bpat"), d),
                 QStringLiteral("x.bpat:80: error BAD_FPS fps is 0, expected a finite number > 0 [clips[0].fps]"));
        Diagnostic noOffset = d;
        noOffset.offset.reset();
        QVERIFY(
            ValidationReport::humanLine(QStringLiteral("x.bpat"), noOffset).startsWith(QStringLiteral("x.bpat: error BAD_FPS ")));

        ValidatedFile f{QStringLiteral("x.bpat"), {}};
        f.result.issues = {d, d};
        f.result.counts.errors = 5;
        f.result.truncated = true;
        const QStringList lines = ValidationReport::humanText(f).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines.at(2).contains(QStringLiteral("3 more issues")));
    }
};

QTEST_GUILESS_MAIN(tst_ValidationReport)
#include "tst_ValidationReport.moc"
