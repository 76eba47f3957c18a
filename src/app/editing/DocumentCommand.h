#pragma once
// The base of every undoable edit of the open BPAT file. A command applies one DocumentEditor
// operation to the session's BpatDocument (apply(), which may refuse with a message and then
// changes nothing) and keeps what it needs to put the document back exactly as it was
// (revert()): undo restores the same bytes, not merely an equivalent file.
//
// DocumentSession::execute() applies a command once before pushing it, so QUndoStack's first
// redo() only publishes the result; later redo() calls apply again (edits are deterministic on
// the restored state).
#include "document/DocumentChanges.h"
#include "editing/OffsetLayers.h"

#include <QUndoCommand>
#include <optional>

namespace bpat {
class BpatDocument;
}

namespace bpat::studio {

class DocumentSession;

class DocumentCommand : public QUndoCommand
{
public:
    explicit DocumentCommand(DocumentSession *session, const QString &text = QString());

    // Applies the edit; false (and *error) when refused, the document unchanged.
    virtual bool apply(BpatDocument &document, QString *error) = 0;
    // Puts the document back to exactly what it was before apply().
    virtual void revert(BpatDocument &document) = 0;
    // The clip to make current after redo (undo == false) or undo; -1 keeps the current one.
    virtual int focusClip(bool undo) const;
    // What applying or reverting the edit changes (DocumentChanges): by default the palette
    // too; metadata-only edits (renames, fps, loops, markers, socket names) say so, and the
    // viewport then uploads nothing.
    virtual DocumentChanges changes() const;
    // Whether the session's offset layers survive the edit: by default when it moves no frames
    // or socket rows (changes() without Palette and Sockets). An edit that does not keep them
    // bakes them (drops the keys, their result stays in the frames) and undo brings them back.
    virtual bool keepsOffsetLayers() const;

    void redo() override;
    void undo() override;

    void markApplied() { m_applied = true; }

protected:
    DocumentSession *session() const { return m_session; }

private:
    DocumentSession *m_session;
    bool m_applied = false;
    std::optional<OffsetLayers> m_bakedLayers; // the layers this edit dropped
};

} // namespace bpat::studio
