// Editing through DocumentSession: every command changes the file and undo restores exactly the
// bytes from before (redo the bytes after); refused edits change nothing and leave no history;
// saving round trips, an unedited file saves byte-identical, an invalid document is not written.
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "TestPaths.h"
#include "editing/ClipCommands.h"
#include "editing/DocumentSession.h"
#include "editing/SocketCommands.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest/QtTest>
#include <functional>
#include <limits>

using namespace bpat;
using namespace bpat::studio;

using MakeCommand = std::function<DocumentCommand *(DocumentSession *)>;
Q_DECLARE_METATYPE(MakeCommand)

class tst_DocumentSession : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void eachCommandUndoesExactly_data();
    void eachCommandUndoesExactly();
    void socketUndoKeepsStoredRowsOfARealFile();
    void undoTextsDescribeTheEdit();
    void refusedEditsChangeNothing_data();
    void refusedEditsChangeNothing();
    void offsetEditsMerge();
    void saveRoundTrips();
    void uneditedSaveIsByteIdentical();
    void invalidDocumentIsNotSaved();
    void nonFiniteValuesAreNotSaved();
    void openingAnotherFileDropsTheHistory();

private:
    QString writeFile(const QByteArray &bytes, const QString &name);
    static QByteArray shown(const StudioContext &context) { return context.file().bytes().toByteArray(); }
    QTemporaryDir m_dir;
};

QString tst_DocumentSession::writeFile(const QByteArray &bytes, const QString &name)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void tst_DocumentSession::eachCommandUndoesExactly_data()
{
    QTest::addColumn<MakeCommand>("make");
    auto row = [](const char *name, MakeCommand make) { QTest::newRow(name) << make; };
    row("rename", [](DocumentSession *s) { return new RenameClipCommand(s, 0, QStringLiteral("breathe")); });
    row("fps", [](DocumentSession *s) { return new SetClipFpsCommand(s, 1, 60.0f); });
    row("loops", [](DocumentSession *s) { return new SetClipLoopsCommand(s, 0, false); });
    row("remove first", [](DocumentSession *s) { return new RemoveClipCommand(s, 0); });
    row("remove last", [](DocumentSession *s) { return new RemoveClipCommand(s, 1); });
    row("move", [](DocumentSession *s) { return new MoveClipCommand(s, 1, 0); });
    row("duplicate", [](DocumentSession *s) { return new DuplicateClipCommand(s, 0); });
    row("trim", [](DocumentSession *s) { return new TrimClipCommand(s, 0, 1, 2); });
    row("split", [](DocumentSession *s) { return new SplitClipCommand(s, 0, 3); });
    row("import", [](DocumentSession *s) {
        return new ImportClipsCommand(s, testdocs::smallDocument(false), {1, 0}, QStringLiteral("other.bpat"));
    });
    row("add socket", [](DocumentSession *s) {
        return addSocketCommand(s, {QStringLiteral("tail"), 0, QVector3D(0.0f, 0.0f, -0.3f)});
    });
    row("remove socket", [](DocumentSession *s) { return removeSocketCommand(s, 0, QStringLiteral("hand")); });
    row("rename socket",
        [](DocumentSession *s) { return renameSocketCommand(s, 1, QStringLiteral("head"), QStringLiteral("hat")); });
    row("anchor",
        [](DocumentSession *s) { return setSocketAnchorCommand(s, 0, QStringLiteral("hand"), 0, QStringLiteral("bone 0")); });
    row("offset",
        [](DocumentSession *s) { return new SetSocketOffsetCommand(s, 1, QVector3D(0.2f, 0.0f, 0.1f), QStringLiteral("head")); });
}

