#pragma once
// Runs the Validator's deep checks (every matrix and socket row) as a job of the JobController
// (jobs/JobController.h): on the thread pool, with progress and cancel. The file is held through
// the shared LoadedFile, so a reload during the run does not unmap what the worker reads;
// results for a file that is no longer current are dropped by the caller (see isFor()).
#include "bpat/GameEra.h"
#include "diagnostics/Diagnostic.h"
#include "jobs/JobController.h"

#include <QObject>
#include <QPointer>
#include <memory>

namespace bpat::studio {

struct LoadedFile;

class DeepCheckRunner : public QObject
{
    Q_OBJECT
public:
    // Without a controller the runner makes one of its own (a panel used on its own, in tests);
    // the main window passes its controller (setJobController), whose status bar shows the job.
    explicit DeepCheckRunner(QObject *parent = nullptr, JobController *jobs = nullptr);
    ~DeepCheckRunner() override;

    void setJobController(JobController *jobs); // while idle
    bool isRunning() const;
    bool isFor(const std::shared_ptr<const LoadedFile> &file) const { return file == m_file; }
    void start(std::shared_ptr<const LoadedFile> file, const QString &profile, GameEra era = GameEra::Current);
    void cancel();
    // Blocks until the worker has stopped (tests, shutdown).
    void wait();

Q_SIGNALS:
    void progressChanged(int percent);
    void finished(const bpat::Diagnostics &diagnostics);
    void cancelled();

private:
    QPointer<JobController> m_jobs;
    JobController::JobId m_job = 0;
    std::shared_ptr<const LoadedFile> m_file;
};

} // namespace bpat::studio
