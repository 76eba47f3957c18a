// The open file changes on disk while the main window plays it: truncated (the guarded mapping
// turns the lost pages into zeros and the context reloads the short file), replaced by an atomic
// rename, rewritten in place, deleted (and then written again). The window must keep running
// (playback ticking, panels answering), and reload or report; each case runs under the real
// timer for a while, for both kinds of mapped document: a BPAT file and a BPSM snapshot mesh.
#include "MainWindow.h"
#include "bake/Baker.h"
#include "PanelDocks.h"
#include "PlaybackClock.h"
#include "bake/SpeciesCatalog.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "models/ClipsModel.h"
#include "models/PaletteModel.h"
#include "widgets/TimelineWidget.h"

#include <QSaveFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
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

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool rewriteInPlace(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

bool replaceAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() && f.commit();
}

quint64 openSize(const MainWindow &window)
{
    const StudioContext *c = window.context();
    return c->document() ? c->document()->fileSize() : 0;
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
    void truncated_data() { formats(); }
    void truncated();
    void replacedByRename_data() { formats(); }
    void replacedByRename();
    void rewrittenInPlace_data() { formats(); }
    void rewrittenInPlace();
    void deletedThenWrittenAgain_data() { formats(); }
    void deletedThenWrittenAgain();

private:
    void formats();
    bool snapshot() const;
    void openAndPlay(MainWindow &window);
    QTemporaryDir m_dir;
    QString m_path;
    QByteArray m_first, m_second; // the file as opened, and a new version of it
};

void tst_FileChangesWhilePlaying::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
    QVERIFY(m_dir.isValid());
}

void tst_FileChangesWhilePlaying::formats()
{
    QTest::addColumn<bool>("snapshot");
    QTest::newRow("bpat") << false;
    QTest::newRow("bpsm") << true;
}

bool tst_FileChangesWhilePlaying::snapshot() const
{
    return QTest::currentDataTag() == QByteArrayLiteral("bpsm");
}

void tst_FileChangesWhilePlaying::init()
{
    if (snapshot()) {
        // The baker's horse and elephant snapshots (3.7 and 2.8 MB): the horse is opened, the
        // elephant is the new version (another species, vertex count and clip set).
        static QByteArray horse, elephant;
        if (horse.isEmpty()) {
            QTemporaryDir bake;
            QList<SpeciesManifest> quadrupeds;
            for (const SpeciesManifest &m : SpeciesCatalog::builtIn()) {
                if (!m.snapshotFileName.isEmpty() && m.speciesId != 0)
                    quadrupeds.append(m);
            }
            QVERIFY(Baker::allOk(Baker(quadrupeds).bake(bake.path())));
            horse = readAll(bake.filePath(QStringLiteral("horse_minimal.bpsm")));
            elephant = readAll(bake.filePath(QStringLiteral("elephant_minimal.bpsm")));
            QVERIFY(!horse.isEmpty() && !elephant.isEmpty());
        }
        m_first = horse;
        m_second = elephant;
        m_path = m_dir.filePath(QStringLiteral("playing.bpsm"));
    } else {
        m_first = BpatWriter(document(24.0f)).toBytes();
        m_second = BpatWriter(document(60.0f)).toBytes();
        m_path = m_dir.filePath(QStringLiteral("playing.bpat"));
    }
    QVERIFY(replaceAtomically(m_path, m_first));
}

void tst_FileChangesWhilePlaying::openAndPlay(MainWindow &window)
{
    window.setInteractive(false);
    window.show();
    QVERIFY(window.openFile(m_path));
    QCOMPARE(window.context()->document()->kind(), snapshot() ? FileKind::Bpsm : FileKind::Bpat);
    // The longest clip, near its end: the frames read are on the file's last pages.
    const QList<ClipEntry> clips = window.context()->clipEntries();
    int longest = 0;
    for (int i = 0; i < clips.size(); ++i) {
        if (clips.at(i).frameCount > clips.at(longest).frameCount)
            longest = i;
    }
    window.context()->setCurrentClip(longest);
    window.context()->setCurrentFrame(int(clips.at(longest).frameCount) - 10);
    PlaybackClock *clock = window.timeline()->clock();
    clock->setSpeed(4.0);
    clock->play();
    QVERIFY(clock->isPlaying());
    playFor(window, 150);
}

