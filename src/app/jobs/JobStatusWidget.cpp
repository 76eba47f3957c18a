#include "JobStatusWidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace bpat::studio {

JobStatusWidget::JobStatusWidget(JobController *jobs, QWidget *parent)
    : QWidget(parent)
    , m_jobs(jobs)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
{
    setObjectName(QStringLiteral("jobStatus"));
    m_bar->setObjectName(QStringLiteral("jobProgress"));
    m_cancel->setObjectName(QStringLiteral("jobCancel"));
    m_bar->setMaximumWidth(160);
    m_bar->setTextVisible(false);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop this job; nothing it would write is written"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, [this] { m_jobs->cancel(m_shown); });
    connect(m_jobs, &JobController::jobStarted, this, &JobStatusWidget::refresh);
    connect(m_jobs, &JobController::jobProgress, this, [this](JobController::JobId id) {
        if (id == m_shown)
            refresh();
    });
    connect(m_jobs, &JobController::jobFinished, this, &JobStatusWidget::refresh);
    refresh();
}

void JobStatusWidget::refresh()
{
    const QList<JobController::JobState> running = m_jobs->jobs();
    setVisible(!running.isEmpty());
    if (running.isEmpty()) {
        m_shown = 0;
        return;
    }
    const JobController::JobState &job = running.last();
    m_shown = job.id;
    m_label->setText(job.text.isEmpty() ? job.title : QStringLiteral("%1: %2").arg(job.title, job.text));
    m_bar->setRange(0, std::max(0, job.maximum - job.minimum)); // 0..0: busy
    m_bar->setValue(job.value - job.minimum);
    m_cancel->setEnabled(job.cancellable);
}

} // namespace bpat::studio
