// ClipsModel under QAbstractItemModelTester: opening, switching and closing files.
#include "ModelTestSupport.h"
#include "models/ClipsModel.h"

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
        QCOMPARE(model.columnCount(), int(ClipsModel::NoOfColumns));
        QCOMPARE(model.index(1, ClipsModel::NameColumn).data().toString(), QStringLiteral("jab"));
        QCOMPARE(model.index(0, ClipsModel::FramesColumn).data().toInt(), 4);
        context.setCurrentClip(1);
        QVERIFY(context.open(modeltest::otherFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), 2);
        context.close();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(tst_ClipsModel)
#include "tst_ClipsModel.moc"
