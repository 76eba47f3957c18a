#pragma once
// The inspector window: menus and status bar from ui/MainWindow.ui, the central view host (3D
// viewport, curve plots) above the timeline, and dockable panels around them. Every panel
// observes the StudioContext; the window only wires them up.
//
// Plugging in (for other views and tools):
//   - setCentralView(widget, title) replaces the viewport placeholder; addCentralView() adds a tab.
//   - addPanel(widget, title, objectName, area) docks a panel and lists it in the View menu.
//   - form() for the menus and actions, all declared in ui/MainWindow.ui (form()->actionSave):
//     the helpers below connect them; none creates, finds or places an action itself.
//   - context() for the open file, current clip/frame/bone and their change signals.
#include "PanelDocks.h"

#include <QMainWindow>
#include <memory>

class QDockWidget;
class QLabel;
class QSplitter;

namespace Ui {
class MainWindow;
}

namespace bpat::studio {

class ViewportWidget;

class CentralViewHost;
class CentralViews;
class CompareActions;
class ConvertActions;
class CrowdActions;
class DocumentActions;
class EditActions;
class MotionActions;
class MotionRepairActions;
class FileReloadWatcher;
class JobController;
class PanelDocks;
class RecentFiles;
class StudioContext;
class TimelineWidget;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    StudioContext *context() const { return m_context; }
    TimelineWidget *timeline() const { return m_timeline; }
    CentralViewHost *centralViews() const { return m_centralViews; }
    // The central views over the timeline (a view can be put beside the others there).
    QSplitter *centralSplitter() const { return m_centralSplitter; }
    PanelDocks *panels() const { return m_panels.get(); }
    // The viewport, curves and analysis tabs, kept in step with the context.
    CentralViews *views() const { return m_views; }
    ViewportWidget *viewport() const;
    // The generated form (ui/MainWindow.ui): every menu and action of the window, by name.
    Ui::MainWindow *form() const { return ui.get(); }
    // Undo/redo, save, clip and socket actions (editing/EditActions.h).
    EditActions *editActions() const { return m_edit; }
    // Clip > Resample / Retime..., Reverse, Mirror Left/Right... (editing/MotionActions.h).
    MotionActions *motionActions() const { return m_motion; }
    // Clip > Repair Motion... and the Fix actions on motion findings (editing/MotionRepairActions.h).
    MotionRepairActions *repairActions() const { return m_repairs; }
    // File > Compare With...: compare mode (CompareActions.h).
    CompareActions *compareActions() const { return m_compare; }
    // File > Convert to... and the game verdict banner above the views (ConvertActions.h).
    ConvertActions *convertActions() const { return m_convert; }
    // View > Crowd...: mixed crowds (CrowdActions.h).
    CrowdActions *crowdActions() const { return m_crowds; }
    // Several open files: their list, tabs and the Window menu (DocumentActions.h).
    DocumentActions *documents() const { return m_documents; }
    // Long jobs (deep checks, rebake, glTF): one controller, shown in the status bar.
    JobController *jobs() const { return m_jobs; }

    void setCentralView(QWidget *view, const QString &title);
    int addCentralView(QWidget *view, const QString &title);
    QDockWidget *addPanel(QWidget *panel, const QString &title, const QString &objectName, Qt::DockWidgetArea area);

    // Opens a file beside the open ones (DocumentList; one open already is shown), reports
    // problems in the status bar (and the validation panel), never in a cascade of dialogs.
    // Returns false when nothing could be read.
    bool openFile(const QString &path);
    // Started without a file: the bundled sample creature, or an empty window with a hint.
    void openStartupFile();
    // Renders the whole window (including GL views) into a PNG.
    bool saveScreenshot(const QString &path);
    // Show error dialogs for explicit user actions (off for --screenshot and tests).
    void setInteractive(bool interactive) { m_interactive = interactive; }
    bool isInteractive() const { return m_interactive; }

    // The dock layout in use: "bpat", "snapshot" or "recording" (the Curves tab in front).
    // Each kind keeps its own layout, remembered between runs; a recording starts with the
    // BPAT docks closed so the curves get the room.
    QString layoutKind() const { return m_layoutKind; }
    // The OpenGL renderer the viewport found (GL_RENDERER), shown in Help > About.
    void setGlRenderer(const QString &renderer) { m_glRenderer = renderer; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void connectActions();
    void createCentralArea();
    void createStatusBar();
    void updateRecentMenu();
    void updateTitle();
    void updateStatusCounts();
    void updateCurrentLabel();
    void showMessage(const QString &text, int timeoutMs = 8000);
    void chooseFileToOpen();
    void chooseScreenshotPath();
    void showAbout();
    void showUserGuide(); // the installed guide, in the application
    void showShortcuts(); // generated from the actions
    void restoreWindowState();
    void saveWindowState() const;
    void resetLayout();
    QString currentDocumentKind() const;
    void applyLayoutKind();
    void applyDefaultLayout(const QString &kind);
    // View > Layout Presets: the docks' first arrangement, then the preset (PanelDocks).
    void applyPreset(PanelDocks::Preset preset);

    std::unique_ptr<Ui::MainWindow> ui;
    StudioContext *m_context = nullptr;
    RecentFiles *m_recent = nullptr;
    FileReloadWatcher *m_watcher = nullptr;
    JobController *m_jobs = nullptr;
    CentralViewHost *m_centralViews = nullptr;
    QSplitter *m_centralSplitter = nullptr;
    TimelineWidget *m_timeline = nullptr;
    std::unique_ptr<PanelDocks> m_panels;
    CentralViews *m_views = nullptr;
    QLabel *m_countsLabel = nullptr;
    QLabel *m_currentLabel = nullptr;
    QByteArray m_defaultState;
    QString m_layoutKind = QStringLiteral("bpat");
    bool m_interactive = true;
    bool m_stateRestored = false;
    bool m_shown = false;
    QString m_glRenderer;
    EditActions *m_edit = nullptr;
    MotionActions *m_motion = nullptr;
    CompareActions *m_compare = nullptr;
    MotionRepairActions *m_repairs = nullptr;
    ConvertActions *m_convert = nullptr;
    CrowdActions *m_crowds = nullptr;
    DocumentActions *m_documents = nullptr;
};

} // namespace bpat::studio
