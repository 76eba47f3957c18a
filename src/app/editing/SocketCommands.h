#pragma once
// Undoable socket edits. Every socket edit recomputes the socket rows of every clip from the
// palettes, so undo restores the socket table and every clip's stored rows as they were (rows
// read from a file are kept verbatim: undo gives back the original bytes).
#include "bpat/BpatDocument.h"
#include "DocumentCommand.h"

#include <QList>
#include <functional>

namespace bpat::studio {

class SocketCommand : public DocumentCommand
{
public:
    // `edit` runs the DocumentEditor operation; `text` names it for the Edit menu.
    using Edit = std::function<bool(BpatDocument &, QString *)>;
    SocketCommand(DocumentSession *session, const QString &text, Edit edit);

    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    // The socket table and rows; the palettes stay as they are.
    DocumentChanges changes() const override { return DocumentChanges(DocumentChange::Metadata) | DocumentChange::Sockets; }

protected:
    void setEdit(Edit edit) { m_edit = std::move(edit); }

private:
    Edit m_edit;
    QList<BpatSocket> m_sockets;
    QList<QList<float>> m_rows;
};

// Changing a socket's offset again right away (spin boxes, typing) merges into one command, so
// the history shows one step per socket and undo goes back to where the editing started.
class SetSocketOffsetCommand : public SocketCommand
{
public:
    SetSocketOffsetCommand(DocumentSession *session, int socket, const QVector3D &offset, const QString &socketName);
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    int m_socket;
    QVector3D m_offset;
    QString m_socketName;
};

SocketCommand *addSocketCommand(DocumentSession *session, const BpatSocket &socket);
SocketCommand *removeSocketCommand(DocumentSession *session, int socket, const QString &name);
SocketCommand *renameSocketCommand(DocumentSession *session, int socket, const QString &oldName, const QString &newName);
SocketCommand *setSocketAnchorCommand(DocumentSession *session, int socket, const QString &name, quint32 anchor,
                                      const QString &anchorName);

} // namespace bpat::studio
