#include "MainWindow.h"
#include "dialogs/ShortcutsDialog.h"
#include "dialogs/UserGuideDialog.h"

#include "DeepCheckRunner.h"
#include "FileReloadWatcher.h"
#include "GltfActions.h"
#include "CompareActions.h"
#include "ConvertActions.h"
#include "widgets/AnalysisPanel.h"
#include "widgets/GameVerdictBanner.h"
#include "CrowdActions.h"
#include "DocumentActions.h"
#include "document/DocumentList.h"
#include "widgets/DocumentTabs.h"
#include "PanelDocks.h"
#include "RecentFiles.h"
#include "StaleMappingCheck.h"
#include "StudioCommandLine.h"
#include "StudioContext.h"
#include "dialogs/AboutDialog.h"
#include "editing/DocumentSession.h"
#include "editing/EditActions.h"
#include "editing/MotionActions.h"
#include "editing/MotionRepairActions.h"
#include "jobs/JobController.h"
#include "jobs/JobStatusWidget.h"
#include "widgets/ValidationPanel.h"
#include "formats/FormatRegistry.h"
#include "io/AtomicFile.h"
#include "ui_MainWindow.h"
#include "CentralViews.h"
#include "anim/InputAnimation.h"
#include "Theme.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TimelineWidget.h"

#include <QApplication>
#include <QCloseEvent>
#include <QShowEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace bpat::studio {

namespace {
constexpr int kStateVersion = 1;
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kCurvesBesideKey = QStringLiteral("mainWindow/curvesBeside"); // View > Curves Beside Viewport

// The dock layout of each document kind; the BPAT one keeps the key of earlier versions.
QString stateKey(const QString &kind)
{
    return kind == QLatin1String("bpat") ? kStateKey : kStateKey + QLatin1Char('-') + kind;
}

// A kind FormatRegistry knows, by name or magic (a recording needs no .bin name).
bool isOpenable(const QString &path)
{
    return FormatRegistry::detect(path) != FileKind::Unknown;
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , ui(std::make_unique<Ui::MainWindow>())
    , m_context(new StudioContext(this))
    , m_recent(new RecentFiles(this))
    , m_watcher(new FileReloadWatcher(this))
    , m_jobs(new JobController(this))
{
    Theme::applySaved(); // before any widget is styled
    ui->setupUi(this);
    setWindowIcon(AboutDialog::applicationIcon());
    m_documents = new DocumentActions(this); // several open files: their tabs go above the views
    createCentralArea();
    createStatusBar();
    statusBar()->addPermanentWidget(new JobStatusWidget(m_jobs, this)); // every long job: progress, Cancel
    m_panels = std::make_unique<PanelDocks>(this);
    m_panels->validationPanel()->runner()->setJobController(m_jobs); // deep checks show in the status bar
    m_edit = new EditActions(this);
    m_motion = new MotionActions(this);   // Clip > Resample / Retime..., Reverse, Mirror Left/Right...
    m_views = new CentralViews(this);     // viewport in the centre, File > Rebake
    new GltfActions(this);                // File > Import glTF..., Export glTF...
    m_compare = new CompareActions(this); // File > Compare With..., the Differences dock
    m_convert = new ConvertActions(this); // File > Convert to..., the game's verdict above the views
    connect(m_views->analysis(), &AnalysisPanel::lintFinished, this, &MainWindow::updateStatusCounts);
    static_cast<QVBoxLayout *>(centralWidget()->layout())->insertWidget(1, m_convert->banner());
    m_crowds = new CrowdActions(this);         // View > Crowd...: mixed crowds
    m_repairs = new MotionRepairActions(this); // Clip > Repair Motion..., Fix on motion findings
    connectActions();
    updateRecentMenu();
    updateTitle();
    updateStatusCounts();
    updateCurrentLabel();
    m_defaultState = saveState(kStateVersion);
    restoreWindowState();
}

MainWindow::~MainWindow() = default;

ViewportWidget *MainWindow::viewport() const
{
    return m_views->viewport();
}

void MainWindow::createCentralArea()
{
    m_centralViews = new CentralViewHost(this);
    m_timeline = new TimelineWidget(m_context, this);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_centralSplitter = splitter;
    splitter->setObjectName(QStringLiteral("centralSplitter"));
    splitter->addWidget(m_centralViews);
    splitter->addWidget(m_timeline);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 0);
    splitter->setCollapsible(0, false);
    splitter->setCollapsible(1, false);
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_documents->tabs()); // hidden until a second file is open
    layout->addWidget(splitter, 1);
    setCentralWidget(central);
    delete ui->centralwidget;
    ui->centralwidget = nullptr;
    ui->menuPlayback->addActions(m_timeline->playbackActions());
    // The window owns the shortcuts so they work wherever the focus is.
    addActions(m_timeline->playbackActions());
}

