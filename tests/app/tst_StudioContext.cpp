// The shared context: open, reload keeping the clip and frame when a baker rewrites the file
// (atomically or in place), a file truncated underneath while mapped, a file deleted.
#include "MainWindow.h"
#include "PanelDocks.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "models/ClipsModel.h"
#include "models/PaletteModel.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_StudioContext : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void openSelectsTheFirstClip();
    void rebakedFileShowsTheRecipeBoneNames();
    void reloadKeepsClipAndFrame();
    void rewrittenFileIsReloadedByTheWindow();
    void rewrittenInPlaceIsReloaded();
    void truncatedUnderneathDoesNotCrash();
    void deletedFileKeepsWhatWasRead();

private:
    static BpatDocument document(float fps, int extraClips);
    QString save(const BpatDocument &doc, const QString &name);
    QTemporaryDir m_dir;
};

void tst_StudioContext::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
}

// Clips a (8 frames), b (30 frames), then `extraClips` more; 4 bones; large enough palettes
// to span several pages.
BpatDocument tst_StudioContext::document(float fps, int extraClips)
{
    BpatDocument doc(0, 4);
    doc.addClip(testdocs::makeClip(QStringLiteral("a"), 8, 4, fps, true));
    doc.addClip(testdocs::makeClip(QStringLiteral("b"), 30, 4, fps, false));
    for (int i = 0; i < extraClips; ++i)
        doc.addClip(testdocs::makeClip(QStringLiteral("extra%1").arg(i), 200, 4, fps, true));
    doc.addSocket({QStringLiteral("hand"), 3, QVector3D(0.0f, 0.1f, 0.0f)});
    return doc;
}

QString tst_StudioContext::save(const BpatDocument &doc, const QString &name)
{
    const QString path = m_dir.filePath(name);
    QString error;
    if (!BpatWriter(doc).save(path, &error))
        qWarning("%s", qPrintable(error));
    return path;
}

void tst_StudioContext::rebakedFileShowsTheRecipeBoneNames()
{
    // The `hands` recipe writes species 0 with 53 bones: the viewport named them from the
    // recipe's rig, the Palette panel said "bone 1".
    BpatDocument doc(0, 53);
    doc.addClip(testdocs::makeClip(QStringLiteral("take"), 2, 53, 30.0f, true));
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(save(doc, QStringLiteral("hands.bpat"))) != StudioContext::OpenResult::Failed);
    QCOMPARE(context.boneName(0), QStringLiteral("Head"));
    QCOMPARE(context.boneName(1), QStringLiteral("L_Wrist"));
}

void tst_StudioContext::openSelectsTheFirstClip()
{
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QSignalSpy loaded(&context, &StudioContext::fileLoaded);
    QCOMPARE(context.open(save(document(24.0f, 0), QStringLiteral("open.bpat"))), StudioContext::OpenResult::Opened);
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(context.currentClip(), 0);
    QCOMPARE(context.frameCount(), 8);
    QCOMPARE(context.boneName(1), QStringLiteral("bone 1")); // 4 bones: no built-in rig
    QCOMPARE(context.open(m_dir.filePath(QStringLiteral("missing.bpat"))), StudioContext::OpenResult::Failed);
    QVERIFY(!context.lastError().isEmpty());
    QVERIFY(context.hasFile()); // the previous file stays open
}

void tst_StudioContext::reloadKeepsClipAndFrame()
{
    const QString path = save(document(24.0f, 0), QStringLiteral("reload.bpat"));
    StudioContext context;
    context.setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    QVERIFY(context.open(path) == StudioContext::OpenResult::Opened);
    context.setCurrentClip(1);
    context.setCurrentFrame(17);
    // The baker inserts a clip before "b": "b" is found again by name.
    BpatDocument changed(0, 4);
    changed.addClip(testdocs::makeClip(QStringLiteral("a"), 8, 4, 24.0f, true));
    changed.addClip(testdocs::makeClip(QStringLiteral("new"), 5, 4, 24.0f, true));
    changed.addClip(testdocs::makeClip(QStringLiteral("b"), 30, 4, 24.0f, false));
    save(changed, QStringLiteral("reload.bpat"));
    QSignalSpy reloaded(&context, &StudioContext::fileReloaded);
    QVERIFY(context.reload() == StudioContext::OpenResult::Opened);
    QCOMPARE(reloaded.count(), 1);
    QCOMPARE(context.file().clips().size(), 3);
    QCOMPARE(context.currentClip(), 2);
    QCOMPARE(context.currentFrame(), 17);
}

