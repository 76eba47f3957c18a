#pragma once
// The curves panel: on the left the curves as a checkable tree (CurveTreeModel) with a search
// field; on the right a toolbar (frame all / selection, normalize, export PNG / CSV) over a
// CurvePlot, and a status line with what is under the mouse. Checked curves are plotted; the
// tree's selection is what F frames; clicking a curve in the plot selects it in the tree. The
// time cursor is shared with the rest of the application through setCursorTime() and
// cursorTimeScrubbed(). Knows nothing of the chart library.
//
// It shows one of two sources (source()): a recording's curves (setAnimation, time in
// seconds), or the graph editor of a BPAT clip (setBoneCurves: every bone's local channels,
// time in frames, BoneCurveSet), with a rotation choice (Euler order or quaternion) in the
// toolbar. showBones() plots the channels of the bones selected elsewhere (the viewport, the
// Palette panel): the channels last checked, rotation at first.
#include "models/CurveFilterModel.h"
#include "models/CurveTreeModel.h"
#include "plot/BoneCurveSet.h"
#include "plot/CurvePlot.h"

#include <QWidget>
#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QAction;
class QVBoxLayout;
class QComboBox;
class QLabel;
class QLineEdit;
class QTreeView;
QT_END_NAMESPACE

namespace bpat::studio {

class CurvesPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CurvesPanel(QWidget *parent = nullptr);
    ~CurvesPanel() override;

    enum class Source {
        None,
        Recording,
        Bones
    };
    Source source() const { return m_source; }

    // Shows a recording (null clears it: the bone curves come back when there are any). The
    // camera position curves start checked.
    void setAnimation(std::shared_ptr<const bpat::InputAnimation> animation);
    const std::shared_ptr<const bpat::InputAnimation> &animation() const { return m_animation; }

    // The bone curves of a BPAT clip (null: none). Shown unless a recording is; the curves
    // checked before stay checked where the new set has them (another clip, another rotation
    // choice); a new clip is framed.
    void setBoneCurves(std::shared_ptr<const BoneCurveSet> set);
    const std::shared_ptr<const BoneCurveSet> &boneCurves() const { return m_bones; }
    // The same set with new values (BoneCurveSet::refreshed: a key dragged): the plotted curves
    // are drawn again where they are, the tree, the view and the selection stay.
    void updateBoneCurves(std::shared_ptr<const BoneCurveSet> set);
    // Shows the recording or the bone curves (when there are such).
    void showSource(Source source);
    // Plots the channels of `bones` (indices into the set): the kinds of channel checked now
    // ("RotationX", "TranslationY"), rotation when none is.
    void showBones(const QList<int> &bones);
    // The same with the kinds given ("RotationX", "TranslationY"; --channels).
    void showBones(const QList<int> &bones, QStringList kinds);
    // The bones with a plotted curve.
    QList<int> plottedBones() const;
    // The rotation choice of the toolbar: Euler order, or quaternion components.
    BoneCurveSet::Options rotationChoice() const;
    QComboBox *rotationCombo() const { return m_rotation; }

    void setCheckedCurves(const QStringList &names);
    QStringList checkedCurves() const;
    void setSearchText(const QString &text);

    CurvePlot *plot() const { return m_plot; }
    CurveTreeModel *treeModel() const { return m_model; }
    CurveFilterModel *filterModel() const { return m_filter; }
    QTreeView *treeView() const { return m_tree; }
    QAction *normalizeAction() const { return m_normalizeAction; }

    // Curves plotted beside the checked bone curves, made from them (the dimmed originals of the
    // curves under offset keys: OffsetKeysLink); refreshCompanions() asks again.
    void setCompanionCurves(std::function<QList<PlotCurve>(const QList<PlotCurve> &)> companions);
    void refreshCompanions();
    // While set, new bone curves of the same clip keep the view's time and value ranges (an
    // offset key being dragged: the scale stays under the mouse).
    void setKeepView(bool keep) { m_keepView = keep; }
    bool keepsView() const { return m_keepView; }
    // A bar under the toolbar, shown with the bone curves (the offset keys' fields).
    void setEditBar(QWidget *bar);

    bool exportPng(const QString &path, QString *error = nullptr);
    // The plotted curves over the visible time range (see CurveCsvExporter).
    bool exportCsv(const QString &path, QString *error = nullptr);

public Q_SLOTS:
    void setCursorTime(double seconds);

Q_SIGNALS:
    // Seconds of the recording, or the frame of the clip in the bone curves.
    void cursorTimeScrubbed(double seconds);
    // The user chose another Euler order or quaternions: the owner builds the set again.
    void rotationChoiceChanged();
    // The bone curves plotted changed (checked, another set, another clip).
    void plottedCurvesChanged();

private:
    void buildToolbar(QWidget *host);
    void onCheckedChanged(const QStringList &names);
    void onTreeSelectionChanged();
    void onCurveClicked(const QString &name);
    void updateStatus(const QString &hover);
    void updateBoneStatus();
    void showCurves(Source source); // fills the tree and the plot from the source
    // Kinds of channel with the rotation whole for the set's choice (RotationW in quaternions).
    QStringList withRotationKinds(const QStringList &kinds) const;

    // Asks for a path with a save dialog and writes it with `write`; a failure is shown in a box.
    void exportInteractively(const QString &title, const QString &filter, const QString &failedTitle,
                             bool (CurvesPanel::*write)(const QString &, QString *));

    std::shared_ptr<const bpat::InputAnimation> m_animation;
    std::shared_ptr<const BoneCurveSet> m_bones;
    Source m_source = Source::None;
    QStringList m_checkedBones; // what was checked in the bone curves, kept across sets
    QComboBox *m_rotation = nullptr;
    QAction *m_rotationAction = nullptr; // the combo in the toolbar
    CurveTreeModel *m_model = nullptr;
    CurveFilterModel *m_filter = nullptr;
    QTreeView *m_tree = nullptr;
    QLineEdit *m_search = nullptr;
    CurvePlot *m_plot = nullptr;
    QLabel *m_status = nullptr;
    QAction *m_normalizeAction = nullptr;
    bool m_framed = false;
    bool m_keepView = false;
    std::function<QList<PlotCurve>(const QList<PlotCurve> &)> m_companions;
    QVBoxLayout *m_plotLayout = nullptr;
    QWidget *m_editBar = nullptr;
};

} // namespace bpat::studio
