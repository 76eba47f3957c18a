#pragma once
// Writes an edited ClipMotion back into a clip of a BpatDocument, touching only what changed:
// the global matrices the edit changed (every other float keeps its bits; late v3 keeps its
// stored skinning floats for them, its bind palette and bone parents are not touched), the
// socket rows of changed frames whose anchor moved (moved with the anchor: row' = anchor' x
// inverse(anchor) x row, so the game's grip and weapon sockets, baked from other frames, keep
// their relation to the hand) and, in v3, the contact records of the frames whose feet moved
// (ContactRecords). The clip's name, fps, loop flag, markers, flags and variants stay.
#include "motionedit/ClipMotion.h"
#include "motionedit/MotionChange.h"

#include <QString>
#include <QStringList>

namespace bpat {

class BpatDocument;

struct MotionApplyResult
{
    bool ok = false;
    QString error;          // why nothing was written
    MotionChange change;    // what changed, with the object-space error
    int socketRows = 0;     // socket rows moved with their anchors
    int contactRecords = 0; // v3 contact records recomputed
    QStringList notes;      // what could not be kept in step (contacts of a rig without feet)
};

class MotionApply
{
public:
    // `motion` covers frames [firstFrame, firstFrame + frameCount) of the clip, with the
    // document's bone count. Nothing is written when it does not fit.
    static MotionApplyResult toDocument(BpatDocument &document, int clip, const ClipMotion &motion);

    // The socket row (12 floats, rows 0..2 row-major) of a socket whose anchor moved from
    // `oldAnchor` to `newAnchor` (row-major 16 floats each); recomputed from the offset when the
    // old anchor is singular.
    static void moveSocketRow(const float *oldAnchor, const float *newAnchor, const QVector3D &localOffset, float *row);
};

} // namespace bpat
