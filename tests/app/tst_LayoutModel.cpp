// LayoutModel under QAbstractItemModelTester: the sections SectionLayout places, in file order.
#include "ModelTestSupport.h"
#include "models/LayoutModel.h"

#include <QAbstractItemModelTester>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_LayoutModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsTheOpenFile()
    {
        QTemporaryDir dir;
        StudioContext context;
        LayoutModel model(&context);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(context.open(modeltest::smallFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), model.layout().sections().size());
        QCOMPARE(model.columnCount(), int(LayoutModel::NoOfColumns));
        QCOMPARE(model.index(0, LayoutModel::SectionColumn).data().toString(), QStringLiteral("header"));
        // The sections tile the file: each starts where the previous ended.
        quint64 end = 0;
        for (const bpat::LayoutSection &s : model.layout().sections()) {
            QCOMPARE(s.offset, end);
            end = s.end();
        }
        QCOMPARE(end, model.layout().fileSize());
        QVERIFY(context.open(modeltest::otherFile(dir)) != StudioContext::OpenResult::Failed);
        QVERIFY(model.rowCount() >= 4);
        context.close();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(tst_LayoutModel)
#include "tst_LayoutModel.moc"