void MainWindow::setCentralView(QWidget *view, const QString &title)
{
    m_centralViews->setPrimaryView(view, title);
}

int MainWindow::addCentralView(QWidget *view, const QString &title)
{
    return m_centralViews->addView(view, title);
}

QDockWidget *MainWindow::addPanel(QWidget *panel, const QString &title, const QString &objectName, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(panel);
    addDockWidget(area, dock);
    restoreDockWidget(dock); // where the user left it, when it is added after restoreState()
    ui->menuView->insertAction(ui->menuViewport->menuAction(), dock->toggleViewAction());
    return dock;
}

void MainWindow::createStatusBar()
{
    m_currentLabel = new QLabel(this);
    m_currentLabel->setObjectName(QStringLiteral("currentPositionLabel"));
    m_countsLabel = new QLabel(this);
    m_countsLabel->setTextFormat(Qt::RichText);
    statusBar()->addPermanentWidget(m_currentLabel);
    statusBar()->addPermanentWidget(m_countsLabel);
}

void MainWindow::connectActions()
{
    connect(ui->actionOpen, &QAction::triggered, this, &MainWindow::chooseFileToOpen);
    connect(ui->actionReload, &QAction::triggered, this, [this] {
        if (m_edit->maybeSave() && m_context->reload() != StudioContext::OpenResult::Failed)
            showMessage(tr("Reloaded %1").arg(QFileInfo(m_context->filePath()).fileName()));
    });
    // What is shown goes: the recording the timeline plays, else the shown document.
    connect(ui->actionClose, &QAction::triggered, m_documents, &DocumentActions::closeShown);
    connect(ui->actionSaveScreenshot, &QAction::triggered, this, &MainWindow::chooseScreenshotPath);
    connect(ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(ui->actionResetLayout, &QAction::triggered, this, &MainWindow::resetLayout);
    connect(ui->actionLayoutAnimator, &QAction::triggered, this, [this] { applyPreset(PanelDocks::Preset::Animator); });
    connect(ui->actionLayoutTechArtist, &QAction::triggered, this, [this] { applyPreset(PanelDocks::Preset::TechArtist); });
    ui->actionDarkTheme->setChecked(Theme::isDark());
    connect(ui->actionDarkTheme, &QAction::toggled, this, [](bool dark) { Theme::setDark(dark); });
    connect(ui->actionAbout, &QAction::triggered, this, &MainWindow::showAbout);
    connect(ui->actionUserGuide, &QAction::triggered, this, &MainWindow::showUserGuide);
    connect(ui->actionKeyboardShortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    connect(ui->actionCopy, &QAction::triggered, this, [] {
        for (QWidget *w = QApplication::focusWidget(); w; w = w->parentWidget()) {
            if (auto *view = qobject_cast<CopyableTableView *>(w)) {
                view->copySelection();
                return;
            }
        }
    });
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::updateRecentMenu);

    connect(m_context, &StudioContext::fileLoaded, this, [this] {
        m_watcher->watch(m_context->filePath());
        m_recent->add(m_context->filePath());
        updateTitle();
    });
    // Recordings are recent files too.
    connect(m_context->recording(), &RecordingState::loaded, m_recent, &RecentFiles::add);
    connect(m_context, &StudioContext::fileClosed, this, [this] {
        m_watcher->watch(QString());
        updateTitle();
    });
    // The title and File > Close follow what is shown: a recording has them too.
    connect(m_context->recording(), &RecordingState::loaded, this, &MainWindow::updateTitle);
    connect(m_context->recording(), &RecordingState::closed, this, &MainWindow::updateTitle);
    connect(m_context->recording(), &RecordingState::closed, this, &MainWindow::applyLayoutKind);
    connect(m_context->recording(), &RecordingState::timelineSourceChanged, this, &MainWindow::updateTitle);
    connect(m_context, &StudioContext::validationChanged, this, &MainWindow::updateStatusCounts);
    connect(m_context, &StudioContext::currentClipChanged, this, &MainWindow::updateCurrentLabel);
    connect(m_context, &StudioContext::currentFrameChanged, this, &MainWindow::updateCurrentLabel);
    connect(m_context->recording(), &RecordingState::timelineSourceChanged, this, &MainWindow::updateCurrentLabel);
    // Each document kind has its own dock layout.
    connect(m_context->recording(), &RecordingState::timelineSourceChanged, this, &MainWindow::applyLayoutKind);
    connect(m_context, &StudioContext::fileLoaded, this, &MainWindow::applyLayoutKind);
    connect(m_context->recording(), &RecordingState::loaded, this, &MainWindow::applyLayoutKind);
    connect(m_context->recording(), &RecordingState::timeChanged, this, &MainWindow::updateCurrentLabel);
    connect(m_context, &StudioContext::message, this, [this](const QString &text) { showMessage(text); });
    connect(m_watcher, &FileReloadWatcher::changed, this, [this](const QString &path) {
        if (m_edit->handleDiskChange(path)) // our own save, or unsaved edits to keep
            return;
        if (!QFileInfo::exists(path)) {
            showMessage(tr("%1 was removed from disk; showing the last version read").arg(QFileInfo(path).fileName()), 0);
            return;
        }
        if (m_context->reload() != StudioContext::OpenResult::Failed)
            showMessage(tr("%1 changed on disk and was reloaded").arg(QFileInfo(path).fileName()));
    });
    // A mapped file that shrank is noticed by the mapping guard after a read faulted: checked
    // after the moments reads happen (StaleMappingCheck), not by a timer.
    new StaleMappingCheck(m_context, m_watcher, this);
}

bool MainWindow::openFile(const QString &path)
{
    // Beside the open files: nothing shown is replaced, so there is nothing to ask.
    const StudioContext::OpenResult result = m_documents->documents()->open(path);
    const QString name = QFileInfo(path).fileName();
    switch (result) {
    case StudioContext::OpenResult::Opened: showMessage(tr("Opened %1").arg(name)); return true;
    case StudioContext::OpenResult::OpenedWithErrors:
        showMessage(tr("Opened %1: it has validation errors (see the Validation panel)").arg(name), 0);
        m_panels->raiseValidationOnErrors();
        return true;
    case StudioContext::OpenResult::Failed: break;
    }
    showMessage(m_context->lastError(), 0);
    if (m_interactive && isVisible())
        QMessageBox::warning(this, tr("Cannot open %1").arg(name), m_context->lastError());
    return false;
}

void MainWindow::openStartupFile()
{
    const QString sample = bundledSamplePath();
    if (QFileInfo::exists(sample)) {
        openFile(sample);
        return;
    }
    showMessage(tr("Welcome to BPAT Studio. Open a .bpat or .bpsm file with File > Open or drop one here."), 0);
}

bool MainWindow::saveScreenshot(const QString &path)
{
    const QPixmap pixmap = grab();
    if (pixmap.isNull())
        return false;
    // Through the one save path: a device, FIFO or dangling link as the target is refused.
    QString error;
    return AtomicFile::write(
        path, [&pixmap](QIODevice *device, QString *) { return pixmap.save(device, "PNG"); }, &error);
}

void MainWindow::chooseFileToOpen()
{
    const QString folder = m_context->filePath().isEmpty() ? QString() : QFileInfo(m_context->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), folder, FormatRegistry::openFilters());
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::chooseScreenshotPath()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save Screenshot"), QStringLiteral("bpat-studio.png"), tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (saveScreenshot(path))
        showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()));
    else
        showMessage(tr("Could not write %1").arg(path), 0);
}

