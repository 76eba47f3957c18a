#pragma once
// Notices that the open file shrank underneath its mapping. A read past the new end faults; the
// MappingGuard turns the fault into zeros and a stale flag (it cannot call into Qt from the
// signal handler). This asks StudioContext::checkStale() (which reloads) right after the
// moments reads happen: a frame, clip or edit change (the panels read the palette in their
// slots; the check is queued behind them), the application becoming active again, and any change
// FileReloadWatcher reports. Events, not a polling timer.
#include <QObject>

namespace bpat::studio {

class FileReloadWatcher;
class StudioContext;

class StaleMappingCheck : public QObject
{
    Q_OBJECT
public:
    StaleMappingCheck(StudioContext *context, FileReloadWatcher *watcher, QObject *parent = nullptr);

    // Queues one check (several requests before it runs make one).
    void request();

private:
    StudioContext *m_context;
    bool m_queued = false;
};

} // namespace bpat::studio
