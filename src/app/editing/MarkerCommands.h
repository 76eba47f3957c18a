#pragma once
// Undoable marker edits (v2 / v3): set one of a clip's five markers to a phase, or clear it (-1).
#include "DocumentCommand.h"

namespace bpat::studio {

class SetClipMarkerCommand : public DocumentCommand
{
public:
    // phase -1 clears the marker.
    SetClipMarkerCommand(DocumentSession *session, int clip, int marker, float phase);
    bool apply(BpatDocument &document, QString *error) override;
    void revert(BpatDocument &document) override;
    DocumentChanges changes() const override { return DocumentChange::Metadata; }

private:
    int m_clip;
    int m_marker;
    float m_phase;
    float m_old = -1.0f;
};

} // namespace bpat::studio
