// PaletteModel under QAbstractItemModelTester: one row per bone (then socket) of the current
// frame, refreshed as the clip and frame change.
#include "ModelTestSupport.h"
#include "models/PaletteModel.h"

#include <QAbstractItemModelTester>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_PaletteModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsTheCurrentFrame()
    {
        QTemporaryDir dir;
        StudioContext context;
        PaletteModel model(&context);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(context.open(modeltest::smallFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.boneRows(), 3);
        QCOMPARE(model.rowCount(), 3 + 2);                                  // bones, then sockets
        QCOMPARE(model.columnCount(), int(PaletteModel::DifferenceColumn)); // the Difference column is for compare mode
        const QVariant before = model.index(1, PaletteModel::Row0Column).data();
        context.setCurrentFrame(2);
        QVERIFY(model.index(1, PaletteModel::Row0Column).data() != before);
        QCOMPARE(model.check(1), PaletteModel::Check::Ok);
        context.setCurrentClip(1);
        QCOMPARE(model.rowCount(), 5);
        QVERIFY(context.open(modeltest::otherFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), 3);
        context.close();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(tst_PaletteModel)
#include "tst_PaletteModel.moc"
