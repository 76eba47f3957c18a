#pragma once
// The motion repairs in the window: Clip > Repair Motion... (RepairMotionDialog, with its
// preview) and a Fix action on each motion finding, in the context menu of the Validation
// panel's issues, the Analysis tab's findings and the timeline's finding marks. Each repair is
// one undo step (RepairMotionCommand on the shown document's DocumentSession); the views keep
// their own code: this class only adds the menus to them from outside.
#include "diagnostics/Diagnostic.h"
#include "repair/FixOptions.h"

#include <QObject>
#include <QPointer>
#include <functional>
#include <optional>

class QAbstractItemView;
class QPoint;

namespace bpat::studio {

class MainWindow;
class RepairMotionDialog;

class MotionRepairActions : public QObject
{
    Q_OBJECT
public:
    explicit MotionRepairActions(MainWindow *window);

    // The repair a finding asks for (its clip, that finding only), or nullopt for one no repair
    // addresses; *label is the menu's text ("Fix: smooth the pop").
    static std::optional<bpat::FixOptions> optionsFor(const bpat::Diagnostic &finding, QString *label = nullptr);
    // Repairs one finding as one undo step; false (and a message) when refused or nothing changed.
    bool fixFinding(const bpat::Diagnostic &finding);
    // Clip > Repair Motion...: the dialog for the current clip; modal unless `show` is false
    // (then it is returned open, previewed with `repairs`: --repair-preview).
    RepairMotionDialog *openDialog(const QStringList &repairs = {}, bool modal = true);

private:
    void addFindingMenu(QAbstractItemView *view, const std::function<std::optional<bpat::Diagnostic>(int row)> &finding);
    void showMenu(QWidget *widget, const QPoint &at, const bpat::Diagnostic &finding);

    MainWindow *m_window;
    QPointer<RepairMotionDialog> m_dialog;
};

} // namespace bpat::studio
