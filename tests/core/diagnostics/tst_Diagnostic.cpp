#include "diagnostics/Diagnostic.h"

#include <QtTest/QTest>

using namespace bpat;

class tst_Diagnostic : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void severityNamesRoundTrip()
    {
        for (Severity s : {Severity::Info, Severity::Warning, Severity::Error})
            QCOMPARE(severityFromName(severityName(s)), std::optional<Severity>(s));
        QVERIFY(!severityFromName(QStringLiteral("fatal")).has_value());
    }
    void countsPerSeverity()
    {
        Diagnostics list{{QStringLiteral("A"), Severity::Error, {}, {}, {}},
                         {QStringLiteral("B"), Severity::Warning, {}, 12, {}},
                         {QStringLiteral("C"), Severity::Warning, {}, {}, {}}};
        const DiagnosticCounts c = countDiagnostics(list);
        QCOMPARE(c.errors, 1);
        QCOMPARE(c.warnings, 2);
        QCOMPARE(c.infos, 0);
        QVERIFY(hasErrors(list));
        list.removeFirst();
        QVERIFY(!hasErrors(list));
    }
};

QTEST_GUILESS_MAIN(tst_Diagnostic)
#include "tst_Diagnostic.moc"
