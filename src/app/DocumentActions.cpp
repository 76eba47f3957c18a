#include "DocumentActions.h"

#include "MainWindow.h"
#include "StudioContext.h"
#include "document/DocumentList.h"
#include "editing/EditActions.h"
#include "widgets/DocumentTabs.h"
#include "ui_MainWindow.h"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QMenu>

namespace bpat::studio {

DocumentActions::DocumentActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , ui(window->form())
    , m_documents(new DocumentList(window->context(), this))
    , m_tabs(new DocumentTabs(m_documents, window))
    , m_group(new QActionGroup(this))
{
    // Unsaved edits are never dropped without the question EditActions asks (created later).
    m_documents->setAskToClose([this] { return m_window->editActions()->maybeSave(); });
    connect(ui->actionNextDocument, &QAction::triggered, this, [this] { m_documents->activateNext(1); });
    connect(ui->actionPreviousDocument, &QAction::triggered, this, [this] { m_documents->activateNext(-1); });
    connect(m_documents, &DocumentList::documentsChanged, this, &DocumentActions::updateWindowMenu);
    updateWindowMenu();
}

void DocumentActions::closeShown()
{
    StudioContext *context = m_window->context();
    RecordingState *recording = context->recording();
    if (recording->hasRecording() && (recording->drivesTimeline() || !context->hasDocument())) {
        recording->close();
        return;
    }
    if (!m_documents->close())
        return;
    if (m_documents->count() == 0)
        recording->close(); // kept over the creature: it goes with the last document
}

void DocumentActions::updateWindowMenu()
{
    // The open files after the separator, the shown one checked (Open Recent's pattern).
    const QList<QAction *> actions = ui->menuWindow->actions();
    bool afterSeparator = false;
    for (QAction *action : actions) {
        if (afterSeparator)
            ui->menuWindow->removeAction(action), action->deleteLater();
        afterSeparator = afterSeparator || action->isSeparator();
    }
    for (int i = 0; i < m_documents->count(); ++i) {
        QString label = m_documents->title(i) + (m_documents->isModified(i) ? QStringLiteral(" *") : QString());
        label.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction *action = ui->menuWindow->addAction(i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(label) : label);
        action->setCheckable(true);
        action->setChecked(i == m_documents->activeIndex());
        action->setToolTip(QDir::toNativeSeparators(m_documents->path(i)));
        action->setActionGroup(m_group);
        connect(action, &QAction::triggered, this, [this, i] { m_documents->activate(i); });
    }
    ui->menuWindow->setToolTipsVisible(true);
    const bool several = m_documents->count() > 1;
    ui->actionNextDocument->setEnabled(several);
    ui->actionPreviousDocument->setEnabled(several);
}

} // namespace bpat::studio
