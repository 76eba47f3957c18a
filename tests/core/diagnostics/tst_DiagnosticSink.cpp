// DiagnosticSink keeps errors first (issue 35, finding 8): a list cut at maxIssues holds every
// error it can, most severe first, each severity in the order found; counts cover everything.
#include "diagnostics/DiagnosticSink.h"

#include <QtTest/QTest>

using namespace bpat;

namespace {

// Codes of each severity in the spec profile.
const QString warning = QStringLiteral("NON_AFFINE");
const QString error = QStringLiteral("NON_FINITE");

QStringList messages(const ValidationResult &r)
{
    QStringList out;
    for (const Diagnostic &d : r.issues)
        out << d.message;
    return out;
}

} // namespace

class tst_DiagnosticSink : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void severitiesOfTheCodes()
    {
        QCOMPARE(ValidationCodes::severity(warning, ValidationProfile::Spec), Severity::Warning);
        QCOMPARE(ValidationCodes::severity(error, ValidationProfile::Spec), Severity::Error);
    }

    void errorsTakeThePlaceOfWarnings()
    {
        DiagnosticSink sink(ValidationProfile::Spec, 3);
        for (int i = 0; i < 5; ++i)
            sink.report(warning, std::nullopt, {}, QStringLiteral("w%1").arg(i));
        QVERIFY(!sink.full());       // an error would still be kept
        QVERIFY(sink.full(warning)); // another warning would not
        QVERIFY(!sink.full(error));
        sink.report(error, std::nullopt, {}, QStringLiteral("e0"));
        sink.report(warning, std::nullopt, {}, QStringLiteral("w5"));
        sink.report(error, std::nullopt, {}, QStringLiteral("e1"));
        QCOMPARE(messages(sink.result()), (QStringList{QStringLiteral("e0"), QStringLiteral("e1"), QStringLiteral("w0")}));
        sink.report(error, std::nullopt, {}, QStringLiteral("e2"));
        sink.report(error, std::nullopt, {}, QStringLiteral("e3"));
        QVERIFY(sink.full());
        const ValidationResult r = sink.take();
        QCOMPARE(messages(r), (QStringList{QStringLiteral("e0"), QStringLiteral("e1"), QStringLiteral("e2")}));
        QCOMPARE(r.counts.errors, 4);
        QCOMPARE(r.counts.warnings, 6);
        QVERIFY(r.truncated);
    }

    void unlimitedKeepsAllErrorsFirst()
    {
        DiagnosticSink sink(ValidationProfile::Spec, 0);
        sink.report(warning, std::nullopt, {}, QStringLiteral("w0"));
        sink.report(error, std::nullopt, {}, QStringLiteral("e0"));
        sink.report(warning, std::nullopt, {}, QStringLiteral("w1"));
        QCOMPARE(messages(sink.result()), (QStringList{QStringLiteral("e0"), QStringLiteral("w0"), QStringLiteral("w1")}));
        QVERIFY(!sink.result().truncated);
    }

    // Parallel chunks merged with absorb(): the same rule across them.
    void absorbKeepsErrorsFirst()
    {
        DiagnosticSink first(ValidationProfile::Spec, 2), later(ValidationProfile::Spec, 2), all(ValidationProfile::Spec, 2);
        first.report(warning, std::nullopt, {}, QStringLiteral("w0"));
        first.report(warning, std::nullopt, {}, QStringLiteral("w1"));
        first.countOnly(warning);
        later.report(error, std::nullopt, {}, QStringLiteral("e0"));
        all.absorb(first.result());
        all.absorb(later.result());
        QCOMPARE(messages(all.result()), (QStringList{QStringLiteral("e0"), QStringLiteral("w0")}));
        QCOMPARE(all.result().counts.warnings, 3);
        QCOMPARE(all.result().counts.errors, 1);
    }

    void keepMostSevereOfAList()
    {
        Diagnostics found;
        for (int i = 0; i < 4; ++i)
            found.append(Diagnostic{warning, Severity::Warning, QStringLiteral("w%1").arg(i), std::nullopt, {}});
        found.append(Diagnostic{error, Severity::Error, QStringLiteral("e0"), std::nullopt, {}});
        const ValidationResult r = DiagnosticSink::keepMostSevere(found, 2);
        QCOMPARE(messages(r), (QStringList{QStringLiteral("e0"), QStringLiteral("w0")}));
        QCOMPARE(r.counts.warnings, 4);
        QVERIFY(r.truncated);
    }
};

QTEST_MAIN(tst_DiagnosticSink)
#include "tst_DiagnosticSink.moc"
