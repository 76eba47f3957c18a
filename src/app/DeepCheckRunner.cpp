#include "DeepCheckRunner.h"

#include "StudioContext.h"
#include "ValidationRun.h"

#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace bpat::studio {

DeepCheckRunner::DeepCheckRunner(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcherBase::progressValueChanged, this, &DeepCheckRunner::progressChanged);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
        if (m_watcher.isCanceled() || m_watcher.future().resultCount() == 0) {
            Q_EMIT cancelled();
            return;
        }
        Q_EMIT finished(m_watcher.result());
    });
}

DeepCheckRunner::~DeepCheckRunner()
{
    cancel();
    wait();
}

bool DeepCheckRunner::isRunning() const
{
    return m_watcher.isRunning();
}

void DeepCheckRunner::start(std::shared_ptr<const LoadedFile> file, const QString &profile)
{
    if (!file || isRunning())
        return;
    m_file = file;
    QFuture<Diagnostics> future = QtConcurrent::run([file, profile](QPromise<Diagnostics> &promise) {
        promise.setProgressRange(0, 100);
        Diagnostics result = deepValidation(
            file->file, profile,
            [&promise](double fraction) {
                promise.setProgressValue(int(fraction * 100.0));
                return !promise.isCanceled();
            });
        if (!promise.isCanceled())
            promise.addResult(std::move(result));
    });
    m_watcher.setFuture(future);
}

void DeepCheckRunner::cancel()
{
    if (isRunning())
        m_watcher.cancel();
}

void DeepCheckRunner::wait()
{
    m_watcher.waitForFinished();
}

} // namespace bpat::studio
