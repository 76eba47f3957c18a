#include "EditActions.h"

#include "ClipCommands.h"
#include "DocumentSession.h"
#include "InspectorPanels.h"
#include "MainWindow.h"
#include "SocketCommands.h"
#include "StudioContext.h"
#include "bpat/DocumentEditor.h"
#include "dialogs/ImportClipsDialog.h"
#include "dialogs/TrimClipDialog.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TablePanel.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QUndoStack>
#include <QUndoView>

namespace bpat::studio {

EditActions::EditActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_session(window->context()->session())
{
    QUndoStack *stack = m_session->undoStack();
    m_undo = stack->createUndoAction(this, tr("&Undo"));
    m_undo->setObjectName(QStringLiteral("actionUndo"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = stack->createRedoAction(this, tr("&Redo"));
    m_redo->setObjectName(QStringLiteral("actionRedo"));
    // The platform's redo keys (Ctrl+Shift+Z on Linux) and Ctrl+Y, as the user guide says.
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Y)))
        redoKeys.append(QKeySequence(Qt::CTRL | Qt::Key_Y));
    m_redo->setShortcuts(redoKeys);
    QMenu *edit = window->menu(MainWindow::Menu::Edit);
    QAction *first = edit->actions().value(0);
    edit->insertAction(first, m_undo);
    edit->insertAction(first, m_redo);
    edit->insertSeparator(first);

    createFileActions();
    createClipActions();
    createSocketActions();

    m_history = new QUndoView(stack);
    m_history->setEmptyLabel(tr("<opened file>"));
    m_history->setObjectName(QStringLiteral("undoHistoryView"));
    QDockWidget *dock = window->addPanel(m_history, tr("Undo History"), QStringLiteral("undoHistoryDock"),
                                         Qt::LeftDockWidgetArea);
    if (auto *layout = window->findChild<QDockWidget *>(QStringLiteral("layoutDock")))
        window->tabifyDockWidget(layout, dock);
    // Empty until the first edit: closed by default (View > Undo History opens it; a saved
    // window state that has it open keeps it open).
    dock->hide();

    // The inspector's tables are read-only; the Clips and Sockets cells edit through commands.
    for (TablePanel *panel : {window->panels()->clipsPanel(), window->panels()->socketsPanel()})
        panel->view()->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);

    connect(m_session, &DocumentSession::modifiedChanged, window, &QWidget::setWindowModified);
    connect(m_session, &DocumentSession::refused, this, &EditActions::showMessage);
    connect(m_session, &DocumentSession::saved, this,
            [this](const QString &path) { showMessage(tr("Saved %1").arg(QFileInfo(path).fileName())); });
    StudioContext *context = window->context();
    connect(context, &StudioContext::fileLoaded, this, &EditActions::updateEnabled);
    connect(context, &StudioContext::fileClosed, this, &EditActions::updateEnabled);
    connect(context, &StudioContext::currentClipChanged, this, &EditActions::updateEnabled);
    updateEnabled();
}

void EditActions::showMessage(const QString &text)
{
    m_window->statusBar()->showMessage(text, 10000);
}

