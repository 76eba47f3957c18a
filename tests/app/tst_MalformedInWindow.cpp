// Every case of the malformed corpus (tests/data/malformed: BPAT, BPSM and recordings) opened in
// the main window, shown and painted, with every clip played to its last frame, under a time
// limit: a case that hangs the window (a clip claiming 0x80000000 frames once gave the timeline
// slider a range near INT_MAX, and the Fusion style's tick loop overflowed an int and never
// ended) aborts the test naming the case instead of hanging CTest. Every count that reaches a
// widget must be bounded by what the file holds.
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "jobs/JobController.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest/QtTest>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

using namespace bpat::studio;

namespace {

constexpr int LimitSeconds = 60; // per case; a healthy case takes well under a second

// Aborts the process when a case outlives the limit (the GUI thread is stuck: nothing else
// could report it).
class Watchdog
{
public:
    explicit Watchdog(QByteArray name)
        : m_name(std::move(name))
        , m_thread([this] {
            std::unique_lock lock(m_mutex);
            if (!m_done.wait_for(lock, std::chrono::seconds(LimitSeconds), [this] { return m_finished; })) {
                std::fprintf(stderr, "FAIL: %s hung the window for %d s\n", m_name.constData(), LimitSeconds);
                std::fflush(stderr);
                std::_Exit(3);
            }
        })
    {
    }
    ~Watchdog()
    {
        {
            std::lock_guard lock(m_mutex);
            m_finished = true;
        }
        m_done.notify_all();
        m_thread.join();
    }

private:
    QByteArray m_name;
    std::mutex m_mutex;
    std::condition_variable m_done;
    bool m_finished = false;
    std::thread m_thread;
};

} // namespace

class tst_MalformedInWindow : public QObject
{
    Q_OBJECT

    qint64 m_slowestMs = 0;
    QString m_slowest;
    MainWindow *m_window = nullptr; // one window opens every case in turn, as a user would

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion"))); // where the tick loop hung
        m_window = new MainWindow;
        m_window->setInteractive(false);
        m_window->resize(1200, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window));
    }

    void caseOpensAndPlays_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(BPAT_TEST_DATA_DIR "/malformed"));
        const QStringList names =
            dir.entryList({QStringLiteral("*.bpat"), QStringLiteral("*.bpsm"), QStringLiteral("*.bin")}, QDir::Files, QDir::Name);
        QVERIFY(names.size() > 150);
        for (const QString &name : names)
            QTest::newRow(qPrintable(name)) << dir.filePath(name);
    }

    void caseOpensAndPlays()
    {
        QFETCH(QString, path);
        const Watchdog watchdog(QFileInfo(path).fileName().toUtf8());
        QElapsedTimer timer;
        timer.start();
        MainWindow &window = *m_window;
        window.openFile(path); // may refuse (empty files): the window must stay usable either way
        StudioContext *context = window.context();
        for (int clip = 0; clip < context->clipCount(); ++clip) {
            context->setCurrentClip(clip);
            context->setCurrentFrame(context->frameCount() - 1);
            QVERIFY(!window.grab().isNull()); // paints every widget: the slider with its ticks, the viewport
            QCoreApplication::processEvents();
            QVERIFY(context->frameCount() <= StudioContext::kMaxTimelineFrames);
        }
        if (context->recording()->recording()) {
            context->recording()->setTimelineSource(RecordingState::TimelineSource::Recording);
            QVERIFY(!window.grab().isNull());
        }
        for (const QSlider *slider : window.findChildren<QSlider *>())
            QVERIFY2(slider->maximum() <= StudioContext::kMaxTimelineFrames, qPrintable(slider->objectName()));
        for (const QSpinBox *spin : window.findChildren<QSpinBox *>()) {
            if (spin->objectName() == QLatin1String("frameSpin"))
                QVERIFY(spin->maximum() <= StudioContext::kMaxTimelineFrames);
        }
        QVERIFY(!window.grab().isNull());
        if (timer.elapsed() > m_slowestMs) {
            m_slowestMs = timer.elapsed();
            m_slowest = QFileInfo(path).fileName();
        }
    }

    // Issue 42, findings 0 and 5: real files damaged as the campaign damaged them. The window
    // opens each, finishes its background work (the Analysis panel's motion lint) promptly and
    // closes: with 20 clips read from palette bytes the window wrote its screenshot and never
    // exited; a late-v3 file whose first clip claims 4,294,967,295 frames took 33 s to open.
    void damagedRealFilesOpenAndClose_data()
    {
        QTest::addColumn<QString>("relative");
        QTest::addColumn<quint64>("field"); // byte offset: 0 = the first clip's frame_count
        QTest::addColumn<quint32>("value");
        QTest::newRow("wolf, 20 clips") << QStringLiteral("upstream_assets/bpat_current/wolf.bpat") << quint64(20) << 20u;
        QTest::newRow("wolf, 200 clips") << QStringLiteral("upstream_assets/bpat_current/wolf.bpat") << quint64(20) << 200u;
        QTest::newRow("late v3, 4294967295 frames")
            << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat") << quint64(0) << 0xFFFFFFFFu;
    }

    void damagedRealFilesOpenAndClose()
    {
        QFETCH(QString, relative);
        QFETCH(quint64, field);
        QFETCH(quint32, value);
        BPAT_REQUIRE_SHARED(relative);
        QFile in(testpaths::shared(relative));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        if (field == 0) // the first clip's frame_count (clip entries: name offset, name length, frame count)
            field = qFromLittleEndian<quint64>(bytes.constData() + 32) + 8;
        qToLittleEndian<quint32>(value, bytes.data() + field);
        QTemporaryDir dir;
        const QString path = dir.filePath(QFileInfo(relative).fileName());
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size());
        out.close();

        const Watchdog watchdog(QTest::currentDataTag());
        QElapsedTimer timer;
        timer.start();
        auto *window = new MainWindow;
        window->setInteractive(false);
        window->resize(1200, 800);
        window->show();
        QVERIFY(window->openFile(path));
        QVERIFY(!window->grab().isNull());
        const qint64 opened = timer.elapsed();
        QTRY_VERIFY_WITH_TIMEOUT(window->jobs()->isIdle(), 30000); // the lint ended
        const qint64 idle = timer.elapsed();
        window->context()->setCurrentClip(0);
        QVERIFY(!window->grab().isNull());
        timer.restart();
        delete window; // cancels and waits for whatever still runs
        qInfo("opened in %lld ms, background work done at %lld ms, closed in %lld ms", opened, idle, timer.elapsed());
    }

    void cleanupTestCase()
    {
        qInfo("slowest case: %s, %lld ms (limit %d s)", qPrintable(m_slowest), m_slowestMs, LimitSeconds);
        delete m_window;
    }
};

QTEST_MAIN(tst_MalformedInWindow)
#include "tst_MalformedInWindow.moc"
