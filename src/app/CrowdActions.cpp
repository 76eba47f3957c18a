#include "CrowdActions.h"

#include "MainWindow.h"
#include "dialogs/CrowdDialog.h"
#include "jobs/JobController.h"
#include "ui_MainWindow.h"
#include "viewport/CrowdScene.h"
#include "viewport/ViewportWidget.h"

#include <QLocale>

namespace bpat::studio {

namespace {
QString summaryOf(const CrowdScene &crowd)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    return QObject::tr("Shown: %1 species, %2 instances").arg(crowd.species.size()).arg(c.toString(crowd.instanceCount()));
}
} // namespace

CrowdActions::CrowdActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
    connect(window->form()->actionCrowd, &QAction::triggered, this, [this] {
        CrowdDialog *d = dialog();
        d->show();
        d->raise();
    });
}

CrowdDialog *CrowdActions::dialog()
{
    if (!m_dialog) {
        m_dialog = new CrowdDialog(m_window);
        m_dialog->setInteractive(m_window->isInteractive());
        connect(m_dialog, &CrowdDialog::showRequested, this, [this] {
            bpat::Diagnostics findings;
            const bpat::CrowdSpec spec = m_dialog->spec(&findings);
            show(spec, findings);
        });
        connect(m_dialog, &CrowdDialog::stopRequested, this, &CrowdActions::stop);
    }
    return m_dialog;
}

QStringList CrowdActions::showSpecFile(const QString &path)
{
    const std::shared_ptr<CrowdScene> crowd = CrowdScene::fromSpecFile(path);
    showScene(crowd);
    return crowd ? crowd->messages : QStringList();
}

void CrowdActions::show(const bpat::CrowdSpec &spec, const bpat::Diagnostics &findings)
{
    if (m_job)
        m_window->jobs()->cancel(m_job);
    if (m_dialog)
        m_dialog->setBusy(true);
    using Result = std::shared_ptr<CrowdScene>;
    m_job = m_window->jobs()->run<Result>(
        tr("Loading the crowd"),
        [spec, findings](QPromise<Result> &promise, const std::atomic<bool> &cancelled) {
            bpat::Diagnostics diagnostics = findings;
            promise.setProgressRange(0, int(spec.species.size()));
            Result crowd = CrowdScene::fromSpec(spec, &diagnostics, [&](int done, int total) {
                promise.setProgressValueAndText(done, QStringLiteral("species %1 of %2").arg(done + 1).arg(total));
                return !cancelled;
            });
            if (crowd) {
                crowd->messages = CrowdScene::wordings(diagnostics);
                promise.addResult(crowd);
            }
        },
        this,
        [this](std::optional<Result> crowd) {
            m_job = 0;
            if (m_dialog)
                m_dialog->setBusy(false);
            if (crowd && *crowd)
                showScene(*crowd);
            else if (m_dialog)
                m_dialog->showFindings({}, tr("Cancelled: the crowd shown is unchanged."));
        });
}

void CrowdActions::stop()
{
    if (m_job)
        m_window->jobs()->cancel(m_job);
    showScene(nullptr);
}

void CrowdActions::showScene(std::shared_ptr<const CrowdScene> crowd)
{
    m_shown = std::move(crowd);
    m_window->viewport()->setArmy(m_shown);
    if (m_dialog)
        m_dialog->showFindings(m_shown ? m_shown->messages : QStringList(),
                               m_shown ? summaryOf(*m_shown) : tr("The file is shown."));
    Q_EMIT crowdShown();
}

} // namespace bpat::studio