void EditActions::createFileActions()
{
    m_save = new QAction(tr("&Save"), this);
    m_save->setObjectName(QStringLiteral("actionSave"));
    m_save->setShortcut(QKeySequence::Save);
    m_save->setToolTip(tr("Write the edited file (validated first; the original is replaced only when all is written)"));
    connect(m_save, &QAction::triggered, this, &EditActions::save);
    m_saveAs = new QAction(tr("Save &As..."), this);
    m_saveAs->setObjectName(QStringLiteral("actionSaveAs"));
    // Some platforms (X11 without a desktop theme) bind nothing to SaveAs: Ctrl+Shift+S then.
    m_saveAs->setShortcut(QKeySequence::keyBindings(QKeySequence::SaveAs).value(0, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    connect(m_saveAs, &QAction::triggered, this, &EditActions::saveAs);
    QMenu *file = m_window->menu(MainWindow::Menu::File);
    QAction *before = nullptr;
    for (QAction *action : file->actions()) {
        if (action->objectName() == QLatin1String("actionSaveScreenshot"))
            before = action;
    }
    file->insertAction(before, m_save);
    file->insertAction(before, m_saveAs);
    file->insertSeparator(before);
    m_fileActions = {m_save, m_saveAs};
}

void EditActions::createClipActions()
{
    StudioContext *context = m_window->context();
    m_clipMenu = new QMenu(tr("&Clip"), m_window);
    m_clipMenu->setObjectName(QStringLiteral("menuClip"));
    m_window->menuBar()->insertMenu(m_window->menu(MainWindow::Menu::View)->menuAction(), m_clipMenu);
    auto add = [this](const QString &text, const QString &name, const QKeySequence &shortcut, auto slot) {
        QAction *action = m_clipMenu->addAction(text);
        action->setObjectName(name);
        action->setShortcut(shortcut);
        connect(action, &QAction::triggered, this, slot);
        m_fileActions.append(action);
        return action;
    };
    add(tr("&Duplicate"), QStringLiteral("actionDuplicateClip"), QKeySequence(tr("Ctrl+Shift+D")), [this, context] {
        m_session->execute(new DuplicateClipCommand(m_session, context->currentClip()));
    });
    add(tr("&Remove"), QStringLiteral("actionRemoveClip"), QKeySequence(), [this, context] {
        m_session->execute(new RemoveClipCommand(m_session, context->currentClip()));
    });
    m_clipMenu->addSeparator();
    add(tr("Move &Up"), QStringLiteral("actionMoveClipUp"), QKeySequence(tr("Ctrl+Shift+Up")), [this, context] {
        const int clip = context->currentClip();
        if (clip > 0)
            m_session->execute(new MoveClipCommand(m_session, clip, clip - 1));
    });
    add(tr("Move Do&wn"), QStringLiteral("actionMoveClipDown"), QKeySequence(tr("Ctrl+Shift+Down")), [this, context] {
        const int clip = context->currentClip();
        if (clip >= 0 && clip + 1 < int(context->file().clips().size()))
            m_session->execute(new MoveClipCommand(m_session, clip, clip + 1));
    });
    m_clipMenu->addSeparator();
    add(tr("&Trim..."), QStringLiteral("actionTrimClip"), QKeySequence(), &EditActions::trimCurrentClip);
    add(tr("&Split at Current Frame"), QStringLiteral("actionSplitClip"), QKeySequence(), &EditActions::splitCurrentClip);
    m_clipMenu->addSeparator();
    add(tr("&Import Clips from..."), QStringLiteral("actionImportClips"), QKeySequence(), &EditActions::importClips);
}

void EditActions::createSocketActions()
{
    m_socketMenu = new QMenu(tr("&Socket"), m_window);
    m_socketMenu->setObjectName(QStringLiteral("menuSocket"));
    m_window->menuBar()->insertMenu(m_window->menu(MainWindow::Menu::View)->menuAction(), m_socketMenu);
    QAction *addAction = m_socketMenu->addAction(tr("&Add Socket..."), this, &EditActions::addSocket);
    addAction->setObjectName(QStringLiteral("actionAddSocket"));
    QAction *remove = m_socketMenu->addAction(tr("&Remove Socket"), this, [this] {
        const int socket = currentSocket();
        const auto &sockets = m_window->context()->file().sockets();
        if (socket < 0 || socket >= sockets.size()) {
            showMessage(tr("Select a socket in the Sockets panel first"));
            return;
        }
        m_session->execute(removeSocketCommand(m_session, socket, sockets.at(socket).name));
    });
    remove->setObjectName(QStringLiteral("actionRemoveSocket"));
    m_fileActions << addAction << remove;
}

int EditActions::currentSocket() const
{
    TablePanel *panel = m_window->panels()->socketsPanel();
    return panel->sourceRow(panel->view()->currentIndex());
}

void EditActions::updateEnabled()
{
    const bool hasFile = m_window->context()->hasFile();
    for (QAction *action : std::as_const(m_fileActions))
        action->setEnabled(hasFile);
}

bool EditActions::save()
{
    return m_session->save();
}

bool EditActions::saveAs()
{
    QString path;
    if (m_saveAsPathHook) {
        path = m_saveAsPathHook();
    } else {
        path = QFileDialog::getSaveFileName(m_window, tr("Save As"), m_window->context()->filePath(),
                                            tr("BPAT files (*.bpat);;All files (*)"));
    }
    return !path.isEmpty() && m_session->saveAs(path);
}

bool EditActions::maybeSave()
{
    if (!m_session->isModified())
        return true;
    Choice choice = Choice::Cancel;
    if (m_choiceHook) {
        choice = m_choiceHook();
    } else {
        QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                        tr("%1 has unsaved changes.").arg(QFileInfo(m_window->context()->filePath()).fileName()),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
        box.setObjectName(QStringLiteral("unsavedChangesBox"));
        box.setInformativeText(tr("Save them before closing?"));
        box.setDefaultButton(QMessageBox::Save);
        const int answer = box.exec();
        choice = answer == QMessageBox::Save ? Choice::Save : answer == QMessageBox::Discard ? Choice::Discard : Choice::Cancel;
    }
    switch (choice) {
    case Choice::Save: return save();
    case Choice::Discard: return true;
    case Choice::Cancel: return false;
    }
    return false;
}

bool EditActions::handleDiskChange(const QString &path)
{
    if (m_session->isOwnWrite(path))
        return true;
    if (m_session->isModified()) {
        showMessage(tr("%1 changed on disk; your unsaved edits are kept (File > Reload discards them)")
                        .arg(QFileInfo(path).fileName()));
        return true;
    }
    return false;
}

void EditActions::trimCurrentClip()
{
    StudioContext *context = m_window->context();
    const int clip = context->currentClip();
    if (clip < 0 || !context->hasFile())
        return;
    const BpatClipInfo &info = context->file().clips().at(clip);
    TrimClipDialog dialog(info.name, info.frameCount, m_window);
    if (dialog.exec() == QDialog::Accepted)
        m_session->execute(new TrimClipCommand(m_session, clip, dialog.firstFrame(), dialog.lastFrame()));
}

void EditActions::splitCurrentClip()
{
    StudioContext *context = m_window->context();
    if (context->currentClip() >= 0)
        m_session->execute(new SplitClipCommand(m_session, context->currentClip(), quint32(context->currentFrame())));
}

void EditActions::importClips()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import Clips from"),
                                                      QFileInfo(m_window->context()->filePath()).absolutePath(),
                                                      tr("BPAT files (*.bpat);;All files (*)"));
    if (path.isEmpty())
        return;
    ImportClipsDialog dialog(m_window);
    QString error;
    if (!dialog.load(path, &error)) {
        showMessage(error);
        return;
    }
    // Another species or bone count is refused before any clip is picked (SPECIES_MISMATCH
    // names both species), as bpat merge does.
    if (const BpatDocument *document = m_session->document()) {
        if (const QString why = DocumentEditor::rigMismatch(*document, dialog.source()); !why.isEmpty()) {
            showMessage(tr("Cannot import from %1: %2").arg(QFileInfo(path).fileName(), why));
            if (m_window->isVisible() && m_window->isInteractive())
                QMessageBox::warning(m_window, tr("Import Clips"), tr("Cannot import from %1:\n%2").arg(QFileInfo(path).fileName(), why));
            return;
        }
    }
    if (dialog.exec() != QDialog::Accepted || dialog.selectedClips().isEmpty())
        return;
    m_session->execute(new ImportClipsCommand(m_session, dialog.source(), dialog.selectedClips(),
                                              QFileInfo(path).fileName()));
}

void EditActions::addSocket()
{
    StudioContext *context = m_window->context();
    const BpatDocument *document = m_session->document();
    if (!document)
        return;
    // Starts from the bone picked in the viewport or the Palette panel.
    const int bone = std::max(0, context->currentBone());
    bool ok = false;
    const QString name = QInputDialog::getText(m_window, tr("Add Socket"),
                                               tr("Socket name (anchored to %1, the picked bone):").arg(context->boneName(bone)),
                                               QLineEdit::Normal, QStringLiteral("socket"), &ok);
    if (!ok)
        return;
    BpatSocket socket;
    socket.name = name;
    socket.anchorBone = quint32(bone);
    m_session->execute(addSocketCommand(m_session, socket));
}

} // namespace bpat::studio
