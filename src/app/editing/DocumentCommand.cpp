#include "DocumentCommand.h"

#include "DocumentSession.h"

namespace bpat::studio {

DocumentCommand::DocumentCommand(DocumentSession *session, const QString &text)
    : QUndoCommand(text)
    , m_session(session)
{
}

int DocumentCommand::focusClip(bool undo) const
{
    Q_UNUSED(undo);
    return -1;
}

DocumentChanges DocumentCommand::changes() const
{
    return DocumentChanges(DocumentChange::Metadata) | DocumentChange::Sockets | DocumentChange::Palette;
}

bool DocumentCommand::keepsOffsetLayers() const
{
    return !(changes() & (DocumentChange::Palette | DocumentChange::Sockets));
}

void DocumentCommand::redo()
{
    if (m_applied) {
        m_applied = false; // DocumentSession::execute() applied it already
    } else {
        QString error;
        if (!apply(m_session->editableDocument(), &error)) {
            // Cannot happen on the state the command was made on; say so rather than hide it.
            m_session->report(QObject::tr("Redo failed: %1").arg(error));
            setObsolete(true);
            return;
        }
    }
    if (!keepsOffsetLayers() && !m_session->offsetLayers().isEmpty()) {
        m_bakedLayers = m_session->offsetLayers();
        m_session->setOffsetLayers({});
    }
    m_session->publish(focusClip(false), changes());
}

void DocumentCommand::undo()
{
    revert(m_session->editableDocument());
    if (m_bakedLayers)
        m_session->setOffsetLayers(*std::exchange(m_bakedLayers, std::nullopt));
    m_session->publish(focusClip(true), changes());
}

} // namespace bpat::studio
