#pragma once
// Repairs what the motion lint finds in a document, in a sensible order, and lints it again: the
// one code path of `bpat fix`, bpat.fix() and the window's Fix actions (each an undo step).
//
// For each clip in scope: pops first (so nothing else measures through a spike), then bone
// lengths, the loop seam, the foot lock, the ground (lift or IK), each on the clip's local poses
// (ClipMotion) as the previous left them; the result is written back into the document's own
// dialect (MotionApply: only what changed; socket rows with their anchors; the v3 contact records
// of the frames whose feet moved) and, with `all`, the contact records the lint found off the
// feet are recomputed. Then the lint runs again over the result: its counts before and after,
// and any finding the repairs brought in, are in the report.
//
// Refused with nothing changed: a clip that does not exist (CLIP_NOT_FOUND), nothing asked
// (NOTHING_ASKED), a clip in scope whose matrices are not finite (NON_FINITE), a document that
// cannot be written (NOT_WRITABLE), a cancel (CANCELLED). A repair that cannot act on a clip (a
// rig without legs for the foot lock, a clip of one frame) skips it and says why.
#include "bpat/BpatDocument.h"
#include "repair/FixOptions.h"
#include "repair/FixReport.h"

#include <atomic>

namespace bpat {

class MotionFixer
{
public:
    static FixReport fix(BpatDocument &document, const FixOptions &options, const std::atomic<bool> *cancel = nullptr);
    // The bone names the report prints (the document's rig).
    static QStringList boneNames(const BpatDocument &document);
};

} // namespace bpat