void tst_DocumentSession::eachCommandUndoesExactly()
{
    QFETCH(MakeCommand, make);
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(writeFile(testdocs::smallFileBytes(), QStringLiteral("small.bpat")))
            == StudioContext::OpenResult::Opened);
    DocumentSession *session = context.session();
    const QByteArray before = shown(context);
    QString error;
    QVERIFY2(session->execute(make(session), &error), qPrintable(error));
    const QByteArray after = shown(context);
    QVERIFY(after != before);
    QVERIFY(session->isModified());
    QCOMPARE(session->undoStack()->count(), 1);
    session->undoStack()->undo();
    QCOMPARE(shown(context), before);
    QVERIFY(!session->isModified());
    session->undoStack()->redo();
    QCOMPARE(shown(context), after);
    session->undoStack()->undo();
    QCOMPARE(shown(context), before);
}

void tst_DocumentSession::socketUndoKeepsStoredRowsOfARealFile()
{
    const QString asset = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid_sword.bpat");
    BPAT_REQUIRE_SHARED(asset);
    QFile original(testpaths::shared(asset));
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray bytes = original.readAll();
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(writeFile(bytes, QStringLiteral("sword.bpat"))) != StudioContext::OpenResult::Failed);
    QVERIFY(context.file().sockets().size() > 0);
    DocumentSession *session = context.session();
    QVERIFY(session->execute(new SetSocketOffsetCommand(session, 0, QVector3D(0.0f, 0.5f, 0.0f), QStringLiteral("s"))));
    QVERIFY(session->execute(addSocketCommand(session, {QStringLiteral("extra"), 1, QVector3D()})));
    QVERIFY(shown(context) != bytes);
    session->undoStack()->setIndex(0);
    QCOMPARE(shown(context), bytes); // the socket rows the file stored, not recomputed ones
}

void tst_DocumentSession::undoTextsDescribeTheEdit()
{
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(writeFile(testdocs::smallFileBytes(), QStringLiteral("texts.bpat")))
            == StudioContext::OpenResult::Opened);
    DocumentSession *session = context.session();
    QVERIFY(session->execute(new RenameClipCommand(session, 0, QStringLiteral("breathe"))));
    QCOMPARE(session->undoStack()->undoText(), QStringLiteral("Rename clip 'idle' to 'breathe'"));
    QVERIFY(session->execute(new SetClipLoopsCommand(session, 1, true)));
    QCOMPARE(session->undoStack()->undoText(), QStringLiteral("Make clip 'jab' loop"));
    QVERIFY(session->execute(new DuplicateClipCommand(session, 1)));
    QCOMPARE(session->undoStack()->undoText(), QStringLiteral("Duplicate clip 'jab' as 'jab_copy'"));
    QVERIFY(session->execute(new SplitClipCommand(session, 0, 2)));
    QCOMPARE(session->undoStack()->undoText(), QStringLiteral("Split clip 'breathe' at frame 2 into 'breathe' and 'breathe_b'"));
    // The panels read the edited file.
    QCOMPARE(context.file().clips().size(), 4);
    QCOMPARE(context.file().clips().at(1).name, QStringLiteral("breathe_b"));
    QCOMPARE(context.currentClip(), 0);
}

void tst_DocumentSession::refusedEditsChangeNothing_data()
{
    QTest::addColumn<MakeCommand>("make");
    QTest::addColumn<QString>("reason");
    auto row = [](const char *name, MakeCommand make, const char *reason) {
        QTest::newRow(name) << make << QString::fromLatin1(reason);
    };
    row(
        "duplicate name", [](DocumentSession *s) { return new RenameClipCommand(s, 0, QStringLiteral("jab")); },
        "already exists");
    row(
        "empty name", [](DocumentSession *s) { return new RenameClipCommand(s, 0, QString()); }, "cannot be empty");
    row(
        "zero fps", [](DocumentSession *s) { return new SetClipFpsCommand(s, 0, 0.0f); }, "fps");
    row(
        "trim outside", [](DocumentSession *s) { return new TrimClipCommand(s, 1, 0, 5); }, "not inside");
    row(
        "split at 0", [](DocumentSession *s) { return new SplitClipCommand(s, 0, 0); }, "at least one frame");
    row(
        "anchor outside",
        [](DocumentSession *s) { return setSocketAnchorCommand(s, 0, QStringLiteral("hand"), 7, QStringLiteral("bone 7")); },
        "outside the rig");
    row(
        "socket name taken",
        [](DocumentSession *s) { return renameSocketCommand(s, 0, QStringLiteral("hand"), QStringLiteral("head")); },
        "already exists");
    row(
        "other rig",
        [](DocumentSession *s) {
            BpatDocument four(0, 4);
            four.addClip(testdocs::makeClip(QStringLiteral("walk"), 3, 4, 24.0f, true));
            return new ImportClipsCommand(s, four, {}, QStringLiteral("four.bpat"));
        },
        "bone counts differ");
}

