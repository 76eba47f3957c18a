#include "EditActions.h"
#include "ReadOnlyTargets.h"
#include "SaveFileNames.h"

#include "ClipCommands.h"
#include "RecoverEditsCommand.h"
#include "DocumentSession.h"
#include "PanelDocks.h"
#include "MainWindow.h"
#include "SocketCommands.h"
#include "StudioContext.h"
#include "bpat/DocumentEditor.h"
#include "dialogs/ImportClipsDialog.h"
#include "dialogs/TrimClipDialog.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TablePanel.h"
#include "ui_MainWindow.h"

#include <QAction>
#include <QDateTime>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoStack>
#include <QUndoView>

namespace bpat::studio {

EditActions::EditActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , ui(window->form())
    , m_undoGroup(new QUndoGroup(this))
{
    watchSession(session());
    m_recovery = new EditRecovery(window->context(), this);
    connectUndoActions();
    connectFileActions();
    connectClipActions();
    connectSocketActions();

    m_history = new QUndoView(m_undoGroup);
    m_history->setEmptyLabel(tr("<opened file>"));
    m_history->setObjectName(QStringLiteral("undoHistoryView"));
    QDockWidget *dock =
        window->addPanel(m_history, tr("Undo History"), QStringLiteral("undoHistoryDock"), Qt::LeftDockWidgetArea);
    window->tabifyDockWidget(window->panels()->layoutDock(), dock);
    // Empty until the first edit: closed by default (View > Undo History opens it; a saved
    // window state that has it open keeps it open).
    dock->hide();

    // The inspector's tables are read-only; the Clips and Sockets cells edit through commands.
    for (TablePanel *panel : {window->panels()->clipsPanel(), window->panels()->socketsPanel()})
        panel->view()->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);

    StudioContext *context = window->context();
    // Each open document has its own session: the undo actions, the history and the modified
    // mark follow the one shown.
    connect(context, &StudioContext::sessionChanged, this, [this, window](DocumentSession *shown) {
        watchSession(shown);
        window->setWindowModified(shown->isModified());
    });
    connect(context, &StudioContext::fileLoaded, this, &EditActions::updateEnabled);
    connect(context, &StudioContext::fileClosed, this, &EditActions::updateEnabled);
    connect(context, &StudioContext::currentClipChanged, this, &EditActions::updateEnabled);
    updateEnabled();
}

DocumentSession *EditActions::session() const
{
    return m_window->context()->session();
}

void EditActions::watchSession(DocumentSession *session)
{
    if (!m_undoGroup->stacks().contains(session->undoStack())) {
        m_undoGroup->addStack(session->undoStack());
        connect(session, &DocumentSession::modifiedChanged, this, [this, session](bool modified) {
            if (session == this->session())
                m_window->setWindowModified(modified);
        });
        connect(session, &DocumentSession::refused, this, &EditActions::showMessage);
        connect(session, &DocumentSession::saved, this,
                [this](const QString &path) { showMessage(tr("Saved %1").arg(QFileInfo(path).fileName())); });
    }
    m_undoGroup->setActiveStack(session->undoStack());
}

void EditActions::showMessage(const QString &text)
{
    m_window->statusBar()->showMessage(text, 10000);
}

void EditActions::connectUndoActions()
{
    // Edit > Undo and Redo name the command they would undo or redo ("&Undo Rename clip ..."),
    // as QUndoStack::createUndoAction("&Undo") would; through the group, for the shown document.
    QUndoGroup *group = m_undoGroup;
    const auto connectStep = [group](QAction *action, const QString &verb, auto step, auto canChanged, auto textChanged, bool can,
                                     const QString &text) {
        const auto label = [action, verb](const QString &command) {
            action->setText(command.isEmpty() ? verb : verb + QLatin1Char(' ') + command);
        };
        connect(action, &QAction::triggered, group, step);
        connect(group, canChanged, action, &QAction::setEnabled);
        connect(group, textChanged, action, label);
        action->setEnabled(can);
        label(text);
    };
    connectStep(ui->actionUndo, tr("&Undo"), &QUndoGroup::undo, &QUndoGroup::canUndoChanged, &QUndoGroup::undoTextChanged,
                group->canUndo(), group->undoText());
    connectStep(ui->actionRedo, tr("&Redo"), &QUndoGroup::redo, &QUndoGroup::canRedoChanged, &QUndoGroup::redoTextChanged,
                group->canRedo(), group->redoText());
    // The platform's redo keys (Ctrl+Shift+Z on Linux) and Ctrl+Y, as the user guide says (a
    // form holds one shortcut per action).
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redoKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Y)))
        redoKeys.append(QKeySequence(Qt::CTRL | Qt::Key_Y));
    ui->actionRedo->setShortcuts(redoKeys);
}

