#pragma once
// The Validation panel: the context's issues with severity toggles (with counts), a text
// filter, the profile selector (and, for the game profile, which game: the current one or an
// older reader), "Run Deep Checks" in the background with progress and cancel,
// and export of the report as JSON. Double-clicking an issue emits jumpRequested() with the
// place it names (PanelDocks moves the other panels there).
#include "diagnostics/DiagnosticLocation.h"

#include <QWidget>
#include <memory>

namespace Ui {
class ValidationPanel;
}

namespace bpat::studio {

class CopyableTableView;
class DeepCheckRunner;
class StudioContext;
class ValidationFilterModel;
class ValidationModel;

class ValidationPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ValidationPanel(StudioContext *context, QWidget *parent = nullptr);
    ~ValidationPanel() override;

    ValidationModel *model() const { return m_model; }
    ValidationFilterModel *proxy() const { return m_proxy; }
    CopyableTableView *view() const;
    QComboBox *gameEraCombo() const { return m_eraCombo; }
    DeepCheckRunner *runner() const { return m_runner; }
    // The one-line verdict above the table: "No issues found (spec profile; deep checks not
    // run)", the first error as the root cause, or the warnings by code.
    QString verdict() const;

public Q_SLOTS:
    void runDeepChecks();
    void cancelDeepChecks();
    void exportReport();                      // asks for a path
    bool exportReportTo(const QString &path); // false + status message on failure
    void activateRow(const QModelIndex &viewIndex);

Q_SIGNALS:
    void jumpRequested(const bpat::DiagnosticLocation &location, int issueRow);

private:
    void updateCounts();
    void setRunning(bool running);

    std::unique_ptr<Ui::ValidationPanel> ui;
    StudioContext *m_context;
    ValidationModel *m_model;
    ValidationFilterModel *m_proxy;
    DeepCheckRunner *m_runner;
    class QLabel *m_verdict;
    class QComboBox *m_eraCombo; // the game profile's era (data: GameEra)
};

} // namespace bpat::studio
