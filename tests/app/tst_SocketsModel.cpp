// SocketsModel under QAbstractItemModelTester: a file with sockets, one without, none.
#include "ModelTestSupport.h"
#include "models/SocketsModel.h"

#include <QAbstractItemModelTester>
#include <QtTest/QTest>

using namespace bpat::studio;

class tst_SocketsModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsTheOpenFile()
    {
        QTemporaryDir dir;
        StudioContext context;
        SocketsModel model(&context);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(context.open(modeltest::smallFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(SocketsModel::NoOfColumns));
        QCOMPARE(model.index(0, SocketsModel::NameColumn).data().toString(), QStringLiteral("hand"));
        QVERIFY(context.open(modeltest::otherFile(dir)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.rowCount(), 0);
        context.close();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(tst_SocketsModel)
#include "tst_SocketsModel.moc"
