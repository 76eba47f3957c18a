#pragma once
// Runs the Validator's deep checks (every matrix and socket row) on a worker thread with
// QtConcurrent, reporting progress and honouring cancel. The file is held through the shared
// LoadedFile, so a reload during the run does not unmap what the worker reads; results for a
// file that is no longer current are dropped by the caller (see isFor()).
#include "diagnostics/Diagnostic.h"

#include <QFutureWatcher>
#include <QObject>
#include <memory>

namespace bpat::studio {

struct LoadedFile;

class DeepCheckRunner : public QObject
{
    Q_OBJECT
public:
    explicit DeepCheckRunner(QObject *parent = nullptr);
    ~DeepCheckRunner() override;

    bool isRunning() const;
    bool isFor(const std::shared_ptr<const LoadedFile> &file) const { return file == m_file; }
    void start(std::shared_ptr<const LoadedFile> file, const QString &profile);
    void cancel();
    // Blocks until the worker has stopped (tests, shutdown).
    void wait();

Q_SIGNALS:
    void progressChanged(int percent);
    void finished(const bpat::Diagnostics &diagnostics);
    void cancelled();

private:
    QFutureWatcher<Diagnostics> m_watcher;
    std::shared_ptr<const LoadedFile> m_file;
};

} // namespace bpat::studio