void tst_DocumentSession::refusedEditsChangeNothing()
{
    QFETCH(MakeCommand, make);
    QFETCH(QString, reason);
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(writeFile(testdocs::smallFileBytes(), QStringLiteral("refuse.bpat")))
            == StudioContext::OpenResult::Opened);
    DocumentSession *session = context.session();
    const QByteArray before = shown(context);
    QSignalSpy refused(session, &DocumentSession::refused);
    QString error;
    QVERIFY(!session->execute(make(session), &error));
    QVERIFY2(error.contains(reason), qPrintable(error));
    QCOMPARE(refused.count(), 1);
    QCOMPARE(session->undoStack()->count(), 0);
    QVERIFY(!session->isModified());
    QCOMPARE(shown(context), before);
}

void tst_DocumentSession::offsetEditsMerge()
{
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(writeFile(testdocs::smallFileBytes(), QStringLiteral("merge.bpat")))
            == StudioContext::OpenResult::Opened);
    DocumentSession *session = context.session();
    const QByteArray before = shown(context);
    for (int i = 1; i <= 5; ++i)
        QVERIFY(
            session->execute(new SetSocketOffsetCommand(session, 0, QVector3D(0.1f * float(i), 0, 0), QStringLiteral("hand"))));
    QCOMPARE(session->undoStack()->count(), 1);
    QCOMPARE(context.file().sockets().at(0).localOffset, QVector3D(0.5f, 0, 0));
    // The socket rows follow the offset at once (what the viewport draws).
    const QMatrix4x4 expected = context.file().matrix(0, 0, 2) * QMatrix4x4(1, 0, 0, 0.5f, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    const QMatrix4x4 socket = context.file().socketMatrix(0, 0, 0);
    QVERIFY(qFuzzyCompare(socket.column(3), expected.column(3)));
    session->undoStack()->undo();
    QCOMPARE(shown(context), before);
}

void tst_DocumentSession::saveRoundTrips()
{
    const QString path = writeFile(testdocs::smallFileBytes(), QStringLiteral("roundtrip.bpat"));
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(path) == StudioContext::OpenResult::Opened);
    DocumentSession *session = context.session();
    QVERIFY(session->execute(new RenameClipCommand(session, 1, QStringLiteral("punch"))));
    QVERIFY(session->execute(new SplitClipCommand(session, 0, 1)));
    QVERIFY(session->execute(addSocketCommand(session, {QStringLiteral("tail"), 0, QVector3D(0, 0, -1)})));
    const QByteArray edited = shown(context);
    QSignalSpy saved(session, &DocumentSession::saved);
    QString error;
    QVERIFY2(session->save(&error), qPrintable(error));
    QCOMPARE(saved.count(), 1);
    QVERIFY(!session->isModified());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), edited);
    // Save As moves the open file; the first one stays as it was.
    const QString copy = m_dir.filePath(QStringLiteral("roundtrip-copy.bpat"));
    QVERIFY(session->execute(new RemoveClipCommand(session, 0)));
    QVERIFY(session->saveAs(copy, &error));
    QCOMPARE(context.filePath(), QFileInfo(copy).absoluteFilePath());
    StudioContext reopened;
    reopened.setProfile(bpat::ValidationProfile::Spec);
    QVERIFY(reopened.open(copy) == StudioContext::OpenResult::Opened);
    QCOMPARE(shown(reopened), shown(context));
    QCOMPARE(reopened.file().clips().size(), 2);
    file.seek(0);
    QCOMPARE(file.readAll(), edited);
    QVERIFY(session->isOwnWrite(copy));
}

