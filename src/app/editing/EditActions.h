#pragma once
// The window's editing actions and their wiring: Edit > Undo/Redo (with the command's text),
// File > Save / Save As, the Clip and Socket menus, the Undo History panel, the modified mark
// in the title, and the questions asked before unsaved edits would be lost. The edits
// themselves are DocumentSession commands; this class only turns gestures into them.
#include <QObject>
#include <QString>
#include <functional>

class QUndoGroup;
class QUndoStack;
class QUndoView;

namespace Ui {
class MainWindow;
}

#include "editing/EditRecovery.h"

namespace bpat::studio {

class DocumentSession;
class MainWindow;

class EditActions : public QObject
{
    Q_OBJECT
public:
    enum class Choice {
        Save,
        Discard,
        Cancel
    };

    explicit EditActions(MainWindow *window);

    // The shown document's session (each open document has one: StudioContext::session()).
    DocumentSession *session() const;
    QUndoView *historyView() const { return m_history; }

    // True when the open file's edits may be dropped: nothing unsaved, or the user chose Save
    // (and it worked) or Discard. Asks with a Save / Discard / Cancel box.
    bool maybeSave();
    // The watched file changed on disk. True when this is handled here: our own save (ignored)
    // or unsaved edits (kept, with a message); false lets the window reload.
    bool handleDiskChange(const QString &path);

    // Tests and scripted runs answer the unsaved-changes question without a dialog, and pick
    // the Save As path.
    void setChoiceHook(std::function<Choice()> hook) { m_choiceHook = std::move(hook); }
    void setSaveAsPathHook(std::function<QString()> hook) { m_saveAsPathHook = std::move(hook); }

    bool save();
    bool saveAs();

    // Unsaved edits written aside as they are made (EditRecovery): what a process that ended
    // without saving left is offered at the start (a question per file: Recover, Discard,
    // Later); recover() opens the original and applies the edits as one undoable step.
    EditRecovery *recovery() const { return m_recovery; }
    void offerRecovery();
    bool recover(const EditRecovery::Record &record, QString *error = nullptr);

private:
    void connectUndoActions();
    void watchSession(DocumentSession *session); // its stack in the undo group, made active
    void connectFileActions();
    void connectClipActions();
    void connectSocketActions();
    void updateEnabled();
    int currentSocket() const;
    void showMessage(const QString &text);

    void trimCurrentClip();
    void splitCurrentClip();
    void importClips();
    void addSocket();

    MainWindow *m_window;
    Ui::MainWindow *ui; // the window's actions (Edit > Undo, File > Save, the Clip and Socket menus)
    QUndoGroup *m_undoGroup;
    QUndoView *m_history = nullptr;
    std::function<Choice()> m_choiceHook;
    std::function<QString()> m_saveAsPathHook;
    EditRecovery *m_recovery = nullptr;
};

} // namespace bpat::studio
