#pragma once
// The Analysis tab (beside Viewport and Curves): the current clip's gait report (the game's
// numbers for humanoids, per foot for quadrupeds: GaitMetricsModel), the motion lint's findings
// of the clip (MotionFindingsModel), and QtCharts plots of the per-frame quantities over the
// clip's phase (feet heights and z, pelvis or body bob and sway, the worst stretch) with the
// current frame marked and the findings on them. A click on a finding or on a plot jumps to that
// frame and selects the bone. The report of a clip is computed when it becomes current (on the
// thread pool when it is long); the lint of the file once per loaded file, as a job.
#include "diagnostics/Diagnostic.h"
#include "motion/ClipGait.h"

#include <QPointer>
#include <QWidget>
#include <memory>

class QLabel;
class QMenu;
class QTableView;

namespace bpat::studio {

class AnalysisChart;
class GaitMetricsModel;
class JobController;
class MotionFindingsModel;
class StudioContext;
struct LoadedFile;

class AnalysisPanel : public QWidget
{
    Q_OBJECT
public:
    AnalysisPanel(StudioContext *context, JobController *jobs, QWidget *parent = nullptr);

    GaitMetricsModel *metrics() const { return m_metrics; }
    MotionFindingsModel *findings() const { return m_findings; }
    QList<AnalysisChart *> charts() const { return m_charts; }
    QTableView *findingsView() const { return m_findingsView; }
    // What a click on a finding over a run of frames offers: its first and its worst frame.
    QMenu *frameMenu() const { return m_frameMenu; }
    // The lint's findings of the whole file (empty until its job ended), and whether it did.
    const bpat::Diagnostics &fileFindings() const { return m_fileFindings; }
    bool lintDone() const { return m_lintDone; }

Q_SIGNALS:
    // The lint of the loaded file ended (findings for the timeline).
    void lintFinished(const bpat::Diagnostics &findings);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void fileChanged();
    void clipChanged();
    void showGait(const bpat::ClipGait &gait);
    void showFindings();
    void jumpTo(int frame, int bone);

    StudioContext *m_context;
    QPointer<JobController> m_jobs;
    GaitMetricsModel *m_metrics;
    MotionFindingsModel *m_findings;
    QLabel *m_summary;
    QTableView *m_metricsView;
    QTableView *m_findingsView;
    QList<AnalysisChart *> m_charts;
    QMenu *m_frameMenu = nullptr;
    std::shared_ptr<const LoadedFile> m_file; // the file the lint and the report are of
    bpat::Diagnostics m_fileFindings;
    bool m_lintDone = false;
    quint64 m_gaitRequest = 0; // the latest report asked for (older ones are dropped)
    // The clip's report is made when the tab is shown: a hidden tab skips it (an offset key
    // dragged in the bone graph publishes a new file on every move).
    bool m_gaitStale = false;
};

} // namespace bpat::studio
