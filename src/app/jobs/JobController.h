#pragma once
// The one way the app runs a long job (deep checks, rebake and its preview, glTF export and
// import): the work runs on Qt's thread pool through QtConcurrent::run with a QPromise, which it
// uses to report progress (setProgressRange / setProgressValue / setProgressValueAndText) and to see a
// cancel (isCanceled()). The controller owns a QFutureWatcher per job, turns its signals into
// its own (one progress display observes them all, JobStatusWidget), and hands the result back
// on the GUI thread to a receiver: a QObject whose death drops the result (a dialog closed while
// its job ran). No polling timers: progress and the end arrive as the watcher's signals.
//
// A cancelled job delivers no result (std::nullopt): the work must leave what it writes as it
// was (io/AtomicFile commits only a complete file), and the receiver says "cancelled". Besides
// promise.isCanceled(), the work gets the job's cancel flag as an atomic, set the moment the
// job is cancelled, for core APIs that poll one (RebakeOptions::cancel).
#include <QFutureWatcher>
#include <QHash>
#include <QObject>
#include <QPromise>
#include <QString>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace bpat::studio {

class JobController : public QObject
{
    Q_OBJECT
public:
    using JobId = quint64; // 0: no job

    // What the progress display shows of a running job.
    struct JobState
    {
        JobId id = 0;
        QString title; // "Rebaking walk.bpat"
        bool cancellable = true;
        int minimum = 0, maximum = 0, value = 0; // maximum 0: busy, no fraction yet
        QString text;                            // the text of setProgressValueAndText(), when it says what it is doing
    };

    explicit JobController(QObject *parent = nullptr);
    ~JobController() override; // cancels every job and waits for the workers

    template<typename T> using Work = std::function<void(QPromise<T> &promise, const std::atomic<bool> &cancelled)>;

    // Starts `work(promise, cancelled)` on the thread pool. When it ends, `done` runs on the GUI thread with
    // the result (the last one added to the promise), or nullopt when the job was cancelled or
    // added none; never when `receiver` was destroyed first.
    template<typename T>
    JobId run(const QString &title, Work<T> work, QObject *receiver, std::function<void(std::optional<T>)> done,
              bool cancellable = true)
    {
        auto *watcher = new QFutureWatcher<T>(this);
        connect(watcher, &QFutureWatcherBase::finished, receiver ? receiver : this, [watcher, done = std::move(done)] {
            const QFuture<T> future = watcher->future();
            if (!done)
                return;
            if (future.isCanceled() || future.resultCount() == 0)
                done(std::nullopt);
            else
                done(future.resultAt(future.resultCount() - 1));
        });
        auto cancelled = std::make_shared<std::atomic<bool>>(false);
        const JobId id = track(watcher, cancelled, title, cancellable);
        watcher->setFuture(
            QtConcurrent::run([work = std::move(work), cancelled](QPromise<T> &promise) { work(promise, *cancelled); }));
        return id;
    }

    bool isRunning(JobId id) const { return m_jobs.contains(id); }
    bool isIdle() const { return m_jobs.isEmpty(); }
    // Running jobs, oldest first.
    QList<JobState> jobs() const;
    std::optional<JobState> job(JobId id) const;

    // Asks the job to stop (promise.isCanceled() turns true); it ends with jobFinished().
    void cancel(JobId id);
    void cancelAll();
    // Blocks until the job's worker has returned (tests, closing a dialog); its result is still
    // delivered through the event loop afterwards.
    void waitFor(JobId id);
    void waitForAll();

Q_SIGNALS:
    void jobStarted(bpat::studio::JobController::JobId id, const QString &title);
    // Any change of range, value or text (see job(id) for the whole state).
    void jobProgress(bpat::studio::JobController::JobId id, int value, int maximum, const QString &text);
    // After the receiver got its result (or nullopt).
    void jobFinished(bpat::studio::JobController::JobId id, bool cancelled);

private:
    JobId track(QFutureWatcherBase *watcher, std::shared_ptr<std::atomic<bool>> cancelled, const QString &title,
                bool cancellable);

    struct Entry
    {
        QFutureWatcherBase *watcher = nullptr;
        std::shared_ptr<std::atomic<bool>> cancelled;
        JobState state;
    };
    QHash<JobId, Entry> m_jobs;
    JobId m_nextId = 1;
};

} // namespace bpat::studio
