// JobController: progress arrives as signals, the result on the GUI thread, cancel stops the
// work and delivers nothing, a cancelled write leaves the original file as it was, a receiver
// that died gets nothing; JobStatusWidget shows the running job and cancels it.
#include "PanelDocks.h"
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestDocuments.h"
#include "io/AtomicFile.h"
#include "jobs/JobController.h"
#include "jobs/JobStatusWidget.h"
#include "widgets/ValidationPanel.h"

#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QToolButton>
#include <QtTest/QtTest>
#include <atomic>

using bpat::AtomicFile;
using bpat::studio::JobController;
using bpat::studio::JobStatusWidget;

namespace {

// A worker that reports it started, then spins (checking the flag the controller sets) until
// it is cancelled or `release` is set.
struct Gate
{
    std::atomic<bool> started{false};
    std::atomic<bool> release{false};
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class tst_JobController : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void progressAndResultOnTheGuiThread();
    void cancelDeliversNoResult();
    void cancelledWriteLeavesTheFileUntouched();
    void deadReceiverGetsNothing();
    void notCancellableJobRunsToTheEnd();
    void statusWidgetShowsAndCancelsTheJob();
    void mainWindowRunsDeepChecksOnItsController();
};

void tst_JobController::progressAndResultOnTheGuiThread()
{
    JobController jobs;
    QSignalSpy started(&jobs, &JobController::jobStarted);
    QSignalSpy progress(&jobs, &JobController::jobProgress);
    QSignalSpy finished(&jobs, &JobController::jobFinished);
    QThread *workerThread = nullptr;
    QThread *deliveredOn = nullptr;
    std::optional<int> result;
    QObject receiver;
    const JobController::JobId id = jobs.run<int>(
        QStringLiteral("Counting"),
        [&workerThread](QPromise<int> &promise, const std::atomic<bool> &) {
            workerThread = QThread::currentThread();
            promise.setProgressRange(0, 4);
            for (int i = 1; i <= 4; ++i) {
                promise.setProgressValueAndText(i, QStringLiteral("counting"));
                QThread::msleep(60); // Qt throttles progress signals to a few per 100 ms
            }
            promise.addResult(42);
        },
        &receiver,
        [&](std::optional<int> value) {
            deliveredOn = QThread::currentThread();
            result = value;
        });
    QVERIFY(id != 0);
    QCOMPARE(started.size(), 1);
    QCOMPARE(started.first().at(1).toString(), QStringLiteral("Counting"));
    QVERIFY(jobs.isRunning(id));
    QCOMPARE(jobs.jobs().size(), 1);
    QVERIFY(finished.wait(10000));
    QCOMPARE(result, std::optional<int>(42));
    QCOMPARE(deliveredOn, QThread::currentThread()); // the GUI thread
    QVERIFY(workerThread && workerThread != QThread::currentThread());
    QCOMPARE(finished.first().at(0).value<JobController::JobId>(), id);
    QCOMPARE(finished.first().at(1).toBool(), false);
    QVERIFY(!jobs.isRunning(id));
    QVERIFY(jobs.isIdle());
    // Progress came as signals with the job's range and text; the last one reached the end.
    QVERIFY(!progress.isEmpty());
    const QList<QVariant> last = progress.last();
    QCOMPARE(last.at(0).value<JobController::JobId>(), id);
    QCOMPARE(last.at(1).toInt(), 4);
    QCOMPARE(last.at(2).toInt(), 4);
    QCOMPARE(last.at(3).toString(), QStringLiteral("counting"));
}

void tst_JobController::cancelDeliversNoResult()
{
    JobController jobs;
    QSignalSpy finished(&jobs, &JobController::jobFinished);
    auto gate = std::make_shared<Gate>();
    std::atomic<bool> sawFlag{false};
    bool delivered = false;
    std::optional<int> result = 7;
    QObject receiver;
    const JobController::JobId id = jobs.run<int>(
        QStringLiteral("Spinning"),
        [gate, &sawFlag](QPromise<int> &promise, const std::atomic<bool> &cancelled) {
            gate->started = true;
            while (!cancelled && !gate->release)
                QThread::msleep(2);
            sawFlag = cancelled.load();
            promise.addResult(1); // too late: a cancelled job's result is dropped
        },
        &receiver,
        [&](std::optional<int> value) {
            delivered = true;
            result = value;
        });
    QTRY_VERIFY(gate->started);
    jobs.cancel(id);
    QVERIFY(finished.wait(10000));
    QVERIFY(sawFlag);
    QVERIFY(delivered);
    QCOMPARE(result, std::nullopt);
    QCOMPARE(finished.first().at(1).toBool(), true);
    QVERIFY(jobs.isIdle());
}

void tst_JobController::cancelledWriteLeavesTheFileUntouched()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("keep.bpat"));
    QVERIFY(AtomicFile::write(path, QByteArray("original"), nullptr));
    JobController jobs;
    QSignalSpy finished(&jobs, &JobController::jobFinished);
    auto gate = std::make_shared<Gate>();
    std::optional<bool> result;
    QObject receiver;
    const JobController::JobId id = jobs.run<bool>(
        QStringLiteral("Writing"),
        [gate, path](QPromise<bool> &promise, const std::atomic<bool> &cancelled) {
            QString error;
            // Writes through the one atomic save path, a chunk at a time, until cancelled.
            const bool written = AtomicFile::write(
                path,
                [&](QIODevice *device, QString *) {
                    const QByteArray chunk(4096, 'x');
                    for (int i = 0; i < 100000; ++i) {
                        if (!AtomicFile::writeAll(device, chunk))
                            return false;
                        gate->started = true;
                        if (cancelled)
                            return false;
                        QThread::usleep(200);
                    }
                    return true;
                },
                &error);
            promise.addResult(written);
        },
        &receiver, [&](std::optional<bool> value) { result = value; });
    QTRY_VERIFY(gate->started);
    jobs.cancel(id);
    QVERIFY(finished.wait(30000));
    QCOMPARE(result, std::nullopt);
    QCOMPARE(readAll(path), QByteArray("original"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("keep.bpat")}); // no temporary left
}

