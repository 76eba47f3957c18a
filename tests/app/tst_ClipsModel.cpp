// ClipsModel under QAbstractItemModelTester: opening, switching and closing files.
#include "ModelTestSupport.h"
#include "bake/Baker.h"
#include "bake/SpeciesCatalog.h"
#include "models/ClipsModel.h"
#include "models/ModelRoles.h"
#include "TestPaths.h"

#include <QBrush>

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

    // A BPSM minimal snapshot mesh: the same columns from its clip entries, read-only, with the
    // timing it does not store (24 fps, looping) in grey.
    void snapshotRowsAreReadOnlyWithDefaultTiming()
    {
        QTemporaryDir dir;
        QList<bpat::SpeciesManifest> horse;
        for (const bpat::SpeciesManifest &m : bpat::SpeciesCatalog::builtIn()) {
            if (m.speciesName == u"horse")
                horse.append(m);
        }
        QCOMPARE(horse.size(), 1);
        QVERIFY(bpat::Baker::allOk(bpat::Baker(horse).bake(dir.path())));
        StudioContext context;
        ClipsModel model(&context);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(context.open(dir.filePath(horse.first().snapshotFileName)), StudioContext::OpenResult::Opened);
        const QList<ClipEntry> clips = context.clipEntries();
        QVERIFY(!clips.isEmpty());
        QCOMPARE(model.rowCount(), clips.size());
        QCOMPARE(model.columnCount(), int(ClipsModel::LoopsColumn) + 1);
        const QModelIndex fps = model.index(0, ClipsModel::FpsColumn);
        QCOMPARE(fps.data().toString(), QStringLiteral("24"));
        QCOMPARE(model.index(0, ClipsModel::LoopsColumn).data().toString(), QStringLiteral("yes"));
        QCOMPARE(model.index(0, ClipsModel::NameColumn).data().toString(), clips.first().name);
        QCOMPARE(model.index(0, ClipsModel::DurationColumn).data(SortRole).toDouble(), clips.first().frameCount / 24.0);
        QCOMPARE(fps.data(Qt::ForegroundRole).value<QBrush>().color(), QColor(0x80, 0x80, 0x80));
        QVERIFY(fps.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Not stored in BPSM files")));
        QVERIFY(!fps.data(Qt::EditRole).isValid());
        QVERIFY(!model.index(0, ClipsModel::LoopsColumn).data(Qt::CheckStateRole).isValid());
        QVERIFY(!(model.flags(model.index(0, ClipsModel::NameColumn)) & Qt::ItemIsEditable));
        QVERIFY(!model.setData(model.index(0, ClipsModel::NameColumn), QStringLiteral("renamed")));
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
