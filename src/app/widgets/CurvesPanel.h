#pragma once
// The curves panel: on the left the recording's curves as a checkable tree (CurveTreeModel)
// with a search field; on the right a toolbar (frame all / selection, normalize, export PNG /
// CSV) over a CurvePlot, and a status line with what is under the mouse. Checked curves are
// plotted; the tree's selection is what F frames; clicking a curve in the plot selects it in
// the tree. The time cursor is shared with the rest of the application through
// setCursorTime() and cursorTimeScrubbed(). Knows nothing of the chart library.
#include "models/CurveFilterModel.h"
#include "models/CurveTreeModel.h"
#include "plot/CurvePlot.h"

#include <QWidget>
#include <memory>

QT_BEGIN_NAMESPACE
class QAction;
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

    // Shows a recording (null clears the panel). The camera position curves start checked.
    void setAnimation(std::shared_ptr<const bpat::InputAnimation> animation);
    const std::shared_ptr<const bpat::InputAnimation> &animation() const { return m_animation; }

    void setCheckedCurves(const QStringList &names);
    QStringList checkedCurves() const;
    void setSearchText(const QString &text);

    CurvePlot *plot() const { return m_plot; }
    CurveTreeModel *treeModel() const { return m_model; }
    CurveFilterModel *filterModel() const { return m_filter; }
    QTreeView *treeView() const { return m_tree; }
    QAction *normalizeAction() const { return m_normalizeAction; }

    bool exportPng(const QString &path, QString *error = nullptr);
    // The plotted curves over the visible time range (see CurveCsvExporter).
    bool exportCsv(const QString &path, QString *error = nullptr);

public Q_SLOTS:
    void setCursorTime(double seconds);

Q_SIGNALS:
    void cursorTimeScrubbed(double seconds);

private:
    void buildToolbar(QWidget *host);
    void onCheckedChanged(const QStringList &names);
    void onTreeSelectionChanged();
    void onCurveClicked(const QString &name);
    void updateStatus(const QString &hover);
    // Asks for a path with a save dialog and writes it with `write`; a failure is shown in a box.
    void exportInteractively(const QString &title, const QString &filter, const QString &failedTitle,
                             bool (CurvesPanel::*write)(const QString &, QString *));

    std::shared_ptr<const bpat::InputAnimation> m_animation;
    CurveTreeModel *m_model = nullptr;
    CurveFilterModel *m_filter = nullptr;
    QTreeView *m_tree = nullptr;
    QLineEdit *m_search = nullptr;
    CurvePlot *m_plot = nullptr;
    QLabel *m_status = nullptr;
    QAction *m_normalizeAction = nullptr;
    bool m_framed = false;
};

} // namespace bpat::studio
