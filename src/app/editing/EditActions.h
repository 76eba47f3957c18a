#pragma once
// The window's editing actions and their wiring: Edit > Undo/Redo (with the command's text),
// File > Save / Save As, the Clip and Socket menus, the Undo History panel, the modified mark
// in the title, and the questions asked before unsaved edits would be lost. The edits
// themselves are DocumentSession commands; this class only turns gestures into them.
#include <QList>
#include <QObject>
#include <QString>
#include <functional>

class QAction;
class QMenu;
class QUndoView;

namespace bpat::studio {

class DocumentSession;
class MainWindow;

class EditActions : public QObject
{
    Q_OBJECT
public:
    enum class Choice { Save, Discard, Cancel };

    explicit EditActions(MainWindow *window);

    DocumentSession *session() const { return m_session; }
    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    QAction *saveAction() const { return m_save; }
    QAction *saveAsAction() const { return m_saveAs; }
    QMenu *clipMenu() const { return m_clipMenu; }
    QMenu *socketMenu() const { return m_socketMenu; }
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

private:
    void createFileActions();
    void createClipActions();
    void createSocketActions();
    void updateEnabled();
    int currentSocket() const;
    void showMessage(const QString &text);

    void trimCurrentClip();
    void splitCurrentClip();
    void importClips();
    void addSocket();

    MainWindow *m_window;
    DocumentSession *m_session;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_save = nullptr;
    QAction *m_saveAs = nullptr;
    QMenu *m_clipMenu = nullptr;
    QMenu *m_socketMenu = nullptr;
    QList<QAction *> m_fileActions;
    QUndoView *m_history = nullptr;
    std::function<Choice()> m_choiceHook;
    std::function<QString()> m_saveAsPathHook;
};

} // namespace bpat::studio