void MainWindow::updateRecentMenu()
{
    ui->menuRecent->clear();
    const QStringList files = m_recent->files();
    const QStringList labels = RecentFiles::menuLabels(files); // same-named files told apart
    ui->menuRecent->setToolTipsVisible(true);                  // the full path on hover
    for (int i = 0; i < files.size(); ++i) {
        const QString &path = files.at(i);
        QString label = labels.at(i);
        label.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction *action = ui->menuRecent->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(label));
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] {
            if (!openFile(path) && !QFileInfo::exists(path))
                m_recent->remove(path);
        });
    }
    if (!files.isEmpty()) {
        ui->menuRecent->addSeparator();
        ui->menuRecent->addAction(tr("Clear Recent Files"), m_recent, &RecentFiles::clear);
    }
    ui->menuRecent->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle()
{
    // The title names what is shown: the recording while the timeline plays it (or when nothing
    // else is open), else the document.
    const RecordingState *recording = m_context->recording();
    const QString path = m_context->filePath();
    const bool showsRecording = recording->hasRecording() && (recording->drivesTimeline() || path.isEmpty());
    const QString shown = showsRecording ? recording->path() : path;
    setWindowFilePath(shown);
    if (shown.isEmpty())
        setWindowTitle(tr("BPAT Studio"));
    else if (showsRecording)
        setWindowTitle(tr("%1 (recording) - BPAT Studio").arg(QFileInfo(shown).fileName()));
    else
        setWindowTitle(tr("%1[*] - BPAT Studio").arg(QFileInfo(shown).fileName()));
    setWindowModified(!showsRecording && m_context->session()->isModified());
    ui->actionReload->setEnabled(!path.isEmpty());
    ui->actionClose->setEnabled(!path.isEmpty() || recording->hasRecording());
}

