#include "SocketCommands.h"

#include "bpat/DocumentEditor.h"

#include <QObject>

namespace bpat::studio {

SocketCommand::SocketCommand(DocumentSession *session, const QString &text, Edit edit)
    : DocumentCommand(session, text)
    , m_edit(std::move(edit))
{
}

bool SocketCommand::apply(BpatDocument &document, QString *error)
{
    QList<BpatSocket> sockets = document.sockets();
    QList<QList<float>> rows;
    rows.reserve(document.clipCount());
    for (const BpatClip &clip : document.clips())
        rows.append(clip.socketRows);
    if (!m_edit(document, error))
        return false;
    m_sockets = std::move(sockets);
    m_rows = std::move(rows);
    return true;
}

void SocketCommand::revert(BpatDocument &document)
{
    document.setSockets(m_sockets); // recomputes the rows; the stored ones replace them below
    for (int i = 0; i < document.clipCount() && i < m_rows.size(); ++i)
        document.clip(i).socketRows = m_rows.at(i);
}

SetSocketOffsetCommand::SetSocketOffsetCommand(DocumentSession *session, int socket, const QVector3D &offset,
                                               const QString &socketName)
    : SocketCommand(session, QString(), {})
    , m_socket(socket)
    , m_offset(offset)
    , m_socketName(socketName)
{
    setText(QObject::tr("Move socket '%1' to (%2, %3, %4)")
                .arg(socketName)
                .arg(double(offset.x()), 0, 'g', 5)
                .arg(double(offset.y()), 0, 'g', 5)
                .arg(double(offset.z()), 0, 'g', 5));
    setEdit([socket, offset](BpatDocument &document, QString *error) {
        return DocumentEditor(document).setSocketOffset(socket, offset, error);
    });
}

bool SetSocketOffsetCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = dynamic_cast<const SetSocketOffsetCommand *>(other);
    if (!next || next->m_socket != m_socket)
        return false;
    // This command keeps the state from before the first change; it now redoes the latest.
    m_offset = next->m_offset;
    const QVector3D offset = m_offset;
    const int socket = m_socket;
    setEdit([socket, offset](BpatDocument &document, QString *error) {
        return DocumentEditor(document).setSocketOffset(socket, offset, error);
    });
    setText(next->text());
    return true;
}

SocketCommand *addSocketCommand(DocumentSession *session, const BpatSocket &socket)
{
    return new SocketCommand(
        session, QObject::tr("Add socket '%1'").arg(socket.name),
        [socket](BpatDocument &document, QString *error) { return DocumentEditor(document).addSocket(socket, error); });
}

SocketCommand *removeSocketCommand(DocumentSession *session, int socket, const QString &name)
{
    return new SocketCommand(
        session, QObject::tr("Remove socket '%1'").arg(name),
        [socket](BpatDocument &document, QString *error) { return DocumentEditor(document).removeSocket(socket, error); });
}

SocketCommand *renameSocketCommand(DocumentSession *session, int socket, const QString &oldName, const QString &newName)
{
    return new SocketCommand(session, QObject::tr("Rename socket '%1' to '%2'").arg(oldName, newName),
                             [socket, newName](BpatDocument &document, QString *error) {
                                 return DocumentEditor(document).renameSocket(socket, newName, error);
                             });
}

SocketCommand *setSocketAnchorCommand(DocumentSession *session, int socket, const QString &name, quint32 anchor,
                                      const QString &anchorName)
{
    return new SocketCommand(session, QObject::tr("Anchor socket '%1' to %2").arg(name, anchorName),
                             [socket, anchor](BpatDocument &document, QString *error) {
                                 return DocumentEditor(document).setSocketAnchor(socket, anchor, error);
                             });
}

} // namespace bpat::studio