void tst_FileChangesWhilePlaying::truncated()
{
    MainWindow window;
    window.context()->setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    openAndPlay(window);
    QSignalSpy loaded(window.context(), &StudioContext::fileLoaded);
    QVERIFY(QFile::resize(m_path, 300)); // in place: the mapping's tail pages are gone
    playFor(window, 400);
    // The guard caught the fault (or the watcher saw the change), the context reloaded the short
    // file and reports it.
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() >= 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(openSize(window), quint64(300), 5000);
    QVERIFY(countDiagnostics(window.context()->diagnostics()).errors > 0);
    QVERIFY(window.isVisible());
    playFor(window, 200); // and keeps running on the broken file
}

void tst_FileChangesWhilePlaying::replacedByRename()
{
    MainWindow window;
    window.context()->setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    openAndPlay(window);
    QSignalSpy reloaded(window.context(), &StudioContext::fileReloaded);
    QVERIFY(replaceAtomically(m_path, m_second)); // the baker's way: QSaveFile, rename over it
    QTRY_VERIFY_WITH_TIMEOUT(reloaded.count() >= 1, 5000);
    playFor(window, 200);
    QCOMPARE(openSize(window), quint64(m_second.size()));
    if (snapshot()) {
        QCOMPARE(window.context()->document()->bpsm()->header().speciesId, 2u); // the elephant now
    } else {
        QCOMPARE(window.context()->file().clips().at(0).fps, 60.0f);
        QCOMPARE(window.context()->currentClip(), 0); // the same clip, by name
    }
    QVERIFY(!hasErrors(window.context()->diagnostics()));
    QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("changed on disk and was reloaded")));
}

void tst_FileChangesWhilePlaying::rewrittenInPlace()
{
    MainWindow window;
    window.context()->setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    openAndPlay(window);
    QSignalSpy reloaded(window.context(), &StudioContext::fileReloaded);
    // A baker that writes in place: first a shorter, half-written file, then the whole one.
    QVERIFY(rewriteInPlace(m_path, m_second.left(m_second.size() / 3)));
    playFor(window, 100);
    QVERIFY(rewriteInPlace(m_path, m_second));
    QTRY_VERIFY_WITH_TIMEOUT(reloaded.count() >= 1, 5000);
    playFor(window, 300);
    QTRY_COMPARE_WITH_TIMEOUT(openSize(window), quint64(m_second.size()), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(!hasErrors(window.context()->diagnostics()), 5000);
    if (!snapshot())
        QTRY_COMPARE_WITH_TIMEOUT(window.context()->file().clips().at(0).fps, 60.0f, 5000);
}

void tst_FileChangesWhilePlaying::deletedThenWrittenAgain()
{
    MainWindow window;
    window.context()->setProfile(bpat::ValidationProfile::Spec); // the format's rules: the test files are v1
    openAndPlay(window);
    QSignalSpy frames(window.context(), &StudioContext::currentFrameChanged);
    QVERIFY(QFile::remove(m_path));
    playFor(window, 400);
    // The deleted inode stays mapped: playback goes on over what was read, and the user is told.
    QVERIFY(window.context()->hasDocument());
    QVERIFY(window.timeline()->clock()->isPlaying());
    // Counted, not compared: a short clip may wrap round to the frame it started on.
    QVERIFY2(frames.count() >= 2, qPrintable(QString::number(frames.count())));
    QCOMPARE(openSize(window), quint64(m_first.size()));
    if (!snapshot())
        QCOMPARE(window.panels()->paletteModel()->check(0), PaletteModel::Check::Ok);
    QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().contains(QLatin1String("was removed from disk")), 5000);

    // The pipeline writes it again: the folder watch sees it and the window reloads.
    QSignalSpy reloaded(window.context(), &StudioContext::fileReloaded);
    QVERIFY(replaceAtomically(m_path, m_second));
    QTRY_VERIFY_WITH_TIMEOUT(reloaded.count() >= 1, 5000);
    QCOMPARE(openSize(window), quint64(m_second.size()));
    playFor(window, 100);
    QVERIFY(window.timeline()->clock()->isPlaying());
}

QTEST_MAIN(tst_FileChangesWhilePlaying)
#include "tst_FileChangesWhilePlaying.moc"