void EditActions::connectFileActions()
{
    connect(ui->actionSave, &QAction::triggered, this, &EditActions::save);
    connect(ui->actionSaveAs, &QAction::triggered, this, &EditActions::saveAs);
}

void EditActions::connectClipActions()
{
    StudioContext *context = m_window->context();
    connect(ui->actionDuplicateClip, &QAction::triggered, this,
            [this, context] { session()->execute(new DuplicateClipCommand(session(), context->currentClip())); });
    connect(ui->actionRemoveClip, &QAction::triggered, this,
            [this, context] { session()->execute(new RemoveClipCommand(session(), context->currentClip())); });
    connect(ui->actionMoveClipUp, &QAction::triggered, this, [this, context] {
        const int clip = context->currentClip();
        if (clip > 0)
            session()->execute(new MoveClipCommand(session(), clip, clip - 1));
    });
    connect(ui->actionMoveClipDown, &QAction::triggered, this, [this, context] {
        const int clip = context->currentClip();
        if (clip >= 0 && clip + 1 < int(context->file().clips().size()))
            session()->execute(new MoveClipCommand(session(), clip, clip + 1));
    });
    connect(ui->actionTrimClip, &QAction::triggered, this, &EditActions::trimCurrentClip);
    connect(ui->actionSplitClip, &QAction::triggered, this, &EditActions::splitCurrentClip);
    connect(ui->actionImportClips, &QAction::triggered, this, &EditActions::importClips);
}

void EditActions::connectSocketActions()
{
    connect(ui->actionAddSocket, &QAction::triggered, this, &EditActions::addSocket);
    connect(ui->actionRemoveSocket, &QAction::triggered, this, [this] {
        const int socket = currentSocket();
        const auto &sockets = m_window->context()->file().sockets();
        if (socket < 0 || socket >= sockets.size()) {
            showMessage(tr("Select a socket in the Sockets panel first"));
            return;
        }
        session()->execute(removeSocketCommand(session(), socket, sockets.at(socket).name));
    });
}

int EditActions::currentSocket() const
{
    TablePanel *panel = m_window->panels()->socketsPanel();
    return panel->sourceRow(panel->view()->currentIndex());
}

void EditActions::updateEnabled()
{
    const bool hasFile = m_window->context()->hasFile();
    for (QAction *action : {ui->actionSave, ui->actionSaveAs, ui->actionDuplicateClip, ui->actionRemoveClip, ui->actionMoveClipUp,
                            ui->actionMoveClipDown, ui->actionTrimClip, ui->actionSplitClip, ui->actionImportClips,
                            ui->actionAddSocket, ui->actionRemoveSocket})
        action->setEnabled(hasFile);
}

bool EditActions::save()
{
    // A read-only file is replaced only when the user says so (io/AtomicFile refuses it otherwise).
    if (!ReadOnlyTargets::confirm(m_window, session()->path()))
        return false;
    return session()->save();
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
    // "walk" is saved as walk.bpat, the name the open dialog and the MIME type recognise.
    path = SaveFileNames::withDefaultSuffix(path, QStringLiteral("bpat"));
    return !path.isEmpty() && ReadOnlyTargets::confirm(m_window, path) && session()->saveAs(path);
}

