// ValidationModel and its filter under QAbstractItemModelTester: the context's findings, with
// the location text the reports print.
#include "ModelTestSupport.h"
#include "models/ValidationModel.h"

#include <QAbstractItemModelTester>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_ValidationModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsTheFindings()
    {
        QTemporaryDir dir;
        StudioContext context;
        context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
        ValidationModel model(&context);
        ValidationFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(context.open(modeltest::smallFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), context.diagnostics().size());
        QCOMPARE(model.columnCount(), int(ValidationModel::NoOfColumns));
        QCOMPARE(context.open(modeltest::otherFile(dir)), StudioContext::OpenResult::OpenedWithErrors);
        int badFps = -1;
        for (int row = 0; row < model.rowCount(); ++row) {
            if (model.diagnostic(row).code == QLatin1String("BAD_FPS"))
                badFps = row;
        }
        QVERIFY(badFps >= 0);
        QCOMPARE(model.index(badFps, ValidationModel::LocationColumn).data().toString(), QStringLiteral("clips[0].fps"));
        QCOMPARE(model.index(badFps, ValidationModel::SeverityColumn).data().toString(), QStringLiteral("error"));
        filter.setSeverityVisible(bpat::Severity::Error, false);
        QVERIFY(filter.rowCount() < model.rowCount());
        filter.setSeverityVisible(bpat::Severity::Error, true);
        QCOMPARE(filter.rowCount(), model.rowCount());
        context.close();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(tst_ValidationModel)
#include "tst_ValidationModel.moc"
