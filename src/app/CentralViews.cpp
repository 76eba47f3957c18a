#include "CentralViews.h"

#include "BoneCurvesLink.h"
#include "OffsetKeysLink.h"
#include "DocumentActions.h"
#include "document/DocumentList.h"
#include "MainWindow.h"
#include "StudioContext.h"
#include "dialogs/RebakeDialog.h"
#include "document/RecordingState.h"
#include "viewport/ViewportWidget.h"
#include "widgets/AnalysisPanel.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CurvesPanel.h"
#include "PanelDocks.h"
#include "document/ClipContacts.h"
#include "widgets/ContactTrack.h"
#include "widgets/ContactsPanel.h"
#include "widgets/TimelineWidget.h"
#include "widgets/ValidationPanel.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "rebake/RebakeRecipe.h"
#include "ui_MainWindow.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QStatusBar>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTimer>
#include <QTreeView>

namespace bpat::studio {

CentralViews::CentralViews(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , ui(window->form())
{
    installViewport();
    connectViewportMenu();
    connect(window->documents()->documents(), &DocumentList::documentClosed, this,
            [this](const QString &path) { m_cameras.remove(path); });
    connect(ui->actionRebake, &QAction::triggered, this, &CentralViews::openRebakeDialog);
    installCurves();
    installAnalysis();
    installContacts();
    // The view in front sets the room the timeline's rows get (CentralViewHost).
    connect(m_window->centralViews(), &QTabWidget::currentChanged, m_window->timeline(),
            [this] { QTimer::singleShot(0, m_window->timeline(), &TimelineWidget::fitRows); });
}

void CentralViews::installAnalysis()
{
    m_analysis = new AnalysisPanel(m_window->context(), m_window->jobs());
    m_window->addCentralView(m_analysis, tr("Analysis"));
    // The lint's findings of the loaded file marked on the timeline, at their frames; a file
    // shown again with the same mapping keeps the findings the panel has.
    TimelineWidget *timeline = m_window->timeline();
    connect(m_analysis, &AnalysisPanel::lintFinished, timeline, &TimelineWidget::setMotionFindings);
    connect(m_window->context(), &StudioContext::fileLoaded, timeline, [this, timeline] {
        if (m_analysis->lintDone())
            timeline->setMotionFindings(m_analysis->fileFindings());
    });
}

void CentralViews::installContacts()
{
    ClipContacts *contacts = m_window->timeline()->contacts();
    auto *panel = new ContactsPanel(m_window->context(), contacts);
    QDockWidget *dock = m_window->addPanel(panel, tr("Contacts"), QStringLiteral("contactsDock"), Qt::BottomDockWidgetArea);
    // A tab beside the Validation panel, closed until asked for (View > Contacts, or a
    // double-click on the timeline's contact bars): its tab bar would take the height the
    // 1280x720 window needs.
    if (auto *validation = qobject_cast<QDockWidget *>(m_window->panels()->validationPanel()->parentWidget())) {
        m_window->tabifyDockWidget(validation, dock);
        validation->raise();
    }
    dock->hide();
    connect(m_window->timeline()->contactTrack(), &ContactTrack::numbersRequested, dock, [this, dock](int frame) {
        dock->show();
        dock->raise();
        m_window->context()->setCurrentFrame(frame);
    });
    connect(contacts, &ClipContacts::changed, m_viewport, [this, contacts] { m_viewport->setFootContacts(contacts->current()); });
    m_viewport->setFootContacts(contacts->current());
}

void CentralViews::installCurves()
{
    auto *curves = new CurvesPanel;
    m_curves = curves;
    m_window->addCentralView(curves, tr("Curves"));
    CentralViewHost *host = m_window->centralViews();
    RecordingState *recording = m_window->context()->recording();
    connect(recording, &RecordingState::loaded, this, [this, curves, recording, host] {
        curves->setAnimation(recording->recording());
        m_viewport->setRecording(recording->recording());
        m_viewport->setRecordingTime(recording->time());
        if (host->indexOf(curves) >= 0) // else beside the viewport, in view already
            host->setCurrentIndex(host->indexOf(curves));
        recording->setTimelineSource(RecordingState::TimelineSource::Recording);
    });
    // A recording replaced by an opened file (or closed) leaves both views: the viewport shows
    // the file again, in front.
    connect(recording, &RecordingState::closed, this, [this, curves, host] {
        curves->setAnimation(nullptr);
        m_viewport->setRecording(nullptr);
        if (host->currentWidget() == curves)
            host->setCurrentIndex(host->indexOf(m_viewport));
    });
    // One time for the plots, the timeline and the 3D view: the plot's cursor and the viewport's
    // recording follow the recording time, dragging the cursor scrubs; showing the plots makes
    // the timeline play the recording; the viewport shows what the timeline plays (the
    // recording or the clip), so showing it leaves the timeline as it is.
    connect(recording, &RecordingState::timeChanged, curves, &CurvesPanel::setCursorTime);
    connect(curves, &CurvesPanel::cursorTimeScrubbed, recording, [recording, curves](double seconds) {
        if (curves->source() != CurvesPanel::Source::Recording)
            return; // the bone curves' frames: BoneCurvesLink
        recording->setTimelineSource(RecordingState::TimelineSource::Recording);
        recording->setTime(seconds);
    });
    // Joints selected in the tree ("RightHand/IndexTip" from any of its curves, "Camera") get
    // motion paths in the viewport, as the selected bone does.
    connect(curves->treeView()->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this, curves] {
        QStringList joints;
        const QModelIndexList rows = curves->treeView()->selectionModel()->selectedRows();
        for (const QModelIndex &row : rows) {
            for (const QString &curve : row.data(CurveTreeModel::CurveNamesRole).toStringList()) {
                const QString pose = curve.section(u'/', 0, -2);
                if (CurveGroup::fromName(pose) && !joints.contains(pose))
                    joints.append(pose);
            }
        }
        m_selectedJoints = joints;
        updateMotionPaths();
    });
    // Showing the tab while a recording is open plays the recording (its curves are the tab's
    // first use); choosing a clip in the timeline then shows that clip's bones here.
    connect(host, &QTabWidget::currentChanged, recording, [recording, host, curves](int index) {
        if (host->widget(index) == curves)
            recording->setTimelineSource(RecordingState::TimelineSource::Recording);
    });
    // For an open BPAT the tab is its graph editor: the selected bones' local channels.
    m_boneCurves = new BoneCurvesLink(m_window->context(), curves, this);
    // ... and the offset keys over its frames (issue 41).
    m_offsetKeys = new OffsetKeysLink(m_window->context(), curves, m_boneCurves, this);
    connect(ui->actionCurvesBesideViewport, &QAction::toggled, this, &CentralViews::setCurvesBeside);
}

void CentralViews::setCurvesBeside(bool beside)
{
    CentralViewHost *host = m_window->centralViews();
    QSplitter *splitter = m_window->centralSplitter();
    if (beside == (host->indexOf(m_curves) < 0))
        return;
    if (beside) {
        // Under the views, over the timeline: the viewport and the graph share the height.
        host->setCurrentIndex(host->indexOf(m_viewport));
        m_curvesTab = host->takeView(m_curves);
        const QList<int> sizes = splitter->sizes();
        splitter->insertWidget(1, m_curves);
        m_curves->show();
        splitter->setStretchFactor(1, 1);
        splitter->setCollapsible(1, false);
        if (sizes.size() == 2)
            splitter->setSizes({sizes.at(0) / 2, sizes.at(0) - sizes.at(0) / 2, sizes.at(1)});
    } else {
        const QList<int> sizes = splitter->sizes();
        host->putBackView(m_curves, m_curvesTab, tr("Curves"));
        host->setCurrentIndex(host->indexOf(m_curves));
        if (sizes.size() == 3)
            splitter->setSizes({sizes.at(0) + sizes.at(1), sizes.at(2)});
    }
    QSignalBlocker block(ui->actionCurvesBesideViewport);
    ui->actionCurvesBesideViewport->setChecked(beside);
}

bool CentralViews::curvesBeside() const
{
    return m_window->centralViews()->indexOf(m_curves) < 0;
}

void CentralViews::installViewport()
{
    m_viewport = new ViewportWidget;
    m_window->setCentralView(m_viewport, tr("Viewport"));
    StudioContext *context = m_window->context();
    connect(context, &StudioContext::fileLoaded, this, &CentralViews::showFile);
    // A dragged key: the new matrices drawn at once, the view and bodies as they are.
    connect(context, &StudioContext::motionEdited, this,
            [this, context](int clip) { context->document()->showIn(*m_viewport, true, DocumentChange::Motion, clip); });
    connect(context, &StudioContext::fileClosed, this, [this] {
        m_shownPath.clear();
        m_viewport->clear();
    });
    connect(context, &StudioContext::currentClipChanged, this,
            [this, context](int clip) { m_viewport->setCurrentFrame(clip, context->currentFrame()); });
    connect(context, &StudioContext::currentFrameChanged, this,
            [this, context](int frame) { m_viewport->setCurrentFrame(context->currentClip(), frame); });
    connect(context, &StudioContext::currentBoneChanged, m_viewport, &ViewportWidget::setSelectedBone);
    connect(context->recording(), &RecordingState::timeChanged, m_viewport, &ViewportWidget::setRecordingTime);
    connect(context->recording(), &RecordingState::timelineSourceChanged, m_viewport,
            [this](RecordingState::TimelineSource source) {
                m_viewport->setRecordingShown(source == RecordingState::TimelineSource::Recording);
            });
    connect(m_viewport, &ViewportWidget::boneSelected, context, &StudioContext::setCurrentBone);
    // Ctrl+click adds a bone to the selection (the Curves tab plots each) or removes it.
    connect(m_viewport, &ViewportWidget::boneToggled, context, [context](int bone) {
        QList<int> bones = context->selectedBones();
        if (bones.contains(bone)) {
            bones.removeAll(bone);
            context->setSelectedBones(bones);
            if (bones.isEmpty())
                context->setCurrentBone(-1);
            return;
        }
        bones.append(bone);
        context->setSelectedBones(bones);
        context->setCurrentBone(bone);
    });
    connect(context, &StudioContext::selectedBonesChanged, m_viewport, &ViewportWidget::setSelectedBones);
    // What the deep checks found wrong with a bone at a frame is marked on the creature there.
    connect(context, &StudioContext::validationChanged, this, [this, context] {
        QList<ViewportCanvas::FlaggedBone> flagged;
        for (const Diagnostic &d : context->diagnostics()) {
            const bool matrix = d.code == codes::NON_FINITE || d.code == codes::NON_AFFINE || d.code == codes::DEGENERATE_MATRIX;
            if (matrix && d.location.kind == DiagnosticLocation::Kind::Palette && d.location.clip >= 0 && d.location.bone >= 0)
                flagged.append({d.location.clip, d.location.frame, d.location.bone, d.code});
        }
        m_viewport->setFlaggedBones(flagged);
    });
    // The renderer is known once the GL context exists (after the window is first shown).
    QTimer::singleShot(0, this, [this] { m_window->setGlRenderer(m_viewport->glRenderer()); });
}

void CentralViews::showFile()
{
    StudioContext *context = m_window->context();
    // The same document again (an edit, undo/redo, a reload): keep the user's view.
    const bool sameDocument = !m_shownPath.isEmpty() && context->filePath() == m_shownPath;
    ViewportCanvas *canvas = m_viewport->canvas();
    if (!sameDocument && !m_shownPath.isEmpty() && canvas) // another open document: its camera is kept
        m_cameras.insert(m_shownPath, canvas->camera());
    m_shownPath = context->filePath();
    // An edit says what it changed: a metadata-only edit re-uploads nothing.
    context->document()->showIn(*m_viewport, sameDocument, context->lastChanges());
    if (!sameDocument && canvas && m_cameras.contains(m_shownPath)) { // shown again as it was left
        canvas->camera() = m_cameras.value(m_shownPath);
        canvas->update();
    }
    m_viewport->setCurrentFrame(context->currentClip(), context->currentFrame());
    m_viewport->setSelectedBone(context->currentBone());
    m_viewport->setSelectedBones(context->selectedBones());
    m_window->setGlRenderer(m_viewport->glRenderer());
}

void CentralViews::connectViewportMenu()
{
    const struct
    {
        QAction *action;
        ViewportCanvas::Overlay overlay;
    } overlays[] = {
        {ui->actionSkeleton, ViewportCanvas::Skeleton},   {ui->actionJointAxes, ViewportCanvas::JointAxes},
        {ui->actionBoneNames, ViewportCanvas::BoneNames}, {ui->actionSockets, ViewportCanvas::Sockets},
        {ui->actionGrid, ViewportCanvas::Grid},           {ui->actionBounds, ViewportCanvas::Bounds},
        {ui->actionStats, ViewportCanvas::Stats},         {ui->actionControlBones, ViewportCanvas::ControlBones},
    };
    for (const auto &o : overlays) {
        const ViewportCanvas::Overlay overlay = o.overlay;
        connect(o.action, &QAction::toggled, m_viewport, [this, overlay](bool on) { m_viewport->setOverlay(overlay, on); });
    }
    connect(ui->actionPerBoneColors, &QAction::toggled, m_viewport, &ViewportWidget::setPerBoneColors);
    connect(ui->actionInterpolate, &QAction::toggled, m_viewport, &ViewportWidget::setInterpolation);
    // The camera keys work while the viewport has the focus (their shortcut context, in the form).
    const std::pair<QAction *, void (ViewportWidget::*)()> cameraActions[] = {
        {ui->actionFrameAll, &ViewportWidget::frameAll},   {ui->actionResetCamera, &ViewportWidget::resetCamera},
        {ui->actionViewFront, &ViewportWidget::viewFront}, {ui->actionViewSide, &ViewportWidget::viewSide},
        {ui->actionViewTop, &ViewportWidget::viewTop},
    };
    for (const auto &[action, slot] : cameraActions) {
        m_viewport->addAction(action);
        connect(action, &QAction::triggered, m_viewport, slot);
    }
    connectMotionMenu();
    connectBodyMenu();
    const std::pair<QAction *, int> crowdSizes[] = {
        {ui->actionCrowdSingle, 0}, {ui->actionCrowd100, 100}, {ui->actionCrowd1000, 1000}, {ui->actionCrowd10000, 10000}};
    for (const auto &[action, n] : crowdSizes)
        connect(action, &QAction::triggered, m_viewport, [this, n = n] { m_viewport->setCrowdSize(n); });
}

void CentralViews::connectMotionMenu()
{
    StudioContext *context = m_window->context();
    m_viewport->addAction(ui->actionRecordingOverlay);
    connect(ui->actionRecordingOverlay, &QAction::toggled, m_viewport, &ViewportWidget::setRecordingOverlay);
    // The overlay is the deliberate choice that keeps a recording when another file is opened.
    connect(ui->actionRecordingOverlay, &QAction::toggled, context->recording(), &RecordingState::setKeptAsOverlay);

    // Motion paths of the selected bone and of the joints selected in the Curves tree.
    m_viewport->addAction(ui->actionMotionPath);
    connect(ui->actionMotionPath, &QAction::toggled, this, &CentralViews::updateMotionPaths);
    connect(context, &StudioContext::currentBoneChanged, this, &CentralViews::updateMotionPaths);
    connect(context, &StudioContext::currentSocketChanged, this, &CentralViews::updateMotionPaths);

    // Onion skins: how many before and after, and how many frames apart.
    const std::pair<QAction *, int> counts[] = {
        {ui->actionOnionOff, 0}, {ui->actionOnion1, 1}, {ui->actionOnion2, 2}, {ui->actionOnion3, 3}, {ui->actionOnion5, 5}};
    for (const auto &[action, n] : counts) {
        connect(action, &QAction::triggered, this, [this, n = n] {
            m_onionCount = n;
            m_viewport->setOnionSkins(m_onionCount, m_onionSpacing);
        });
    }
    const std::pair<QAction *, int> spacings[] = {
        {ui->actionOnionEvery1, 1}, {ui->actionOnionEvery2, 2}, {ui->actionOnionEvery4, 4}};
    for (const auto &[action, n] : spacings) {
        connect(action, &QAction::triggered, this, [this, n = n] {
            m_onionSpacing = n;
            m_viewport->setOnionSkins(m_onionCount, m_onionSpacing);
        });
    }
    m_viewport->addAction(ui->actionToggleOnionSkins);
    connect(ui->actionToggleOnionSkins, &QAction::triggered, this, [this] {
        m_onionCount = m_onionCount > 0 ? 0 : 2;
        (m_onionCount == 0 ? ui->actionOnionOff : ui->actionOnion2)->setChecked(true);
        m_viewport->setOnionSkins(m_onionCount, m_onionSpacing);
    });
}

void CentralViews::connectBodyMenu()
{
    using Mode = ViewportCanvas::BodyMode;
    const std::pair<QAction *, Mode> modes[] = {
        {ui->actionBodyFull, Mode::Full}, {ui->actionBodyMinimal, Mode::Minimal}, {ui->actionBodyStandIn, Mode::StandIn}};
    for (const auto &[action, mode] : modes)
        connect(action, &QAction::triggered, m_viewport, [this, mode = mode] { m_viewport->setBodyMode(mode); });
    // The menu follows the viewport (--body-view sets it there), and says what is drawn.
    connect(m_viewport, &ViewportWidget::bodyChanged, this, [this, modes] {
        const ViewportCanvas *canvas = m_viewport->canvas();
        if (!canvas)
            return;
        // What is drawn is checked (the stand-in when no body can be drawn, whatever was
        // chosen); a level the file has no body for is disabled, its tooltip says why.
        const Mode drawn = canvas->drawnBodyMode();
        for (const auto &[action, mode] : modes)
            action->setChecked(drawn == mode);
        const QString status = canvas->bodyStatus();
        ui->menuBody->setToolTip(status);
        ui->actionBodyFull->setEnabled(canvas->fullBody().isValid());
        ui->actionBodyMinimal->setEnabled(canvas->minimalBody().isValid());
        for (QAction *action : {ui->actionBodyFull, ui->actionBodyMinimal})
            action->setToolTip(action->isEnabled() ? action->text().remove(u'&') : status);
    });
    ui->menuBody->setToolTipsVisible(true);
    connect(ui->actionAttachBody, &QAction::triggered, this, &CentralViews::attachBody);
    const auto updateAttach = [this] { ui->actionAttachBody->setEnabled(m_window->context()->hasFile()); };
    connect(m_window->context(), &StudioContext::fileLoaded, this, updateAttach);
    connect(m_window->context(), &StudioContext::fileClosed, this, updateAttach);
    updateAttach();
}

void CentralViews::attachBody()
{
    StudioContext *context = m_window->context();
    if (!context->hasFile())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Attach Body"), QFileInfo(context->filePath()).absolutePath(),
                                                      tr("Rigged bodies (*.bprm);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    const std::optional<bpat::BprmFile> body = bpat::BprmFile::open(path, &error);
    if (!body) {
        m_window->statusBar()->showMessage(tr("Cannot attach the body: %1").arg(error));
        return;
    }
    // Its other level of detail comes along when it lies beside it by the game's naming.
    const bpat::BodyFiles::Bodies bodies = bpat::BodyFiles::withSibling(path, body->header().lod);
    m_viewport->setBodyFiles(bodies.full, bodies.minimal);
    if (const ViewportCanvas *canvas = m_viewport->canvas())
        m_window->statusBar()->showMessage(tr("Body: %1").arg(canvas->bodyStatus()));
}

void CentralViews::updateMotionPaths()
{
    StudioContext *context = m_window->context();
    QStringList names;
    if (ui->actionMotionPath->isChecked()) {
        if (context->currentBone() >= 0)
            names.append(context->boneName(context->currentBone()));
        const int socket = context->currentSocket();
        if (socket >= 0 && context->hasFile() && socket < context->file().sockets().size())
            names.append(context->file().sockets().at(socket).name);
        names += m_selectedJoints;
    }
    m_viewport->setMotionPaths(names);
}

void CentralViews::openRebakeDialog()
{
    auto *dialog = new RebakeDialog(m_window, m_window->jobs());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const RecordingState *recording = m_window->context()->recording();
    if (!recording->path().isEmpty()) // already parsed: neither the dialog nor the rebake reads it again
        dialog->setSourceRecording(recording->path(), recording->recording());
    connect(dialog, &RebakeDialog::rebaked, m_window, [this](const QString &path) { m_window->openFile(path); });
    dialog->open();
}

} // namespace bpat::studio