void MainWindow::updateStatusCounts()
{
    if (!m_context->hasDocument()) {
        m_countsLabel->clear();
        return;
    }
    const DiagnosticCounts counts = countDiagnostics(m_context->diagnostics());
    const auto dot = [](const QColor &colour) {
        return QStringLiteral("<span style='color:%1'>&#9679;</span>").arg(colour.name());
    };
    const auto count = [](int n, const QString &one, const QString &many) { return n == 1 ? one : many.arg(n); };
    QString text = QStringLiteral("%1 %2 &nbsp; %3 %4 &nbsp; %5 %6")
                       .arg(dot(Theme::errorColor()), count(counts.errors, tr("1 error"), tr("%1 errors")))
                       .arg(dot(Theme::warningColor()), count(counts.warnings, tr("1 warning"), tr("%1 warnings")))
                       .arg(dot(Theme::infoColor()), tr("%1 info").arg(counts.infos));
    text += QStringLiteral(" (%1%2)").arg(m_context->rulesDescription(), m_context->deepChecked() ? tr(", deep") : QString());
    // The motion lint's findings (the Analysis tab, the timeline), unless the Validation panel
    // shows them already (the motion profile).
    const AnalysisPanel *analysis = m_views ? m_views->analysis() : nullptr;
    if (analysis && m_context->hasFile() && m_context->profile() != ValidationProfile::Motion) {
        if (!analysis->lintDone()) {
            text += tr(" &nbsp;· motion: judging…");
        } else {
            const DiagnosticCounts motion = countDiagnostics(analysis->fileFindings());
            QStringList parts;
            if (motion.errors > 0)
                parts << count(motion.errors, tr("1 error"), tr("%1 errors"));
            if (motion.warnings > 0)
                parts << count(motion.warnings, tr("1 warning"), tr("%1 warnings"));
            text += tr(" &nbsp;· motion: %1").arg(parts.isEmpty() ? tr("no findings") : parts.join(QStringLiteral(", ")));
        }
    }
    m_countsLabel->setText(text);
    m_countsLabel->setToolTip(tr("The Validation panel's findings (%1), and the motion lint's findings of the whole file "
                                 "(the Analysis tab, the timeline's findings row)")
                                  .arg(m_context->rulesDescription()));
}

