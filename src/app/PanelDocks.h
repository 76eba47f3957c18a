#pragma once
// The main window's dock panels (Header, Clips, Sockets, Palette, Layout, Validation), created
// with their models and docked into it, and the Validate menu connected to them. Panels talk
// only to the StudioContext; this class turns user gestures (select a clip, a bone,
// double-click an issue) into context calls and jumps.
#include "diagnostics/DiagnosticLocation.h"

#include <QObject>
#include <functional>

class QDockWidget;

namespace bpat::studio {

class ClipsModel;
class HeaderModel;
class LayoutBar;
class LayoutModel;
class MainWindow;
class PaletteModel;
class SocketsModel;
class StudioContext;
class TablePanel;
class ValidationPanel;

class PanelDocks : public QObject
{
    Q_OBJECT
public:
    explicit PanelDocks(MainWindow *window);

    HeaderModel *headerModel() const { return m_headerModel; }
    ClipsModel *clipsModel() const { return m_clipsModel; }
    SocketsModel *socketsModel() const { return m_socketsModel; }
    PaletteModel *paletteModel() const { return m_paletteModel; }
    LayoutModel *layoutModel() const { return m_layoutModel; }

    TablePanel *clipsPanel() const { return m_clipsPanel; }
    TablePanel *socketsPanel() const { return m_socketsPanel; }
    TablePanel *palettePanel() const { return m_palettePanel; }
    ValidationPanel *validationPanel() const { return m_validationPanel; }
    QDockWidget *layoutDock() const { return m_layoutDock; } // the Undo History tabs beside it

    // View > Layout Presets. Animator (the default): the clip table across the bottom (the
    // sockets and the validation as tabs beside it), so its columns show even at 1280x720, the
    // Palette (the bones to pick for the Curves tab) on the right, the Header and the
    // byte-level Layout panel closed.
    // Tech artist: the Header and Layout on the left, the Clips, Sockets and Palette on the
    // right, the validation below. Applied to docks in their first arrangement (the window
    // restores it first), in proportions of the window's size.
    enum class Preset {
        Animator,
        TechArtist
    };
    void applyPreset(Preset preset);
    // The Validation panel in front when the shown file has errors (it may be a tab behind the
    // clips in the animator's layout).
    void raiseValidationOnErrors();
    // The default preset's proportions (first start).
    void applyDefaultSizes() { applyPreset(Preset::Animator); }

private:
    void resizeForPreset(Preset preset);
    // Moves the panels to what an issue names (clip, socket, header field, frame, section).
    void jumpTo(const bpat::DiagnosticLocation &location);
    // Calls `picked` with the source row the user makes current in `panel`.
    void onRowPicked(TablePanel *panel, const std::function<void(int)> &picked);
    // Selects the rows of several bones in the Palette panel (no echo back to the context).
    void followBones(const QList<int> &bones);
    // Selects `row` in `panel` unless it is current already (no echo of the panel's own pick).
    static void follow(TablePanel *panel, int row);
    // Shows and raises `dock`, and selects `row` (a source row) of its `panel` unless it is -1.
    static void show(QDockWidget *dock, TablePanel *panel, int row);

    MainWindow *m_window;
    StudioContext *m_context;
    HeaderModel *m_headerModel;
    ClipsModel *m_clipsModel;
    SocketsModel *m_socketsModel;
    PaletteModel *m_paletteModel;
    LayoutModel *m_layoutModel;
    TablePanel *m_headerPanel = nullptr;
    TablePanel *m_clipsPanel = nullptr;
    TablePanel *m_socketsPanel = nullptr;
    TablePanel *m_palettePanel = nullptr;
    TablePanel *m_layoutPanel = nullptr;
    LayoutBar *m_layoutBar = nullptr;
    ValidationPanel *m_validationPanel = nullptr;
    QDockWidget *m_headerDock = nullptr;
    QDockWidget *m_layoutDock = nullptr;
    QDockWidget *m_clipsDock = nullptr;
    QDockWidget *m_socketsDock = nullptr;
    QDockWidget *m_paletteDock = nullptr;
    QDockWidget *m_validationDock = nullptr;
    bool m_followingBones = false;
    int m_pickedWithModifier = -1; // a bone row Ctrl+ or Shift+clicked, made current by the selection change
};

} // namespace bpat::studio
