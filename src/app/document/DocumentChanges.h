#pragma once
// What an edit changed in the open document, so each observer redoes only its own part: the
// panels re-read the tables after any change, the viewport re-uploads the palette only when
// Palette is set (and the socket rows only with Sockets), and a metadata-only edit re-runs the
// table checks, never the deep checks over every matrix. A Motion edit (the moves of a drag)
// changes matrices where they lie: only what draws motion follows each move (the viewport's
// palette, the bone curves); the rest follows once the edits settle (StudioContext).
#include <QFlags>

namespace bpat::studio {

enum class DocumentChange {
    Metadata = 0x1,  // clip or socket table fields: names, fps, loops, markers, flags
    Sockets = 0x2,   // the socket rows (a socket added, removed, re-anchored or moved)
    Palette = 0x4,   // the matrices or the frames they belong to (clips added, removed, trimmed...)
    Structure = 0x8, // anything else: the document was replaced (open, reload)
    Motion = 0x10,   // the matrices (and contact records) of one clip's frames, where they lie:
                     // no frame, clip, table or byte offset moved (a key dragged in the bone graph)
};
Q_DECLARE_FLAGS(DocumentChanges, DocumentChange)
Q_DECLARE_OPERATORS_FOR_FLAGS(DocumentChanges)

// Everything: what opening or reloading a file means to every observer.
inline constexpr DocumentChanges AllDocumentChanges =
    DocumentChanges(DocumentChange::Metadata) | DocumentChange::Sockets | DocumentChange::Palette | DocumentChange::Structure;

} // namespace bpat::studio
