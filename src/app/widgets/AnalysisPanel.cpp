#include "widgets/AnalysisPanel.h"

#include "StudioContext.h"
#include "jobs/JobController.h"
#include "models/GaitMetricsModel.h"
#include "models/MotionFindingsModel.h"
#include "motion/GaitAnalyzer.h"
#include "motion/MotionLint.h"
#include "plot/AnalysisChart.h"

#include <QHeaderView>
#include <QChart>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <numeric>

namespace bpat::studio {

namespace {

// A clip of more bone positions than this is analysed on the thread pool.
constexpr quint64 SyncPositions = 1u << 20;

// Colours of the plotted quantities, in the order they are added to a plot.
QColor lineColor(int i)
{
    static const QColor colors[] = {QColor(0xd6, 0x4f, 0x3f), QColor(0x3f, 0x8f, 0xd6), QColor(0x4c, 0xa8, 0x5a),
                                    QColor(0xb0, 0x6c, 0xd0), QColor(0xe0, 0x96, 0x2c), QColor(0x4f, 0xb5, 0xb0)};
    return colors[i % 6];
}

QTableView *makeTable(QAbstractItemModel *model)
{
    auto *view = new QTableView;
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    return view;
}

} // namespace

AnalysisPanel::AnalysisPanel(StudioContext *context, JobController *jobs, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_jobs(jobs)
    , m_metrics(new GaitMetricsModel(this))
    , m_findings(new MotionFindingsModel(this))
    , m_summary(new QLabel)
{
    setObjectName(QStringLiteral("analysisPanel"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_metricsView = makeTable(m_metrics);
    // Name and value as wide as their text, the meaning after them: in a 1280 px window the
    // table is about 380 px wide, and a value right-aligned in a wide column sat out of view.
    m_metricsView->horizontalHeader()->setSectionResizeMode(GaitMetricsModel::MetricColumn, QHeaderView::ResizeToContents);
    m_metricsView->horizontalHeader()->setSectionResizeMode(GaitMetricsModel::ValueColumn, QHeaderView::ResizeToContents);
    m_findingsView = makeTable(m_findings);
    m_findingsView->setObjectName(QStringLiteral("analysisFindings"));
    m_frameMenu = new QMenu(this);
    m_frameMenu->setObjectName(QStringLiteral("analysisFrameMenu"));

    auto *tables = new QSplitter(Qt::Horizontal);
    tables->addWidget(m_metricsView);
    tables->addWidget(m_findingsView);
    tables->setStretchFactor(0, 2);
    tables->setStretchFactor(1, 3);

    auto *plots = new QWidget;
    auto *grid = new QGridLayout(plots);
    grid->setContentsMargins(0, 0, 0, 0);
    const QStringList titles{tr("Feet height"), tr("Feet z (forward)"), tr("Body bob and sway (about its mean)"),
                             tr("Limb stretch (length / the game's rig length)")};
    for (int i = 0; i < titles.size(); ++i) {
        auto *chart = new AnalysisChart(titles.at(i));
        grid->addWidget(chart, i / 2, i % 2);
        connect(chart, &AnalysisChart::frameClicked, this, &AnalysisPanel::jumpTo);
        m_charts.append(chart);
    }
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(tables);
    split->addWidget(plots);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({260, 440});
    split->setChildrenCollapsible(false);
    // Never squeezed below readable: four rows of each table and the four plots with their axis
    // titles; a shorter tab (1280x720) scrolls instead, and the timeline keeps its rows.
    const int rowHeight = m_metricsView->verticalHeader()->defaultSectionSize();
    tables->setMinimumHeight(m_metricsView->horizontalHeader()->sizeHint().height() + 4 * rowHeight + 6);
    plots->setMinimumHeight(2 * AnalysisChart::MinimumHeight + grid->spacing());
    auto *scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("analysisScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(split);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(scroll, 1);

    connect(m_findingsView, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const bpat::Diagnostic &d = m_findings->finding(index.row());
        const QList<MotionFindingsModel::FrameChoice> choices = m_findings->frameChoices(index.row());
        if (choices.size() < 2) {
            jumpTo(d.location.frame, d.location.bone);
            return;
        }
        // A finding over a run of frames: the first beyond the tolerance or the worst, the reader's choice.
        m_frameMenu->clear();
        for (const MotionFindingsModel::FrameChoice &c : choices) {
            const int frame = c.frame, bone = d.location.bone;
            m_frameMenu->addAction(tr("Go to frame %1 (%2)").arg(frame).arg(c.what), this,
                                   [this, frame, bone] { jumpTo(frame, bone); });
        }
        m_frameMenu->popup(m_findingsView->viewport()->mapToGlobal(m_findingsView->visualRect(index).bottomLeft()));
    });
    connect(context, &StudioContext::fileLoaded, this, &AnalysisPanel::fileChanged);
    connect(context, &StudioContext::fileClosed, this, &AnalysisPanel::fileChanged);
    connect(context, &StudioContext::currentClipChanged, this, &AnalysisPanel::clipChanged);
    connect(context, &StudioContext::currentFrameChanged, this, [this](int frame) {
        for (AnalysisChart *chart : std::as_const(m_charts))
            chart->setCurrentFrame(frame);
    });
    fileChanged();
}

void AnalysisPanel::fileChanged()
{
    const std::shared_ptr<const LoadedFile> file = m_context->loadedFile();
    if (file == m_file && file)
        return clipChanged(); // the same mapping (a metadata edit shows new bytes as a new file)
    m_file = file;
    m_fileFindings.clear();
    m_lintDone = false;
    if (!file) {
        m_summary->setText(tr("Open a BPAT file to see how its clips move: the game's gait report, motion findings and plots."));
        showGait({});
        return;
    }
    // The lint of the whole file, once, on the thread pool.
    JobController::Work<bpat::Diagnostics> work = [file](QPromise<bpat::Diagnostics> &promise,
                                                         const std::atomic<bool> &cancelled) {
        bpat::MotionLint lint(file->file, {});
        promise.setProgressRange(0, 1000);
        const bpat::Diagnostics found = lint.run(&cancelled, [&promise](quint64 done, quint64 total) {
            promise.setProgressValue(total > 0 ? int(1000 * done / total) : 0);
        });
        promise.addResult(found);
    };
    if (m_jobs) {
        m_jobs->run<bpat::Diagnostics>(tr("Judging the motion"), work, this,
                                       [this, file](std::optional<bpat::Diagnostics> found) {
                                           if (file != m_file || !found)
                                               return;
                                           m_fileFindings = *found;
                                           m_lintDone = true;
                                           showFindings();
                                           Q_EMIT lintFinished(m_fileFindings);
                                       });
    }
    clipChanged();
}

void AnalysisPanel::clipChanged()
{
    const std::shared_ptr<const LoadedFile> file = m_file;
    const int clip = m_context->currentClip();
    if (!file || clip < 0 || clip >= file->file.clips().size()) {
        showGait({});
        return;
    }
    const quint64 request = ++m_gaitRequest;
    const quint64 positions = quint64(file->file.clips().at(clip).frameCount) * file->file.header().boneCount;
    if (positions <= SyncPositions || !m_jobs) {
        showGait(bpat::GaitAnalyzer(file->file).analyze(clip));
        return;
    }
    // Cancellable like every job (the window's exit cancels it and waits for it).
    JobController::Work<bpat::ClipGait> work = [file, clip](QPromise<bpat::ClipGait> &promise,
                                                            const std::atomic<bool> &cancelled) {
        bpat::ClipGait gait = bpat::GaitAnalyzer(file->file).analyze(clip, bpat::GaitAnalyzer::defaultCycleTimes(), &cancelled);
        if (!cancelled)
            promise.addResult(std::move(gait));
    };
    m_jobs->run<bpat::ClipGait>(tr("Analysing %1").arg(file->file.clips().at(clip).name), work, this,
                                [this, request](std::optional<bpat::ClipGait> gait) {
                                    if (gait && request == m_gaitRequest)
                                        showGait(*gait);
                                });
}

void AnalysisPanel::showGait(const bpat::ClipGait &gait)
{
    m_metrics->setGait(gait);
    m_metricsView->resizeColumnsToContents();
    using Kind = bpat::MotionRig::Kind;
    if (gait.clip < 0) {
        for (AnalysisChart *chart : std::as_const(m_charts))
            chart->setLines({}, 0, QString());
        showFindings();
        return;
    }
    QStringList speeds;
    for (const auto &[t, v] : gait.skateFreeSpeeds)
        speeds << QStringLiteral("%1").arg(v, 0, 'f', 3);
    const QString kind = gait.kind == Kind::Humanoid ? tr("the game's humanoid report")
        : gait.kind == Kind::Quadruped               ? tr("the per-foot report")
                                                     : tr("no feet known: stretch only");
    m_summary->setText(
        gait.reported && gait.kind != Kind::Other
            ? tr("<b>%1</b>: %2 frames at %3 fps%4, %5. Skate-free speed %6 m/s for cycles of 0.70 / 0.85 / 1.00 s.")
                  .arg(gait.name.toHtmlEscaped())
                  .arg(gait.frames)
                  .arg(gait.fps)
                  .arg(gait.loops ? tr(", loops") : QString())
                  .arg(kind, speeds.join(QStringLiteral(" / ")))
            : tr("<b>%1</b>: %2 frames at %3 fps, %4. %5")
                  .arg(gait.name.toHtmlEscaped())
                  .arg(gait.frames)
                  .arg(gait.fps)
                  .arg(kind, gait.note.toHtmlEscaped()));

    // Which series go in which plot: feet heights, feet (and hand) z, bob and sway, stretch.
    QList<QList<AnalysisChart::Line>> lines(4);
    QStringList units{QStringLiteral("m"), QStringLiteral("m"), QStringLiteral("m"), tr("ratio")};
    for (const bpat::MotionSeries &s : gait.series) {
        int plot = 3;
        if (s.key.endsWith(QLatin1String("_y")) && s.key != QLatin1String("pelvis_y") && s.key != QLatin1String("body_y")
            && s.key != QLatin1String("lowest_foot_y"))
            plot = 0;
        else if (s.key.endsWith(QLatin1String("_z")))
            plot = 1;
        else if (s.key == QLatin1String("pelvis_y") || s.key == QLatin1String("pelvis_x") || s.key == QLatin1String("body_y")
                 || s.key == QLatin1String("body_x"))
            plot = 2;
        else if (s.key != QLatin1String("stretch"))
            continue; // step width, lowest foot: in the metrics
        AnalysisChart::Line line{s.label, s.values, s.bone, lineColor(int(lines[plot].size()))};
        if (plot == 3 && gait.hasStretch) // the peak the metrics table gives, named alike
            line.label = tr("%1: peak %2 (%3, frame %4)")
                             .arg(s.label)
                             .arg(gait.worstStretch, 0, 'f', 4)
                             .arg(gait.worstLink)
                             .arg(gait.worstFrame);
        if (plot == 2 && !line.values.isEmpty()) { // bob and sway are small against the height: about the mean
            const double mean = std::accumulate(line.values.cbegin(), line.values.cend(), 0.0) / double(line.values.size());
            for (double &v : line.values)
                v -= mean;
        }
        lines[plot].append(line);
    }
    // The stretch plot is titled by its measure: the humanoid's limb stretch (against the game's
    // rig lengths) or the length change (against each bone's median: the lint's BONE_STRETCH).
    if (m_charts.size() > 3)
        m_charts[3]->chart()->setTitle(gait.stretchMeasure == bpat::ClipGait::StretchMeasure::RigLength
                                           ? tr("Limb stretch (length / the game's rig length)")
                                           : tr("Length change (length / its median in the clip)"));
    for (int i = 0; i < m_charts.size(); ++i) {
        m_charts[i]->setLines(lines.at(i), int(gait.frames), units.at(i));
        m_charts[i]->setCurrentFrame(m_context->currentFrame());
    }
    showFindings();
}

void AnalysisPanel::showFindings()
{
    m_findings->setFindings(m_fileFindings, m_context->currentClip(), m_context->hasDocument() ? [this] {
        QStringList names;
        for (int b = 0; b < m_context->document()->boneCount(); ++b)
            names << m_context->boneName(b);
        return names;
    }() : QStringList());
    m_findingsView->resizeColumnsToContents();
    QList<AnalysisChart::Mark> marks;
    for (const bpat::Diagnostic &d : m_findings->findings()) {
        if (d.location.frame >= 0)
            marks.append({d.location.frame, d.location.bone, d.severity, d.message});
    }
    for (AnalysisChart *chart : std::as_const(m_charts))
        chart->setMarks(marks);
}

void AnalysisPanel::jumpTo(int frame, int bone)
{
    if (frame >= 0)
        m_context->setCurrentFrame(frame);
    if (bone >= 0)
        m_context->setCurrentBone(bone);
}

} // namespace bpat::studio
