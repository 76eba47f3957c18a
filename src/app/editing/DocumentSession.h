#pragma once
// Editing the open BPAT file. Opening stays copy-free (a read-only mapping); the first edit
// copies the file into a BpatDocument. After every edit, undo or redo the document is written
// into memory and handed to the StudioContext as the file every panel and the viewport read, so
// no view has a second code path for edited files.
//
// Edits go through undoable commands (DocumentCommand) on a QUndoStack; an edit the
// DocumentEditor refuses is reported (refused()) and never reaches the stack. Saving goes
// through BpatSaver (serialize, validate, atomic replace) and marks the stack clean.
#include "bpat/BpatDocument.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>

class QUndoStack;

namespace bpat::studio {

class DocumentCommand;
class StudioContext;

class DocumentSession : public QObject
{
    Q_OBJECT
public:
    explicit DocumentSession(StudioContext *context);
    ~DocumentSession() override;

    StudioContext *context() const { return m_context; }
    QUndoStack *undoStack() const { return m_stack; }
    bool isModified() const;
    bool hasDocument() const { return m_document.has_value(); }
    // The edited document, created from the open file on first use (nullptr when the file
    // cannot be copied into one; lastError() says why).
    const BpatDocument *document();

    // Applies `command` and pushes it (takes ownership). False, with the reason in *error and
    // refused(), when the editor refuses it; nothing changes then.
    bool execute(DocumentCommand *command, QString *error = nullptr);

    // Saves to the open file's path / to `path` (which becomes the open file). An unedited file
    // is written through the same path and comes out byte-identical. False with the reason.
    bool save(QString *error = nullptr);
    bool saveAs(const QString &path, QString *error = nullptr);
    // True when `path` is what our own last save wrote (same size and modification time): the
    // file watcher must not treat it as an external change.
    bool isOwnWrite(const QString &path) const;
    // The open file was replaced or closed: the document and its history go away.
    void discard();

    // --- For commands ---
    BpatDocument &editableDocument() { return *m_document; }
    // Re-serializes the document into the context's file; `focusClip` >= 0 becomes current.
    void publish(int focusClip);
    void report(const QString &text);

Q_SIGNALS:
    void refused(const QString &reason);
    void modifiedChanged(bool modified);
    void saved(const QString &path);

private:
    bool ensureDocument(QString *error);
    bool writeTo(const QString &path, QString *error);

    StudioContext *m_context;
    QUndoStack *m_stack;
    std::optional<BpatDocument> m_document;
    QString m_ownWritePath;
    qint64 m_ownWriteSize = -1;
    QDateTime m_ownWriteTime;
};

} // namespace bpat::studio