void MainWindow::updateCurrentLabel()
{
    // The position of what plays in the active tab: the recording's time when its tab drives
    // the timeline, else the BPAT clip's frame.
    if (m_context->recording()->drivesTimeline()) {
        const auto animation = m_context->recording()->recording();
        m_currentLabel->setText(tr("%1  %2 s / %3 s")
                                    .arg(QFileInfo(m_context->recording()->path()).fileName())
                                    .arg(m_context->recording()->time(), 0, 'f', 3)
                                    .arg(animation->duration(), 0, 'f', 3));
        return;
    }
    const int clip = m_context->currentClip();
    const QList<ClipEntry> clips = m_context->clipEntries();
    if (clip < 0 || clip >= clips.size()) {
        m_currentLabel->clear();
        return;
    }
    // Frames count from 0 (as the timeline's field): the last frame of a 24-frame clip is 23 / 23.
    m_currentLabel->setText(tr("%1  frame %2 / %3")
                                .arg(clips.at(clip).name)
                                .arg(m_context->currentFrame())
                                .arg(std::max(0, m_context->frameCount() - 1)));
}

void MainWindow::showMessage(const QString &text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::showAbout()
{
    AboutDialog dialog(m_glRenderer, this);
    dialog.exec();
}

void MainWindow::showUserGuide()
{
    const QString path = UserGuideDialog::guidePath();
    if (path.isEmpty()) {
        QMessageBox::warning(this, tr("User Guide"),
                             tr("The user guide is not installed. It was looked for in:\n%1")
                                 .arg(UserGuideDialog::candidatePaths().join(QLatin1Char('\n'))));
        return;
    }
    auto *dialog = new UserGuideDialog(path, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show(); // beside the window, not modal: read while working
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(menuBar()->actions(), this);
    dialog.exec();
}

void MainWindow::restoreWindowState()
{
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    m_stateRestored = restoreState(settings.value(stateKey(m_layoutKind)).toByteArray(), kStateVersion);
    m_views->setCurvesBeside(settings.value(kCurvesBesideKey, false).toBool());
}

void MainWindow::saveWindowState() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(stateKey(m_layoutKind), saveState(kStateVersion));
    settings.setValue(kCurvesBesideKey, m_views->curvesBeside());
}

void MainWindow::resetLayout()
{
    applyDefaultLayout(m_layoutKind);
}

QString MainWindow::currentDocumentKind() const
{
    if (m_context->recording()->drivesTimeline())
        return QStringLiteral("recording");
    // A body, like a snapshot, has no palette or sockets to show.
    const OpenDocument *document = m_context->document();
    return document && (document->kind() == FileKind::Bpsm || document->kind() == FileKind::Bprm) ? QStringLiteral("snapshot")
                                                                                                  : QStringLiteral("bpat");
}

void MainWindow::applyPreset(PanelDocks::Preset preset)
{
    restoreState(m_defaultState, kStateVersion);
    m_panels->applyPreset(preset);
}

void MainWindow::applyDefaultLayout(const QString &kind)
{
    restoreState(m_defaultState, kStateVersion);
    if (kind == QLatin1String("recording")) {
        // The curves get the room: the BPAT docks have nothing to show for a recording (the
        // View menu opens any of them, and the layout then stays as the user left it).
        for (QDockWidget *dock : findChildren<QDockWidget *>())
            dock->hide();
        return;
    }
    m_panels->applyDefaultSizes();
}

void MainWindow::applyLayoutKind()
{
    const QString kind = currentDocumentKind();
    if (kind == m_layoutKind)
        return;
    QSettings settings;
    settings.setValue(stateKey(m_layoutKind), saveState(kStateVersion)); // as the user left it
    m_layoutKind = kind;
    if (!restoreState(settings.value(stateKey(kind)).toByteArray(), kStateVersion))
        applyDefaultLayout(kind);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!m_shown && !m_stateRestored) // first start: proportions of the real window size, once laid out
        QTimer::singleShot(0, this, [this] { m_panels->applyDefaultSizes(); });
    m_shown = true;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_documents->documents()->confirmCloseAll()) { // each modified document, shown in turn
        event->ignore();
        return;
    }
    saveWindowState();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    const bool any = std::any_of(urls.cbegin(), urls.cend(),
                                 [](const QUrl &url) { return url.isLocalFile() && isOpenable(url.toLocalFile()); });
    if (any)
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    // Every file of a kind FormatRegistry knows opens, each beside the others (the last shown).
    bool opened = false;
    for (const QUrl &url : event->mimeData()->urls()) {
        if (url.isLocalFile() && isOpenable(url.toLocalFile()))
            opened = openFile(url.toLocalFile()) || opened;
    }
    if (opened)
        event->acceptProposedAction();
}

} // namespace bpat::studio