void tst_JobController::deadReceiverGetsNothing()
{
    JobController jobs;
    QSignalSpy finished(&jobs, &JobController::jobFinished);
    auto gate = std::make_shared<Gate>();
    bool delivered = false;
    auto *receiver = new QObject;
    const JobController::JobId id = jobs.run<int>(
        QStringLiteral("Orphan"),
        [gate](QPromise<int> &promise, const std::atomic<bool> &) {
            while (!gate->release)
                QThread::msleep(2);
            promise.addResult(3);
        },
        receiver, [&](std::optional<int>) { delivered = true; });
    delete receiver; // a dialog closed while its job ran
    gate->release = true;
    jobs.waitFor(id);
    QVERIFY(finished.wait(10000));
    QVERIFY(!delivered);
    QCOMPARE(finished.first().at(1).toBool(), false);
}

void tst_JobController::notCancellableJobRunsToTheEnd()
{
    JobController jobs;
    QSignalSpy finished(&jobs, &JobController::jobFinished);
    auto gate = std::make_shared<Gate>();
    std::optional<int> result;
    QObject receiver;
    const JobController::JobId id = jobs.run<int>(
        QStringLiteral("Import"),
        [gate](QPromise<int> &promise, const std::atomic<bool> &cancelled) {
            while (!gate->release && !cancelled)
                QThread::msleep(2);
            promise.addResult(cancelled ? -1 : 5);
        },
        &receiver, [&](std::optional<int> value) { result = value; }, false);
    jobs.cancel(id);  // refused: the job said it cannot stop
    jobs.cancelAll(); // likewise
    gate->release = true;
    QVERIFY(finished.wait(10000));
    QCOMPARE(result, std::optional<int>(5));
}

void tst_JobController::statusWidgetShowsAndCancelsTheJob()
{
    JobController jobs;
    QWidget window; // stands in for the status bar
    auto &widget = *new JobStatusWidget(&jobs, &window);
    window.show();
    QVERIFY(!widget.isVisible()); // nothing running
    QSignalSpy finished(&jobs, &JobController::jobFinished);
    auto gate = std::make_shared<Gate>();
    std::optional<int> result = 1;
    QObject receiver;
    const JobController::JobId id = jobs.run<int>(
        QStringLiteral("Rebaking walk.bpat"),
        [gate](QPromise<int> &promise, const std::atomic<bool> &cancelled) {
            promise.setProgressRange(0, 10);
            promise.setProgressValue(3);
            gate->started = true;
            while (!cancelled)
                QThread::msleep(2);
            promise.addResult(0);
        },
        &receiver, [&](std::optional<int> value) { result = value; });
    QVERIFY(widget.isVisible());
    QCOMPARE(widget.shownJob(), id);
    auto *label = widget.findChild<QLabel *>();
    QVERIFY(label && label->text().contains(u"Rebaking walk.bpat"));
    auto *bar = widget.findChild<QProgressBar *>(QStringLiteral("jobProgress"));
    QVERIFY(bar);
    QTRY_COMPARE(bar->maximum(), 10);
    QTRY_COMPARE(bar->value(), 3);
    auto *cancel = widget.findChild<QToolButton *>(QStringLiteral("jobCancel"));
    QVERIFY(cancel && cancel->isEnabled());
    QTRY_VERIFY(gate->started);
    cancel->click();
    QVERIFY(finished.wait(10000));
    QCOMPARE(result, std::nullopt);
    QVERIFY(!widget.isVisible());
    QCOMPARE(widget.shownJob(), JobController::JobId(0));
}

// The window's one controller runs the Validation panel's deep checks, and its status bar shows
// the jobs.
void tst_JobController::mainWindowRunsDeepChecksOnItsController()
{
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("small.bpat"));
    QVERIFY(AtomicFile::write(path, testdocs::smallFileBytes(), nullptr));
    bpat::studio::MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(path));
    QVERIFY(window.jobs());
    QVERIFY(window.findChild<JobStatusWidget *>());
    QSignalSpy started(window.jobs(), &JobController::jobStarted);
    QSignalSpy finished(window.jobs(), &JobController::jobFinished);
    window.panels()->validationPanel()->runDeepChecks();
    QCOMPARE(started.size(), 1);
    QCOMPARE(started.first().at(1).toString(), QStringLiteral("Deep checks of small.bpat"));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().at(1).toBool(), false);
    QTRY_VERIFY(window.context()->deepChecked());
}

QTEST_MAIN(tst_JobController)
#include "tst_JobController.moc"
