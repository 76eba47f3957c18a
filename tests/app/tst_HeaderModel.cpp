// HeaderModel under QAbstractItemModelTester: one row per header field, found by name.
#include "ModelTestSupport.h"
#include "models/HeaderModel.h"

#include <QAbstractItemModelTester>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_HeaderModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsTheOpenFile()
    {
        QTemporaryDir dir;
        StudioContext context;
        HeaderModel model(&context);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(context.open(modeltest::smallFile(dir)) != StudioContext::OpenResult::Failed);
        QVERIFY(model.rowCount() > 10);
        QCOMPARE(model.columnCount(), int(HeaderModel::NoOfColumns));
        const int bones = model.rowOfField(QStringLiteral("bone_count"));
        QVERIFY(bones >= 0);
        QCOMPARE(model.index(bones, HeaderModel::ValueColumn).data().toString(), QStringLiteral("3"));
        QCOMPARE(model.rowOfField(QStringLiteral("no_such_field")), -1);
        QVERIFY(context.open(modeltest::otherFile(dir)) != StudioContext::OpenResult::Failed);
        QVERIFY(model.rowCount() > 10);
        context.close();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(tst_HeaderModel)
#include "tst_HeaderModel.moc"