bool EditActions::maybeSave()
{
    if (!session()->isModified())
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
    if (session()->isOwnWrite(path))
        return true;
    if (session()->isModified()) {
        showMessage(
            tr("%1 changed on disk; your unsaved edits are kept (File > Reload discards them)").arg(QFileInfo(path).fileName()));
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
        session()->execute(new TrimClipCommand(session(), clip, dialog.firstFrame(), dialog.lastFrame()));
}

void EditActions::splitCurrentClip()
{
    StudioContext *context = m_window->context();
    if (context->currentClip() >= 0)
        session()->execute(new SplitClipCommand(session(), context->currentClip(), quint32(context->currentFrame())));
}

void EditActions::importClips()
{
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Import Clips from"), QFileInfo(m_window->context()->filePath()).absolutePath(),
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
    if (const BpatDocument *document = session()->document()) {
        if (const QString why = DocumentEditor::rigMismatch(*document, dialog.source()); !why.isEmpty()) {
            showMessage(tr("Cannot import from %1: %2").arg(QFileInfo(path).fileName(), why));
            if (m_window->isVisible() && m_window->isInteractive())
                QMessageBox::warning(m_window, tr("Import Clips"),
                                     tr("Cannot import from %1:\n%2").arg(QFileInfo(path).fileName(), why));
            return;
        }
    }
    if (const BpatDocument *document = session()->document())
        dialog.setTarget(*document); // says what the open file's version drops of the clips
    if (dialog.exec() != QDialog::Accepted || dialog.selectedClips().isEmpty())
        return;
    session()->execute(new ImportClipsCommand(session(), dialog.source(), dialog.selectedClips(), QFileInfo(path).fileName()));
}

void EditActions::addSocket()
{
    StudioContext *context = m_window->context();
    const BpatDocument *document = session()->document();
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
    session()->execute(addSocketCommand(session(), socket));
}

} // namespace bpat::studio

namespace bpat::studio {

void EditActions::offerRecovery()
{
    const QList<EditRecovery::Record> records = EditRecovery::leftovers();
    for (const EditRecovery::Record &record : records) {
        const QString name = QFileInfo(record.original).fileName();
        QMessageBox box(QMessageBox::Question, tr("Recover Unsaved Edits"),
                        tr("BPAT Studio stopped on %1 with unsaved edits of %2.")
                            .arg(QLocale().toString(record.written, QLocale::ShortFormat), name),
                        QMessageBox::NoButton, m_window);
        box.setInformativeText(
            QFileInfo::exists(record.original)
                ? tr("Recover opens %1 with those edits, unsaved until you save; Discard deletes them.").arg(record.original)
                : tr("%1 is gone: Recover opens the edits as they were kept (%2); save them with Save As.")
                      .arg(record.original, record.bytesPath));
        QPushButton *recoverButton = box.addButton(tr("Recover"), QMessageBox::AcceptRole);
        QPushButton *discardButton = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.addButton(tr("Later"), QMessageBox::RejectRole);
        box.setDefaultButton(recoverButton);
        box.exec();
        if (box.clickedButton() == discardButton) {
            EditRecovery::remove(record);
        } else if (box.clickedButton() == recoverButton) {
            QString error;
            if (!recover(record, &error))
                QMessageBox::warning(m_window, tr("Recover Unsaved Edits"),
                                     tr("The edits of %1 could not be recovered: %2").arg(name, error));
        }
    }
}

bool EditActions::recover(const EditRecovery::Record &record, QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    QString why;
    const QByteArray bytes = EditRecovery::read(record, &why);
    if (bytes.isEmpty())
        return fail(why);
    if (!QFileInfo::exists(record.original)) { // the original is gone: the kept copy itself
        if (!m_window->openFile(record.bytesPath))
            return fail(m_window->context()->lastError());
        return true;
    }
    auto recovered = BpatDocument::fromFile(BpatFile::fromData(bytes, record.original), &why);
    if (!recovered)
        return fail(why);
    if (!m_window->openFile(record.original))
        return fail(m_window->context()->lastError());
    if (!session()->execute(new RecoverEditsCommand(session(), std::move(*recovered)), &why))
        return fail(why);
    EditRecovery::remove(record); // the new session keeps its own record from now on
    showMessage(tr("Recovered the unsaved edits of %1 (Edit > Undo puts the file on disk back)")
                    .arg(QFileInfo(record.original).fileName()));
    return true;
}

} // namespace bpat::studio
