#include "JobController.h"

#include <algorithm>

namespace bpat::studio {

JobController::JobController(QObject *parent)
    : QObject(parent)
{
}

JobController::~JobController()
{
    // The workers hold no pointer to the controller, but their results must not arrive at a
    // receiver during teardown: stop them all first.
    cancelAll();
    waitForAll();
}

JobController::JobId JobController::track(QFutureWatcherBase *watcher, std::shared_ptr<std::atomic<bool>> cancelled,
                                          const QString &title, bool cancellable)
{
    const JobId id = m_nextId++;
    Entry entry;
    entry.watcher = watcher;
    entry.cancelled = std::move(cancelled);
    entry.state.id = id;
    entry.state.title = title;
    entry.state.cancellable = cancellable;
    m_jobs.insert(id, entry);
    const auto changed = [this, id] {
        const auto it = m_jobs.find(id);
        if (it == m_jobs.end())
            return;
        JobState &s = it->state;
        s.minimum = it->watcher->progressMinimum();
        s.maximum = it->watcher->progressMaximum();
        s.value = it->watcher->progressValue();
        s.text = it->watcher->progressText();
        Q_EMIT jobProgress(id, s.value - s.minimum, s.maximum - s.minimum, s.text);
    };
    connect(watcher, &QFutureWatcherBase::progressRangeChanged, this, changed);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, changed);
    connect(watcher, &QFutureWatcherBase::progressTextChanged, this, changed);
    // Connected after run()'s delivery to the receiver, so this runs second.
    connect(watcher, &QFutureWatcherBase::finished, this, [this, id, watcher] {
        const bool cancelled = watcher->isCanceled();
        m_jobs.remove(id);
        watcher->deleteLater();
        Q_EMIT jobFinished(id, cancelled);
    });
    Q_EMIT jobStarted(id, title);
    return id;
}

QList<JobController::JobState> JobController::jobs() const
{
    QList<JobState> states;
    for (const Entry &e : m_jobs)
        states.append(e.state);
    std::sort(states.begin(), states.end(), [](const JobState &a, const JobState &b) { return a.id < b.id; });
    return states;
}

std::optional<JobController::JobState> JobController::job(JobId id) const
{
    const auto it = m_jobs.constFind(id);
    if (it == m_jobs.constEnd())
        return std::nullopt;
    return it->state;
}

void JobController::cancel(JobId id)
{
    const auto it = m_jobs.constFind(id);
    if (it != m_jobs.constEnd() && it->state.cancellable) {
        *it->cancelled = true;
        it->watcher->cancel();
    }
}

void JobController::cancelAll()
{
    for (const Entry &e : std::as_const(m_jobs)) {
        if (e.state.cancellable) {
            *e.cancelled = true;
            e.watcher->cancel();
        }
    }
}

void JobController::waitFor(JobId id)
{
    const auto it = m_jobs.constFind(id);
    if (it != m_jobs.constEnd())
        it->watcher->waitForFinished();
}

void JobController::waitForAll()
{
    for (const Entry &e : std::as_const(m_jobs))
        e.watcher->waitForFinished();
}

} // namespace bpat::studio
