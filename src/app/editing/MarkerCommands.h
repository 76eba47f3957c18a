#pragma once
// Undoable marker edits (v2 / v3), each one DocumentEditor::setClipMarker edit or two, as
// `bpat edit --set-marker` / `--clear-marker` make them: set one of a clip's five markers to a
// phase, or clear it (-1); rename one (its phase moves to another of the five names).
#include "ClipCommands.h" // ClipMetadataCommand

namespace bpat::studio {

class SetClipMarkerCommand : public ClipMetadataCommand
{
public:
    // phase -1 clears the marker.
    SetClipMarkerCommand(DocumentSession *session, int clip, int marker, float phase);
};

// Marker `from` becomes marker `to` at `phase`: `to` is set (replacing its phase, if it had
// one) and `from` cleared, in one undoable edit.
class RenameClipMarkerCommand : public ClipMetadataCommand
{
public:
    RenameClipMarkerCommand(DocumentSession *session, int clip, int from, int to, float phase);
};

// Executes a marker edit of `clip`; true when it was made. What it leaves out of the order the
// game's markers keep goes to *warning (DocumentEditor::markerOrderWarning: the warning `bpat
// edit` prints), empty when the order holds. A refused edit is reported by the session.
bool executeMarkerEdit(DocumentSession *session, DocumentCommand *command, int clip, QString *warning = nullptr);

} // namespace bpat::studio
