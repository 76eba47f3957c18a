// JsonReader: the one error model of the recipe, manifest and rig readers. Findings name the
// JSON path and what was expected, carry the caller's codes, and the first error is kept.
#include "diagnostics/JsonReader.h"

#include <QJsonArray>
#include <QtTest/QTest>

using namespace bpat;

class tst_JsonReader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void pathsJoin()
    {
        QCOMPARE(JsonReader::join(QString(), QStringLiteral("output")), QStringLiteral("output"));
        QCOMPARE(JsonReader::join(QStringLiteral("clips[0]"), QStringLiteral("fps")), QStringLiteral("clips[0].fps"));
        QCOMPARE(JsonReader::at(QStringLiteral("bones"), 3), QStringLiteral("bones[3]"));
    }

    void findingsNameThePathAndCode()
    {
        Diagnostics out;
        JsonReader reader(&out, {QStringLiteral("T"), QStringLiteral("V"), QStringLiteral("K")});
        QVERIFY(!reader.failed());
        reader.checkKeys(QJsonObject{{QStringLiteral("fps"), 1}, {QStringLiteral("oops"), 2}}, QStringLiteral("clips[0]"),
                         {"fps"});
        QVERIFY(!reader.failed()); // unknown keys are warnings
        reader.expected(QStringLiteral("clips[0].name"), QStringLiteral("a string"), QJsonValue(3));
        QVERIFY(!reader.fail(QStringLiteral("clips"), QStringLiteral("expected a non-empty array")));
        QVERIFY(reader.failed());
        QCOMPARE(out.size(), 3);
        QCOMPARE(out.at(0).code, QStringLiteral("K"));
        QCOMPARE(out.at(0).severity, Severity::Warning);
        QCOMPARE(out.at(0).message, QStringLiteral("clips[0].oops: unknown key, ignored"));
        QCOMPARE(out.at(0).location.toString(), QStringLiteral("clips[0].oops"));
        QCOMPARE(out.at(1).code, QStringLiteral("T"));
        QCOMPARE(out.at(1).message, QStringLiteral("clips[0].name: expected a string, found a number"));
        QCOMPARE(out.at(2).code, QStringLiteral("V"));
        QCOMPARE(out.at(2).severity, Severity::Error);
        QCOMPARE(reader.firstError(), QStringLiteral("clips[0].name: expected a string, found a number"));
    }

    void numbers()
    {
        JsonReader reader(nullptr, {QStringLiteral("T"), QStringLiteral("V"), QStringLiteral("K")});
        QCOMPARE(reader.number(QJsonValue(2.5), QStringLiteral("x")), std::optional<double>(2.5));
        QVERIFY(!reader.failed());
        QVERIFY(!reader.number(QJsonValue(0.0), QStringLiteral("fps"), true));
        QCOMPARE(reader.firstError(), QStringLiteral("fps: expected a number > 0"));
        JsonReader other(nullptr, {});
        QVERIFY(!other.number(QJsonValue(QStringLiteral("7")), QStringLiteral("len"), true));
        QCOMPARE(other.firstError(), QStringLiteral("len: expected a finite number"));
        JsonReader custom(nullptr, {});
        QVERIFY(!custom.number(QJsonValue(QJsonArray()), QStringLiteral("from"), false, QStringLiteral("a number (seconds)")));
        QCOMPARE(custom.firstError(), QStringLiteral("from: expected a number (seconds)"));
    }
};

QTEST_GUILESS_MAIN(tst_JsonReader)
#include "tst_JsonReader.moc"
