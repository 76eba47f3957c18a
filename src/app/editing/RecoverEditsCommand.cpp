#include "editing/RecoverEditsCommand.h"

#include <QCoreApplication>

namespace bpat::studio {

RecoverEditsCommand::RecoverEditsCommand(DocumentSession *session, BpatDocument recovered)
    : DocumentCommand(session, QCoreApplication::translate("RecoverEditsCommand", "Recover unsaved edits"))
    , m_recovered(std::move(recovered))
{
}

bool RecoverEditsCommand::apply(BpatDocument &document, QString *error)
{
    if (m_recovered.boneCount() != document.boneCount() || m_recovered.speciesId() != document.speciesId()) {
        if (error)
            *error = QCoreApplication::translate("RecoverEditsCommand",
                                                 "the recovered edits are of another creature (%1 bones, this file %2)")
                         .arg(m_recovered.boneCount())
                         .arg(document.boneCount());
        return false;
    }
    m_before = document;
    document = m_recovered;
    return true;
}

void RecoverEditsCommand::revert(BpatDocument &document)
{
    if (m_before)
        document = *m_before;
}

} // namespace bpat::studio
