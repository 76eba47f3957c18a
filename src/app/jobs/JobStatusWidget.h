#pragma once
// The status bar's view of the JobController: the newest running job's title, a progress bar
// (busy until the job reports a range) and a Cancel button. Hidden while no job runs. A dialog
// that has its own bar (Rebake) observes the same controller signals.
#include "jobs/JobController.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace bpat::studio {

class JobStatusWidget : public QWidget
{
    Q_OBJECT
public:
    explicit JobStatusWidget(JobController *jobs, QWidget *parent = nullptr);

    JobController::JobId shownJob() const { return m_shown; }

private:
    void refresh();

    JobController *m_jobs;
    QLabel *m_label;
    QProgressBar *m_bar;
    QToolButton *m_cancel;
    JobController::JobId m_shown = 0;
};

} // namespace bpat::studio
