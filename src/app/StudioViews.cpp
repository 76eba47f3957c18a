#include "StudioViews.h"

#include "MainWindow.h"
#include "StudioContext.h"
#include "dialogs/RebakeDialog.h"
#include "document/RecordingState.h"
#include "viewport/ViewportWidget.h"
#include "widgets/CentralViewHost.h"
#include "widgets/CurvesPanel.h"
#include "rebake/RebakeRecipe.h"

#include <QAction>
#include <QActionGroup>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QMenu>
#include <QTimer>
#include <QTreeView>

namespace bpat::studio {

StudioViews::StudioViews(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
    installViewport();
    installViewportMenu();
    installRebake();
    installCurves();
}

void StudioViews::installCurves()
{
    auto *curves = new CurvesPanel;
    const int tab = m_window->addCentralView(curves, tr("Curves"));
    RecordingState *recording = m_window->context()->recording();
    connect(recording, &RecordingState::loaded, this, [this, curves, recording, tab] {
        curves->setAnimation(recording->recording());
        m_viewport->setRecording(recording->recording());
        m_viewport->setRecordingTime(recording->time());
        m_window->centralViews()->setCurrentIndex(tab);
        recording->setTimelineSource(RecordingState::TimelineSource::Recording);
    });
    // One time for the plots, the timeline and the 3D view: the plot's cursor and the viewport's
    // recording follow the recording time, dragging the cursor scrubs; showing the plots makes
    // the timeline play the recording; the viewport shows what the timeline plays (the
    // recording or the clip), so showing it leaves the timeline as it is.
    connect(recording, &RecordingState::timeChanged, curves, &CurvesPanel::setCursorTime);
    connect(curves, &CurvesPanel::cursorTimeScrubbed, recording, [recording](double seconds) {
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
    connect(m_window->centralViews(), &QTabWidget::currentChanged, recording, [recording, tab](int index) {
        if (index == tab)
            recording->setTimelineSource(RecordingState::TimelineSource::Recording);
    });
}

void StudioViews::installViewport()
{
    m_viewport = new ViewportWidget;
    m_window->setCentralView(m_viewport, tr("Viewport"));
    StudioContext *context = m_window->context();
    connect(context, &StudioContext::fileLoaded, this, &StudioViews::showFile);
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
    // The renderer is known once the GL context exists (after the window is first shown).
    QTimer::singleShot(0, this, [this] { m_window->setGlRenderer(m_viewport->glRenderer()); });
}

void StudioViews::showFile()
{
    StudioContext *context = m_window->context();
    // The same document again (an edit, undo/redo, a reload): keep the user's view.
    const bool sameDocument = !m_shownPath.isEmpty() && context->filePath() == m_shownPath;
    m_shownPath = context->filePath();
    // An edit says what it changed: a metadata-only edit re-uploads nothing.
    context->document()->showIn(*m_viewport, sameDocument, context->lastChanges());
    m_viewport->setCurrentFrame(context->currentClip(), context->currentFrame());
    m_viewport->setSelectedBone(context->currentBone());
    m_window->setGlRenderer(m_viewport->glRenderer());
}

void StudioViews::installViewportMenu()
{
    QMenu *menu = m_window->menu(MainWindow::Menu::View)->addMenu(tr("&Viewport"));
    const struct
    {
        ViewportCanvas::Overlay overlay;
        QString text;
        bool on;
    } overlays[] = {
        {ViewportCanvas::Skeleton, tr("Skeleton"), true},  {ViewportCanvas::JointAxes, tr("Joint Axes"), false},
        {ViewportCanvas::BoneNames, tr("Bone Names on Hover"), true}, {ViewportCanvas::Sockets, tr("Sockets"), true},
        {ViewportCanvas::Grid, tr("Ground Grid"), true},   {ViewportCanvas::Bounds, tr("Bounds"), false},
        {ViewportCanvas::Stats, tr("Statistics"), true},
    };
    for (const auto &o : overlays) {
        QAction *action = menu->addAction(o.text);
        action->setCheckable(true);
        action->setChecked(o.on);
        const ViewportCanvas::Overlay overlay = o.overlay;
        connect(action, &QAction::toggled, m_viewport, [this, overlay](bool on) { m_viewport->setOverlay(overlay, on); });
    }
    menu->addSeparator();
    QAction *perBone = menu->addAction(tr("Per-Bone Colours"));
    perBone->setCheckable(true);
    connect(perBone, &QAction::toggled, m_viewport, &ViewportWidget::setPerBoneColors);
    QAction *interpolate = menu->addAction(tr("Interpolate Between Frames"));
    interpolate->setCheckable(true);
    connect(interpolate, &QAction::toggled, m_viewport, &ViewportWidget::setInterpolation);
    menu->addSeparator();
    const auto addCameraAction = [&](const QString &text, const QKeySequence &key, void (ViewportWidget::*slot)()) {
        QAction *action = menu->addAction(text);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_viewport->addAction(action);
        connect(action, &QAction::triggered, m_viewport, slot);
    };
    addCameraAction(tr("Frame All"), QKeySequence(Qt::Key_F), &ViewportWidget::frameAll);
    addCameraAction(tr("Reset Camera"), QKeySequence(Qt::Key_0), &ViewportWidget::resetCamera);
    addCameraAction(tr("Front View"), QKeySequence(Qt::Key_1), &ViewportWidget::viewFront);
    addCameraAction(tr("Side View"), QKeySequence(Qt::Key_3), &ViewportWidget::viewSide);
    addCameraAction(tr("Top View"), QKeySequence(Qt::Key_7), &ViewportWidget::viewTop);
    installMotionMenu(menu);
    menu->addSeparator();
    QMenu *crowd = menu->addMenu(tr("Crowd"));
    for (int n : {0, 100, 1000, 10000}) {
        QAction *action = crowd->addAction(n == 0 ? tr("Single Creature") : tr("%1 Instances").arg(n));
        connect(action, &QAction::triggered, m_viewport, [this, n] { m_viewport->setCrowdSize(n); });
    }
}

void StudioViews::installMotionMenu(QMenu *menu)
{
    menu->addSeparator();
    StudioContext *context = m_window->context();
    QAction *overlay = menu->addAction(tr("Recording Over Creature"));
    overlay->setObjectName(QStringLiteral("actionRecordingOverlay"));
    overlay->setCheckable(true);
    overlay->setShortcut(QKeySequence(Qt::Key_V));
    overlay->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_viewport->addAction(overlay);
    connect(overlay, &QAction::toggled, m_viewport, &ViewportWidget::setRecordingOverlay);

    // Motion paths of the selected bone and of the joints selected in the Curves tree.
    m_motionPathAction = menu->addAction(tr("Motion Paths of Selected Bones, Sockets and Joints"));
    m_motionPathAction->setObjectName(QStringLiteral("actionMotionPath"));
    m_motionPathAction->setCheckable(true);
    m_motionPathAction->setShortcut(QKeySequence(Qt::Key_P));
    m_motionPathAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_viewport->addAction(m_motionPathAction);
    connect(m_motionPathAction, &QAction::toggled, this, &StudioViews::updateMotionPaths);
    connect(context, &StudioContext::currentBoneChanged, this, &StudioViews::updateMotionPaths);
    connect(context, &StudioContext::currentSocketChanged, this, &StudioViews::updateMotionPaths);

    QMenu *onion = menu->addMenu(tr("Onion Skins"));
    auto *counts = new QActionGroup(onion);
    for (int n : {0, 1, 2, 3, 5}) {
        QAction *action = onion->addAction(n == 0 ? tr("Off") : tr("%n Before and After", nullptr, n));
        action->setCheckable(true);
        action->setChecked(n == 0);
        counts->addAction(action);
        connect(action, &QAction::triggered, this, [this, n] {
            m_onionCount = n;
            m_viewport->setOnionSkins(m_onionCount, m_onionSpacing);
        });
    }
    onion->addSeparator();
    auto *spacings = new QActionGroup(onion);
    for (int n : {1, 2, 4}) {
        QAction *action = onion->addAction(tr("Every %n Frame(s)", nullptr, n));
        action->setCheckable(true);
        action->setChecked(n == 1);
        spacings->addAction(action);
        connect(action, &QAction::triggered, this, [this, n] {
            m_onionSpacing = n;
            m_viewport->setOnionSkins(m_onionCount, m_onionSpacing);
        });
    }
    QAction *toggle = onion->addAction(tr("Toggle Onion Skins"));
    toggle->setShortcut(QKeySequence(Qt::Key_O));
    toggle->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_viewport->addAction(toggle);
    connect(toggle, &QAction::triggered, this, [this, counts] {
        m_onionCount = m_onionCount > 0 ? 0 : 2;
        for (QAction *a : counts->actions())
            a->setChecked(a->text() == (m_onionCount == 0 ? tr("Off") : tr("%n Before and After", nullptr, 2)));
        m_viewport->setOnionSkins(m_onionCount, m_onionSpacing);
    });
}

void StudioViews::updateMotionPaths()
{
    StudioContext *context = m_window->context();
    QStringList names;
    if (m_motionPathAction && m_motionPathAction->isChecked()) {
        if (context->currentBone() >= 0)
            names.append(context->boneName(context->currentBone()));
        const int socket = context->currentSocket();
        if (socket >= 0 && context->hasFile() && socket < context->file().sockets().size())
            names.append(context->file().sockets().at(socket).name);
        names += m_selectedJoints;
    }
    m_viewport->setMotionPaths(names);
}

void StudioViews::installRebake()
{
    QMenu *file = m_window->menu(MainWindow::Menu::File);
    auto *action = new QAction(tr("&Rebake..."), this);
    action->setObjectName(QStringLiteral("actionRebake"));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    // Before Quit (the last action), after its separator.
    const QList<QAction *> actions = file->actions();
    file->insertAction(actions.size() >= 2 ? actions.at(actions.size() - 2) : nullptr, action);
    connect(action, &QAction::triggered, this, &StudioViews::openRebakeDialog);
}

void StudioViews::openRebakeDialog()
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
