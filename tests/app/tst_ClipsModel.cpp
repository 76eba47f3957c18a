// ClipsModel under QAbstractItemModelTester: opening, switching and closing files.
#include "ModelTestSupport.h"
#include "models/ClipsModel.h"
#include "TestPaths.h"

#include <QAbstractItemModelTester>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_ClipsModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsTheOpenFile()
    {
        QTemporaryDir dir;
        StudioContext context;
        ClipsModel model(&context);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(context.open(modeltest::smallFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(ClipsModel::LoopsColumn) + 1); // v1: no markers, flags or variants
        QCOMPARE(model.index(1, ClipsModel::NameColumn).data().toString(), QStringLiteral("jab"));
        QCOMPARE(model.index(0, ClipsModel::FramesColumn).data().toInt(), 4);
        context.setCurrentClip(1);
        QVERIFY(context.open(modeltest::otherFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), 2);
        context.close();
        QCOMPARE(model.rowCount(), 0);
    }

    // The same clips in a file of another version: the columns change (v2 markers, v3 flags and
    // variants), so the model resets instead of reporting changed cells.
    void columnsFollowTheVersion()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets"));
        StudioContext context;
        ClipsModel model(&context);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(context.open(testpaths::shared(QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat")))
                != StudioContext::OpenResult::Failed);
        const int rows = model.rowCount();
        QCOMPARE(model.columnCount(), int(ClipsModel::LoopsColumn) + 1);
        QVERIFY(context.open(testpaths::shared(QStringLiteral("upstream_assets/bpat_v2/horse.bpat")))
                != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), rows);
        QCOMPARE(model.columnCount(), int(ClipsModel::MarkersColumn) + 1);
        QVERIFY(context.open(testpaths::shared(QStringLiteral("upstream_assets/bpat_v3_late/horse.bpat")))
                != StudioContext::OpenResult::Failed);
        QCOMPARE(model.columnCount(), int(ClipsModel::NoOfColumns));
        QVERIFY(model.index(0, ClipsModel::VariantColumn).isValid());
    }
};

QTEST_MAIN(tst_ClipsModel)
#include "tst_ClipsModel.moc"
