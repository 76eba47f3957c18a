#include "DeepCheckRunner.h"

#include "StudioContext.h"
#include "ValidationRun.h"

#include <QFileInfo>

namespace bpat::studio {

DeepCheckRunner::DeepCheckRunner(QObject *parent, JobController *jobs)
    : QObject(parent)
{
    setJobController(jobs);
}

DeepCheckRunner::~DeepCheckRunner()
{
    cancel();
    wait();
}

void DeepCheckRunner::setJobController(JobController *jobs)
{
    if (isRunning())
        return;
    if (m_jobs) {
        disconnect(m_jobs, nullptr, this, nullptr);
        if (m_jobs->parent() == this)
            delete m_jobs.data();
    }
    m_jobs = jobs ? jobs : new JobController(this);
    connect(m_jobs, &JobController::jobProgress, this, [this](JobController::JobId id, int value, int maximum) {
        if (id == m_job && maximum > 0)
            Q_EMIT progressChanged(int(qint64(value) * 100 / maximum));
    });
}

bool DeepCheckRunner::isRunning() const
{
    return m_job != 0 && m_jobs && m_jobs->isRunning(m_job);
}

void DeepCheckRunner::start(std::shared_ptr<const LoadedFile> file, const QString &profile, GameEra era)
{
    if (!file || isRunning() || !m_jobs)
        return;
    m_file = file;
    const QString title = tr("Deep checks of %1").arg(QFileInfo(file->file.path()).fileName());
    m_job = m_jobs->run<Diagnostics>(
        title,
        [file, profile, era](QPromise<Diagnostics> &promise, const std::atomic<bool> &) {
            promise.setProgressRange(0, 100);
            Diagnostics result = deepValidation(
                file->file, profile,
                [&promise](double fraction) {
                    promise.setProgressValue(int(fraction * 100.0));
                    return !promise.isCanceled();
                },
                era);
            if (!promise.isCanceled())
                promise.addResult(std::move(result));
        },
        this,
        [this](std::optional<Diagnostics> result) {
            m_job = 0;
            if (result)
                Q_EMIT finished(*result);
            else
                Q_EMIT cancelled();
        });
}

void DeepCheckRunner::cancel()
{
    if (isRunning())
        m_jobs->cancel(m_job);
}

void DeepCheckRunner::wait()
{
    if (isRunning())
        m_jobs->waitFor(m_job);
}

} // namespace bpat::studio
