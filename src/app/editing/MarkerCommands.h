#pragma once
// Undoable marker edits (v2 / v3): set one of a clip's five markers to a phase, or clear it (-1).
#include "ClipCommands.h" // ClipMetadataCommand

namespace bpat::studio {

class SetClipMarkerCommand : public ClipMetadataCommand
{
public:
    // phase -1 clears the marker.
    SetClipMarkerCommand(DocumentSession *session, int clip, int marker, float phase);
};

} // namespace bpat::studio