void tst_DocumentSession::uneditedSaveIsByteIdentical()
{
    QList<QByteArray> files{testdocs::smallFileBytes(), testdocs::smallFileBytes(false)};
    const QString asset = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid_sword.bpat");
    QFile real(testpaths::shared(asset));
    if (real.open(QIODevice::ReadOnly))
        files.append(real.readAll());
    for (int i = 0; i < files.size(); ++i) {
        const QString path = writeFile(files.at(i), QStringLiteral("unedited%1.bpat").arg(i));
        StudioContext context;
        context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
        QVERIFY(context.open(path) != StudioContext::OpenResult::Failed);
        QString error;
        QVERIFY2(context.session()->save(&error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), files.at(i));
    }
}

void tst_DocumentSession::invalidDocumentIsNotSaved()
{
    // Two clips named "idle": the file opens (with errors), edits work, saving is refused.
    BpatDocument doc = testdocs::smallDocument();
    doc.clip(1).name = QStringLiteral("idle");
    BpatWriter writer(doc);
    writer.setAllowInvalid(true);
    const QByteArray bytes = writer.toBytes();
    QVERIFY(!bytes.isEmpty());
    const QString path = writeFile(bytes, QStringLiteral("invalid.bpat"));
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(path) != StudioContext::OpenResult::Failed);
    DocumentSession *session = context.session();
    QVERIFY(session->execute(new SetClipFpsCommand(session, 0, 12.0f)));
    QString error;
    QVERIFY(!session->save(&error));
    QVERIFY2(error.contains(QLatin1String("used twice")), qPrintable(error));
    QVERIFY(session->isModified());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), bytes);
    // Fixing the name makes it savable.
    QVERIFY(session->execute(new RenameClipCommand(session, 1, QStringLiteral("jab"))));
    QVERIFY2(session->save(&error), qPrintable(error));
}

// The app's save path checks what `bpat validate --deep` checks (issue 35): a NaN in a palette
// opens and edits, but is not saved; removing its clip makes the file savable.
void tst_DocumentSession::nonFiniteValuesAreNotSaved()
{
    BpatDocument doc = testdocs::smallDocument();
    doc.clip(1).palette[BpatClip::matrixIndex(1, 2, 3) + 5] = std::numeric_limits<float>::quiet_NaN();
    const QByteArray bytes = BpatWriter(doc).toBytes();
    QVERIFY(!bytes.isEmpty());
    const QString path = writeFile(bytes, QStringLiteral("nan.bpat"));
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(path) != StudioContext::OpenResult::Failed);
    DocumentSession *session = context.session();
    QVERIFY(session->execute(new SetClipFpsCommand(session, 0, 12.0f)));
    QString error;
    QVERIFY(!session->save(&error));
    QVERIFY2(error.contains(QLatin1String("NON_FINITE at palette[clip=jab,frame=1,bone=2]")), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), bytes);
    QVERIFY(session->execute(new RemoveClipCommand(session, 1)));
    QVERIFY2(session->save(&error), qPrintable(error));
}

void tst_DocumentSession::openingAnotherFileDropsTheHistory()
{
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(writeFile(testdocs::smallFileBytes(), QStringLiteral("a.bpat"))) == StudioContext::OpenResult::Opened);
    DocumentSession *session = context.session();
    QVERIFY(session->execute(new RemoveClipCommand(session, 0)));
    QVERIFY(context.open(writeFile(testdocs::smallFileBytes(false), QStringLiteral("b.bpat")))
            == StudioContext::OpenResult::Opened);
    QCOMPARE(session->undoStack()->count(), 0);
    QVERIFY(!session->hasDocument());
    QCOMPARE(context.file().clips().size(), 2);
    QCOMPARE(shown(context), testdocs::smallFileBytes(false));
}

QTEST_MAIN(tst_DocumentSession)
#include "tst_DocumentSession.moc"
