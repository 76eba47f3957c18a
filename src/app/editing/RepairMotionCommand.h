#pragma once
// One motion repair of the open file as one undo step: the core's MotionFixer (the code of
// `bpat fix` and bpat.fix) run with the options of the Repair Motion dialog or of a finding's
// Fix action. The clips it changed are kept as they were, so undo puts back the very same
// floats (matrices, socket rows, contact records).
#include "DocumentCommand.h"
#include "bpat/BpatDocument.h"
#include "repair/FixOptions.h"
#include "repair/FixReport.h"

#include <QList>

namespace bpat::studio {

class RepairMotionCommand : public DocumentCommand
{
public:
    RepairMotionCommand(DocumentSession *session, bpat::FixOptions options, const QString &text);

    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    int focusClip(bool undo) const override;
    DocumentChanges changes() const override { return DocumentChanges(DocumentChange::Palette) | DocumentChange::Sockets; }

    const bpat::FixReport &report() const { return m_report; }

private:
    bpat::FixOptions m_options;
    bpat::FixReport m_report;
    QList<std::pair<int, BpatClip>> m_before; // the clips it changed, as they were
};

} // namespace bpat::studio
