#pragma once
// The main window's central views: the 3D viewport and the curves panel as tabs of its
// CentralViewHost, kept in step with the StudioContext (open file, current clip/frame/bone and
// selected bones, recording time; the curves panel's bone graph through BoneCurvesLink), with
// the View > Viewport menu and File > Rebake (for the recording they show) connected to them.
// The viewport keeps the camera of each open document while another is shown. The window
// itself stays unaware of both views. With them the views of the current clip's motion beside
// the timeline: the Contacts dock and the lint's findings on the timeline.
#include "viewport/OrbitCamera.h"

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>


namespace Ui {
class MainWindow;
}

namespace bpat::studio {

class AnalysisPanel;
class BoneCurvesLink;
class OffsetKeysLink;
class CurvesPanel;
class ViewportWidget;

class MainWindow;

class CentralViews : public QObject
{
    Q_OBJECT
public:
    explicit CentralViews(MainWindow *window);

    ViewportWidget *viewport() const { return m_viewport; }
    AnalysisPanel *analysis() const { return m_analysis; }
    CurvesPanel *curves() const { return m_curves; }
    BoneCurvesLink *boneCurves() const { return m_boneCurves; }
    OffsetKeysLink *offsetKeys() const { return m_offsetKeys; }
    // View > Curves Beside Viewport: the Curves under the viewport (out of the tabs), so the
    // creature is in view while keys are dragged in the bone graph; off puts the tab back.
    void setCurvesBeside(bool beside);
    bool curvesBeside() const;

private:
    void installViewport();
    void connectViewportMenu(); // View > Viewport
    void connectMotionMenu();   // recording overlay, motion paths, onion skins
    void connectBodyMenu();     // View > Body, File > Attach Body...
    void attachBody();
    void updateMotionPaths(); // the selected bone and Curves-tree joints, while the action is on
    void installCurves();     // the curves panel as a central tab, shown when a .bin is opened
    void installAnalysis();   // the Analysis tab: gait report, motion findings, plots
    // The ground contacts of the current clip (the timeline's ClipContacts): the Contacts dock
    // and the viewport's planted-foot rings.
    void installContacts();
    void showFile();
    void openRebakeDialog();

    MainWindow *m_window;
    Ui::MainWindow *ui; // View > Viewport, File > Rebake
    ViewportWidget *m_viewport = nullptr;
    AnalysisPanel *m_analysis = nullptr;
    CurvesPanel *m_curves = nullptr;
    BoneCurvesLink *m_boneCurves = nullptr;
    OffsetKeysLink *m_offsetKeys = nullptr;
    int m_curvesTab = 1;          // the Curves' tab while they are beside the viewport
    QStringList m_selectedJoints; // pose names ("RightHand/IndexTip") selected in the Curves tree
    int m_onionCount = 0;
    int m_onionSpacing = 1;
    QString m_shownPath;                   // the document the viewport shows (its camera stays while it does)
    QHash<QString, OrbitCamera> m_cameras; // of the other open documents, by path
};

} // namespace bpat::studio
