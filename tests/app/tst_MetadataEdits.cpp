// Edits that change metadata only (a clip rename, fps, loops, a socket) say so (DocumentChanges):
// the document is written into memory once per edit, the viewport keeps its palette texture
// (no upload) and the quick checks stay table checks. Also timed end to end on a large file in
// the window (the edit, the panels, the viewport's next frame), printed for
// docs/performance.md (no timed assertions).
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "editing/ClipCommands.h"
#include "editing/SocketCommands.h"
#include "editing/DocumentSession.h"
#include "viewport/ViewportCanvas.h"
#include "viewport/ViewportWidget.h"

#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <algorithm>

using namespace bpat;
using namespace bpat::studio;

namespace {
constexpr quint32 kBones = 64;
constexpr quint32 kClips = 8;
constexpr quint32 kFramesPerClip = 2000; // 16,000 frames x 64 bones x 64 bytes = 65.5 MB of palette

QByteArray largeFileBytes()
{
    BpatDocument doc(0, kBones);
    for (quint32 c = 0; c < kClips; ++c)
        doc.addClip(testdocs::makeClip(QStringLiteral("clip_%1").arg(c), kFramesPerClip, kBones, 30.0f, true, float(c)));
    return BpatWriter(doc).toBytes();
}
} // namespace

class tst_MetadataEdits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void metadataEditsKeepThePaletteOnTheGpu();
    void renameOnALargeFileIsTimed();

private:
    QTemporaryDir m_dir;
};

void tst_MetadataEdits::metadataEditsKeepThePaletteOnTheGpu()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString path = m_dir.filePath(QStringLiteral("small.bpat"));
    {
        QFile file(path);
        const QByteArray bytes = testdocs::smallFileBytes();
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(bytes), bytes.size());
    }
    MainWindow window;
    window.context()->setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    StudioContext *context = window.context();
    DocumentSession *session = context->session();
    QCOMPARE(context->lastChanges(), AllDocumentChanges);
    auto *viewport = window.findChild<ViewportWidget *>();
    QVERIFY(viewport);
    ViewportCanvas *canvas = viewport->canvas();
    if (!canvas)
        QSKIP(qPrintable(QStringLiteral("no OpenGL here (run under xvfb-run): ") + viewport->unavailableReason()));
    canvas->repaint();
    const int uploads = canvas->paletteUploads();
    QVERIFY(uploads >= 1);
    const quint32 texture = canvas->paletteTextureId();
    const int serializations = session->serializations();

    // The first edit after opening writes the whole file (what was read from disk may hold
    // bytes the writer would not produce); no upload, the new name in the panels and viewport.
    QVERIFY(session->execute(new RenameClipCommand(session, 0, QStringLiteral("stand"))));
    QCOMPARE(session->serializations(), serializations + 1);
    QCOMPARE(context->lastChanges(), DocumentChanges(DocumentChange::Metadata));
    canvas->repaint();
    QCOMPARE(canvas->paletteUploads(), uploads);
    QCOMPARE(canvas->paletteTextureId(), texture);
    QCOMPARE(context->clipEntries().at(0).name, QStringLiteral("stand"));
    QCOMPARE(canvas->scene().source().clips.at(0).name, QStringLiteral("stand"));

    // Later renames, fps and loops, undo and redo: the header and tables only, spliced before
    // the palette of the last version, byte for byte what writing the whole file gives.
    const int tableWrites = session->tableWrites();
    QVERIFY(session->execute(new RenameClipCommand(session, 0, QStringLiteral("still"))));
    QVERIFY(session->execute(new SetClipFpsCommand(session, 1, 60.0f)));
    QVERIFY(session->execute(new SetClipLoopsCommand(session, 1, true)));
    session->undoStack()->undo();
    session->undoStack()->redo();
    canvas->repaint();
    QCOMPARE(session->serializations(), serializations + 1);
    QCOMPARE(session->tableWrites(), tableWrites + 5);
    QCOMPARE(canvas->paletteUploads(), uploads);
    QCOMPARE(canvas->scene().source().clips.at(1).fps, 60.0f);
    QCOMPARE(context->file().bytes().toByteArray(), BpatWriter(*session->document()).toBytes());
    QVERIFY(!hasErrors(context->diagnostics()));

    // A socket moved: its rows are uploaded again, the palette is not.
    QVERIFY(session->execute(new SetSocketOffsetCommand(session, 0, QVector3D(0.0f, 0.2f, 0.0f), QStringLiteral("hand"))));
    QCOMPARE(context->lastChanges(), DocumentChanges(DocumentChange::Metadata) | DocumentChange::Sockets);
    canvas->repaint();
    QCOMPARE(canvas->paletteUploads(), uploads);
    QCOMPARE(session->serializations(), serializations + 2); // socket rows: the whole file

    // Removing a clip changes the frames: the palette goes up again.
    QVERIFY(session->execute(new RemoveClipCommand(session, 1)));
    QVERIFY(context->lastChanges().testFlag(DocumentChange::Palette));
    // A synchronous repaint() can be skipped while the X server is busy (seen under load):
    // let the event loop paint until the upload is there.
    canvas->update();
    QTRY_COMPARE(canvas->paletteUploads(), uploads + 1);
}

void tst_MetadataEdits::renameOnALargeFileIsTimed()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString path = m_dir.filePath(QStringLiteral("large.bpat"));
    {
        QFile file(path);
        const QByteArray bytes = largeFileBytes();
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(bytes), bytes.size());
    }
    MainWindow window;
    window.context()->setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *viewport = window.findChild<ViewportWidget *>();
    QVERIFY(viewport);
    ViewportCanvas *canvas = viewport->canvas();
    if (canvas)
        canvas->repaint(); // the first upload, before the clock starts
    DocumentSession *session = window.context()->session();
    QVERIFY(session->document()); // the one copy into an editable document, not timed
    const int uploads = canvas ? canvas->paletteUploads() : 0;
    QList<double> ms;
    for (int i = 0; i < 6; ++i) {
        QElapsedTimer timer;
        timer.start();
        QVERIFY(session->execute(new RenameClipCommand(session, 0, QStringLiteral("renamed_%1").arg(i))));
        QCoreApplication::processEvents();
        if (canvas)
            canvas->repaint();
        ms.append(timer.nsecsElapsed() / 1.0e6);
    }
    QCOMPARE(window.context()->clipEntries().at(0).name, QStringLiteral("renamed_5"));
    if (canvas)
        QCOMPARE(canvas->paletteUploads(), uploads); // none for the renames
    std::sort(ms.begin(), ms.end());
    qInfo(
        "rename of one clip in a %.1f MB file (%u frames x %u bones), edit to next viewport frame: median %.1f ms, min %.1f ms%s",
        double(QFileInfo(path).size()) / 1.0e6, kClips * kFramesPerClip, kBones, (ms.at(2) + ms.at(3)) / 2.0, ms.first(),
        canvas ? "" : " (no OpenGL: viewport not drawn)");
}

QTEST_MAIN(tst_MetadataEdits)
#include "tst_MetadataEdits.moc"
