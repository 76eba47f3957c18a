// The Contacts table's model (ContactsModel) under QAbstractItemModelTester: its rows follow the
// current clip and the file (a clip change, another file, a close), its columns the rig's feet;
// heights in metres with the planted cells tinted; a metadata edit keeps the contacts.
#include "models/ContactsModel.h"

#include "ModelTestSupport.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "Theme.h"
#include "document/ClipContacts.h"
#include "editing/ClipCommands.h"
#include "editing/DocumentSession.h"
#include "models/ModelRoles.h"
#include "motion/FootContacts.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSignalSpy>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_ContactsModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsClipAndFile()
    {
        const QString humanoid = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        const QString horse = QStringLiteral("upstream_assets/bpat_v3_late/horse.bpat");
        BPAT_REQUIRE_SHARED(humanoid);
        BPAT_REQUIRE_SHARED(horse);
        StudioContext context;
        ClipContacts contacts(&context);
        ContactsModel model(&context, &contacts);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(context.open(testpaths::shared(humanoid)) != StudioContext::OpenResult::Failed);
        context.setCurrentClipByName(QStringLiteral("run"));
        QCOMPARE(model.rowCount(), int(context.file().clips().at(context.currentClip()).frameCount));
        QCOMPARE(model.footCount(), 2);
        QCOMPARE(model.columnCount(), ContactsModel::FirstFootColumn + 3);
        // Heights in metres, the planted ones tinted; time in seconds at the clip's fps.
        const auto current = contacts.current();
        for (int f = 0; f < model.rowCount(); ++f) {
            const QModelIndex cell = model.index(f, ContactsModel::FirstFootColumn);
            QCOMPARE(cell.data().toString(), QString::number(double(current->feet().at(0).height.at(f)), 'f', 4));
            const QBrush tint = cell.data(Qt::BackgroundRole).value<QBrush>();
            QCOMPARE(tint.style() != Qt::NoBrush, current->isPlanted(0, quint32(f)));
            if (tint.style() != Qt::NoBrush)
                QCOMPARE(tint.color().rgb(), Theme::plantedColor().rgb());
        }
        QCOMPARE(model.index(12, ContactsModel::TimeColumn).data().toString(), QStringLiteral("0.500")); // 24 fps
        QCOMPARE(model.index(3, ContactsModel::FrameColumn).data(SortRole).toInt(), 3);
        // A rename keeps the same contacts; another clip or file makes new ones.
        QSignalSpy changed(&contacts, &ClipContacts::changed);
        DocumentSession *session = context.session();
        QVERIFY(session->execute(new RenameClipCommand(session, context.currentClip(), QStringLiteral("run_2"))));
        QCOMPARE(changed.size(), 0);
        QCOMPARE(contacts.current(), current);
        context.setCurrentClipByName(QStringLiteral("walk"));
        QCOMPARE(changed.size(), 1);
        QVERIFY(context.open(testpaths::shared(horse)) != StudioContext::OpenResult::Failed);
        QCOMPARE(model.footCount(), 4);
        QCOMPARE(model.headerData(model.plantedColumn(), Qt::Horizontal).toString(), QStringLiteral("Planted"));
        context.close();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), ContactsModel::FirstFootColumn + 1);
    }
};

QTEST_MAIN(tst_ContactsModel)
#include "tst_ContactsModel.moc"
