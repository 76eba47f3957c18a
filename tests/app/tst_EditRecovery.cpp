// Unsaved edits outlive the process (issue 38: a freeze that had to be killed lost a marker
// edit). Each edit's bytes are written aside at once (editing/EditRecovery) and the record goes
// when the edits are saved, undone back to the saved state or the window closes normally; what
// a process that ended otherwise left is recovered into the file it was made on as one
// undoable step.
#include "editing/EditActions.h"
#include "MainWindow.h"
#include "ModelTestSupport.h"
#include "StudioContext.h"
#include "editing/ClipCommands.h"
#include "editing/DocumentSession.h"
#include "editing/EditRecovery.h"
#include "bpat/BpatWriter.h"
#include "io/AtomicFile.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_EditRecovery : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    static QList<EditRecovery::Record> recordsOf(const QString &path, bool own)
    {
        QList<EditRecovery::Record> out;
        for (const EditRecovery::Record &r : EditRecovery::leftovers(own)) {
            if (QFileInfo(r.original) == QFileInfo(path))
                out.append(r);
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests-editrecovery"));
        QDir(EditRecovery::recoveryFolder()).removeRecursively();
    }

    void everyEditIsWrittenAside()
    {
        const QString path = modeltest::smallFile(m_dir);
        const QByteArray original = [&] {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        {
            MainWindow window;
            window.setInteractive(false);
            QVERIFY(window.openFile(path));
            DocumentSession *session = window.context()->session();
            EditRecovery *recovery = window.editActions()->recovery();
            QVERIFY(recordsOf(path, true).isEmpty());
            QVERIFY(session->execute(new RenameClipCommand(session, 0, QStringLiteral("breathe"))));
            recovery->waitForWrites();
            QList<EditRecovery::Record> records = recordsOf(path, true);
            QCOMPARE(records.size(), 1);
            QVERIFY(recordsOf(path, false).isEmpty()); // this process runs: not a leftover
            const QByteArray kept = EditRecovery::read(records.first());
            QCOMPARE(kept, window.context()->file().bytes().toByteArray());
            QCOMPARE(BpatFile::fromData(kept).clips().at(0).name, QStringLiteral("breathe"));
            // Undone back to the file on disk: nothing to recover.
            session->undoStack()->undo();
            recovery->waitForWrites();
            QVERIFY(recordsOf(path, true).isEmpty());
            session->undoStack()->redo();
            recovery->waitForWrites();
            QCOMPARE(recordsOf(path, true).size(), 1);
            // Saved: nothing to recover.
            QVERIFY(session->save());
            recovery->waitForWrites();
            QVERIFY(recordsOf(path, true).isEmpty());
            QVERIFY(session->execute(new RenameClipCommand(session, 0, QStringLiteral("rest"))));
            recovery->waitForWrites();
            QCOMPARE(recordsOf(path, true).size(), 1);
        }
        // The window closed normally (its edits answered for): the record goes with it.
        QVERIFY(recordsOf(path, true).isEmpty());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(original); // as it was for the next test
    }

    void whatAKilledProcessLeftIsRecovered()
    {
        const QString path = modeltest::smallFile(m_dir);
        // The record a process that was killed left: its edit of clip 0's name.
        auto doc = BpatDocument::fromFile(*BpatFile::open(path));
        QVERIFY(doc);
        doc->clip(0).name = QStringLiteral("recovered");
        const QByteArray bytes = BpatWriter(*doc).toBytes();
        QDir().mkpath(EditRecovery::recoveryFolder());
        const QString bytesPath = EditRecovery::recoveryFolder() + QStringLiteral("/0123456789abcdef-999999999.bpat");
        QString error;
        QVERIFY(AtomicFile::write(bytesPath, bytes, &error));
        const QJsonObject record{{QStringLiteral("original"), path},
                                 {QStringLiteral("bytes"), QFileInfo(bytesPath).fileName()},
                                 {QStringLiteral("size"), bytes.size()},
                                 {QStringLiteral("pid"), 999999999}, // no such process
                                 {QStringLiteral("written"), QDateTime::currentDateTime().toString(Qt::ISODate)}};
        QVERIFY(AtomicFile::write(EditRecovery::recoveryFolder() + QStringLiteral("/0123456789abcdef-999999999.recovery.json"),
                                  QJsonDocument(record).toJson(), &error));

        const QList<EditRecovery::Record> left = recordsOf(path, false);
        QCOMPARE(left.size(), 1);
        MainWindow window;
        window.setInteractive(false);
        QVERIFY2(window.editActions()->recover(left.first(), &error), qPrintable(error));
        StudioContext *context = window.context();
        QCOMPARE(QFileInfo(context->filePath()), QFileInfo(path));
        QCOMPARE(context->file().clips().at(0).name, QStringLiteral("recovered"));
        DocumentSession *session = context->session();
        QVERIFY(session->isModified());
        QCOMPARE(session->undoStack()->undoText(), QStringLiteral("Recover unsaved edits"));
        QVERIFY(recordsOf(path, false).isEmpty()); // the leftover is taken over
        window.editActions()->recovery()->waitForWrites();
        QCOMPARE(recordsOf(path, true).size(), 1); // and kept by this process now
        // Undo gives back the file on disk.
        session->undoStack()->undo();
        QVERIFY(!session->isModified());
        QCOMPARE(context->file().clips().at(0).name, QStringLiteral("idle"));
        // A record whose bytes are cut short is refused with the reason.
        EditRecovery::Record broken = left.first();
        QVERIFY(AtomicFile::write(broken.bytesPath, bytes.left(100), &error));
        broken.size = bytes.size();
        QVERIFY(EditRecovery::read(broken, &error).isEmpty());
        QVERIFY2(error.contains(u"record says"), qPrintable(error));
        EditRecovery::remove(broken);
    }
};

QTEST_MAIN(tst_EditRecovery)
#include "tst_EditRecovery.moc"
