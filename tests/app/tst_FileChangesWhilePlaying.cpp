// The open file changes on disk while the main window plays it: truncated (the guarded mapping
// turns the lost pages into zeros and the context reloads the short file), replaced by an atomic
// rename, rewritten in place, deleted. The window must keep running (playback ticking, panels
// answering), and reload or report; each case runs under the real timer for a while.
#include "MainWindow.h"
#include "InspectorPanels.h"
#include "PlaybackClock.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "models/ClipsModel.h"
#include "models/PaletteModel.h"
#include "widgets/TimelineWidget.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

namespace {

// 4 bones, clips "walk" (400 frames: the palette spans many pages) and "jab".
BpatDocument document(float fps)
{
    BpatDocument doc(0, 4);
    doc.addClip(testdocs::makeClip(QStringLiteral("walk"), 400, 4, fps, true));
    doc.addClip(testdocs::makeClip(QStringLiteral("jab"), 30, 4, fps, false));
    doc.addSocket({QStringLiteral("hand"), 3, QVector3D(0.0f, 0.1f, 0.0f)});
    return doc;
}

bool rewriteInPlace(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Lets the window play for `ms`, touching the palette of the current frame the way the panels
// do on every frame change, and polling the stale flag like the window's timer.
void playFor(MainWindow &window, int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QTest::qWait(10);
        (void)window.panels()->paletteModel()->values(0);
        window.context()->checkStale();
    }
}

} // namespace

class tst_FileChangesWhilePlaying : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void truncated();
    void replacedByRename();
    void rewrittenInPlace();
    void deleted();

private:
    void openAndPlay(MainWindow &window);
    QTemporaryDir m_dir;
    QString m_path;
};

void tst_FileChangesWhilePlaying::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
}

void tst_FileChangesWhilePlaying::init()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("playing.bpat"));
    QString error;
    QVERIFY2(BpatWriter(document(24.0f)).save(m_path, &error), qPrintable(error));
}

void tst_FileChangesWhilePlaying::openAndPlay(MainWindow &window)
{
    window.setInteractive(false);
    window.show();
    QVERIFY(window.openFile(m_path));
    window.context()->setCurrentClip(0);
    window.context()->setCurrentFrame(350); // near the end of the palette
    PlaybackClock *clock = window.timeline()->clock();
    clock->setSpeed(4.0);
    clock->play();
    QVERIFY(clock->isPlaying());
    playFor(window, 150);
}

void tst_FileChangesWhilePlaying::truncated()
{
    MainWindow window;
    openAndPlay(window);
    QSignalSpy loaded(window.context(), &StudioContext::fileLoaded);
    QVERIFY(QFile::resize(m_path, 300)); // in place: the mapping's tail pages are gone
    playFor(window, 400);
    // The guard caught the fault, the context reloaded the short file and reports it.
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() >= 1, 5000);
    QCOMPARE(window.context()->file().fileSize(), quint64(300));
    QVERIFY(countDiagnostics(window.context()->diagnostics()).errors > 0);
    QVERIFY(window.isVisible());
}

void tst_FileChangesWhilePlaying::replacedByRename()
{
    MainWindow window;
    openAndPlay(window);
    QSignalSpy reloaded(window.context(), &StudioContext::fileReloaded);
    QString error;
    QVERIFY(BpatWriter(document(60.0f)).save(m_path, &error)); // QSaveFile: atomic replace
    QTRY_VERIFY_WITH_TIMEOUT(reloaded.count() >= 1, 5000);
    playFor(window, 200);
    QCOMPARE(window.context()->file().clips().at(0).fps, 60.0f);
    QCOMPARE(window.context()->currentClip(), 0);
    QVERIFY(window.context()->diagnostics().isEmpty());
}

void tst_FileChangesWhilePlaying::rewrittenInPlace()
{
    MainWindow window;
    openAndPlay(window);
    QSignalSpy reloaded(window.context(), &StudioContext::fileReloaded);
    // A baker that writes in place: first a shorter, half-written file, then the whole one.
    const QByteArray bytes = BpatWriter(document(30.0f)).toBytes();
    QVERIFY(rewriteInPlace(m_path, bytes.left(bytes.size() / 3)));
    playFor(window, 100);
    QVERIFY(rewriteInPlace(m_path, bytes));
    QTRY_VERIFY_WITH_TIMEOUT(reloaded.count() >= 1, 5000);
    playFor(window, 300);
    QTRY_COMPARE_WITH_TIMEOUT(window.context()->file().fileSize(), quint64(bytes.size()), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(window.context()->file().clips().at(0).fps, 30.0f, 5000);
}

void tst_FileChangesWhilePlaying::deleted()
{
    MainWindow window;
    openAndPlay(window);
    const int before = window.timeline()->clock()->frame();
    QVERIFY(QFile::remove(m_path));
    playFor(window, 400);
    // The deleted inode stays mapped: playback goes on over what was read.
    QVERIFY(window.context()->hasFile());
    QVERIFY(window.timeline()->clock()->isPlaying());
    QVERIFY(window.timeline()->clock()->frame() != before);
    QCOMPARE(window.panels()->paletteModel()->check(0), PaletteModel::Check::Ok);
}

QTEST_MAIN(tst_FileChangesWhilePlaying)
#include "tst_FileChangesWhilePlaying.moc"
