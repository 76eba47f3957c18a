#include "MotionRepairActions.h"

#include "CentralViews.h"
#include "MainWindow.h"
#include "StudioContext.h"
#include "dialogs/RepairMotionDialog.h"
#include "editing/DocumentSession.h"
#include "editing/RepairMotionCommand.h"
#include "models/MotionFindingsModel.h"
#include "models/ValidationModel.h"
#include "motion/MotionCodes.h"
#include "ui_MainWindow.h"
#include "widgets/AnalysisPanel.h"
#include "widgets/CopyableTableView.h"
#include "widgets/FindingsTrack.h"
#include "widgets/TimelineWidget.h"
#include "widgets/ValidationPanel.h"

#include <QAbstractItemView>
#include <QMenu>
#include <QSortFilterProxyModel>

namespace bpat::studio {

namespace mc = bpat::MotionCodes;

MotionRepairActions::MotionRepairActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
    connect(window->form()->actionRepairMotion, &QAction::triggered, this, [this] { openDialog(); });
    const auto updateEnabled = [this] {
        StudioContext *context = m_window->context();
        m_window->form()->actionRepairMotion->setEnabled(context->session() && context->hasDocument() && !context->file().isNull()
                                                         && context->currentClip() >= 0);
    };
    connect(window->context(), &StudioContext::fileLoaded, this, updateEnabled);
    connect(window->context(), &StudioContext::currentClipChanged, this, updateEnabled);
    updateEnabled();

    // The Validation panel's issues (through its filter) and the Analysis tab's findings.
    ValidationPanel *validation = window->panels()->validationPanel();
    addFindingMenu(validation->view(), [validation](int row) -> std::optional<Diagnostic> {
        const QModelIndex source = validation->proxy()->mapToSource(validation->proxy()->index(row, 0));
        if (!source.isValid())
            return std::nullopt;
        return validation->model()->diagnostic(source.row());
    });
    AnalysisPanel *analysis = window->views()->analysis();
    addFindingMenu(analysis->findingsView(), [analysis](int row) -> std::optional<Diagnostic> {
        if (row < 0 || row >= analysis->findings()->rowCount())
            return std::nullopt;
        return analysis->findings()->finding(row);
    });
    // The timeline's finding marks.
    FindingsTrack *track = window->timeline()->findingsTrack();
    track->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(track, &QWidget::customContextMenuRequested, this, [this, track](const QPoint &at) {
        const int index = track->findingAt(at.x());
        if (index >= 0)
            showMenu(track, at, track->clipFindings().at(index));
    });
}

std::optional<FixOptions> MotionRepairActions::optionsFor(const Diagnostic &finding, QString *label)
{
    FixOptions o;
    const QString &code = finding.code;
    QString text;
    if (code == mc::MOTION_POP) {
        o.smoothPops = true;
        text = tr("Fix: smooth the pop");
    } else if (code == mc::LOOP_SEAM) {
        o.loopSeam = true;
        text = tr("Fix: blend the loop seam");
    } else if (code == mc::BONE_STRETCH) {
        o.boneLengths = true;
        text = tr("Fix: give the bone its median length back");
    } else if (code == mc::FOOT_BELOW_GROUND) {
        o.ground = GroundOptions::Mode::Lift;
        text = tr("Fix: lift the pose onto the ground");
    } else if (code == mc::CONTACT_MISMATCH) {
        o.all = true; // with this finding alone: its contact records
        text = tr("Fix: recompute the contact records");
    } else {
        return std::nullopt;
    }
    if (finding.location.clip < 0)
        return std::nullopt;
    o.clips = {QString::number(finding.location.clip)};
    o.findings = {finding};
    if (label)
        *label = text;
    return o;
}

bool MotionRepairActions::fixFinding(const Diagnostic &finding)
{
    QString label;
    const std::optional<FixOptions> options = optionsFor(finding, &label);
    DocumentSession *session = m_window->context()->session();
    if (!options || !session)
        return false;
    const QString clip = finding.location.clipName;
    auto *command = new RepairMotionCommand(
        session, *options, tr("%1 (%2 in '%3')").arg(label.mid(label.indexOf(QLatin1Char(' ')) + 1), finding.code, clip));
    QString error;
    if (!session->execute(command, &error)) {
        Q_EMIT m_window->context()->message(tr("Not repaired: %1").arg(error));
        return false;
    }
    Q_EMIT m_window->context()->message(tr("Repaired %1 in '%2' (Edit > Undo puts it back)").arg(finding.code, clip));
    return true;
}

RepairMotionDialog *MotionRepairActions::openDialog(const QStringList &repairs, bool modal)
{
    StudioContext *context = m_window->context();
    DocumentSession *session = context->session();
    const BpatDocument *document = session ? session->document() : nullptr;
    if (!document) {
        Q_EMIT context->message(tr("Repair Motion: no BPAT file that can be edited is open"));
        return nullptr;
    }
    auto *dialog = new RepairMotionDialog(*document, context->currentClip(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    if (!repairs.isEmpty())
        dialog->setRepairs(repairs);
    connect(dialog, &QDialog::accepted, this, [this, dialog, session] {
        auto *command = new RepairMotionCommand(session, dialog->options(), dialog->summary());
        QString error;
        if (!session->execute(command, &error))
            Q_EMIT m_window->context()->message(tr("Not repaired: %1").arg(error));
    });
    const int frame = std::max(0, context->currentFrame());
    if (modal)
        dialog->open();
    else
        dialog->show();
    if (dialog->preview())
        dialog->setFrame(frame); // where the window's timeline is
    return dialog;
}

void MotionRepairActions::addFindingMenu(QAbstractItemView *view, const std::function<std::optional<Diagnostic>(int)> &finding)
{
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, this, [this, view, finding](const QPoint &at) {
        const QModelIndex index = view->indexAt(at);
        if (!index.isValid())
            return;
        if (const std::optional<Diagnostic> d = finding(index.row()))
            showMenu(view->viewport(), at, *d);
    });
}

void MotionRepairActions::showMenu(QWidget *widget, const QPoint &at, const Diagnostic &finding)
{
    QString label;
    if (!optionsFor(finding, &label))
        return;
    QMenu menu(widget);
    QAction *fix = menu.addAction(label);
    fix->setObjectName(QStringLiteral("fixFinding"));
    fix->setToolTip(tr("%1 at %2: one undo step").arg(finding.code, finding.location.toString()));
    QAction *more = menu.addAction(tr("Repair Motion..."));
    QAction *chosen = menu.exec(widget->mapToGlobal(at));
    if (chosen == fix)
        fixFinding(finding);
    else if (chosen == more)
        openDialog();
}

} // namespace bpat::studio
