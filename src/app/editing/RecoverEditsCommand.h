#pragma once
// The edits a session that ended without saving left behind (editing/EditRecovery), applied to
// the file they were made on as one undoable step: the document becomes the recovered one;
// undo gives back the file as it is on disk.
#include "bpat/BpatDocument.h"
#include "DocumentCommand.h"

#include <optional>

namespace bpat::studio {

class RecoverEditsCommand : public DocumentCommand
{
public:
    RecoverEditsCommand(DocumentSession *session, BpatDocument recovered);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;

private:
    BpatDocument m_recovered;
    std::optional<BpatDocument> m_before;
};

} // namespace bpat::studio