void tst_StudioContext::rewrittenFileIsReloadedByTheWindow()
{
    const QString path = save(document(24.0f, 0), QStringLiteral("watched.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    window.context()->setCurrentClip(1);
    window.context()->setCurrentFrame(9);
    QCOMPARE(window.panels()->clipsModel()->rowCount(), 2);
    QSignalSpy reloaded(window.context(), &StudioContext::fileReloaded);
    save(document(30.0f, 2), QStringLiteral("watched.bpat")); // QSaveFile: atomic replace
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 1, 5000);
    QCOMPARE(window.panels()->clipsModel()->rowCount(), 4);
    QCOMPARE(window.context()->currentClip(), 1);
    QCOMPARE(window.context()->currentFrame(), 9);
    QCOMPARE(window.context()->file().clips().at(1).fps, 30.0f);
    // The path is watched again after the replace: a second rewrite reloads too.
    save(document(12.0f, 1), QStringLiteral("watched.bpat"));
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 2, 5000);
    QCOMPARE(window.panels()->clipsModel()->rowCount(), 3);
    QCOMPARE(window.context()->currentFrame(), 9);
}

void tst_StudioContext::rewrittenInPlaceIsReloaded()
{
    const QString path = save(document(24.0f, 0), QStringLiteral("inplace.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    QSignalSpy reloaded(window.context(), &StudioContext::fileReloaded);
    const QByteArray bytes = BpatWriter(document(48.0f, 1)).toBytes();
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate)); // same inode
    file.write(bytes);
    file.close();
    QTRY_VERIFY_WITH_TIMEOUT(reloaded.count() >= 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(window.panels()->clipsModel()->rowCount(), 3, 5000);
    QCOMPARE(window.context()->file().clips().at(0).fps, 48.0f);
}

void tst_StudioContext::truncatedUnderneathDoesNotCrash()
{
    const QString path = save(document(24.0f, 3), QStringLiteral("truncated.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    StudioContext *context = window.context();
    QVERIFY(context->file().fileSize() > 3 * 4096);
    context->setCurrentClip(4); // the last clip: its palette lies in the last pages
    context->setCurrentFrame(150);
    PaletteModel *palette = window.panels()->paletteModel();
    QCOMPARE(palette->check(0), PaletteModel::Check::Ok);

    // Another process truncates the file in place: the mapping's tail pages are gone.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.resize(200));
    file.close();
    // Reading the palette now would raise SIGBUS; the guard turns it into zeros and a stale flag.
    QVERIFY(context->loadedFile()->file.fileSize() > 200);
    const auto values = palette->values(0);
    QVERIFY(values);
    QCOMPARE((*values)[15], 0.0f);
    QVERIFY(context->loadedFile()->isStale());
    // The context notices and reloads the short file: what can be read, plus its errors.
    QVERIFY(context->checkStale());
    QCOMPARE(context->file().fileSize(), quint64(200));
    QVERIFY(countDiagnostics(context->diagnostics()).errors > 0);
    QCOMPARE(palette->check(0), PaletteModel::Check::NotInFile);
}

void tst_StudioContext::deletedFileKeepsWhatWasRead()
{
    const QString path = save(document(24.0f, 0), QStringLiteral("deleted.bpat"));
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    QVERIFY(QFile::remove(path));
    QTest::qWait(600);
    // The mapping of the deleted inode stays readable; the window keeps showing it.
    QVERIFY(window.context()->hasFile());
    QCOMPARE(window.panels()->clipsModel()->rowCount(), 2);
    QCOMPARE(window.panels()->paletteModel()->check(0), PaletteModel::Check::Ok);
}

QTEST_MAIN(tst_StudioContext)
#include "tst_StudioContext.moc"
