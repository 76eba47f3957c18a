#pragma once
// The offset layers of an open document (issue 41): per clip, the layer of offset keys the bone
// graph edits and the clip's frames from before its first key, which the layer adds to. The
// document always holds the layer's result (what the viewport shows and a save writes: baked
// into the frames); the layer stays editable while the file is open, and is part of the undo
// history: every key edit is one OffsetLayerCommand. An edit of anything else that moves frames
// or socket rows (a trim, a resample, a socket added) bakes the layers for good: they are
// dropped, their result kept, and undoing that edit brings them back (DocumentCommand).
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "motionedit/OffsetLayer.h"

#include <QMap>
#include <memory>

namespace bpat::studio {

struct ClipOffsetLayer
{
    bpat::OffsetLayer layer;
    // The clip's frame data before the layer (palette, socket rows, contact records, late v3's
    // stored skinning floats; the clip's name, fps and markers are the document's).
    std::shared_ptr<const bpat::BpatClip> base;
    // The file as shown when the layer began: its curves are the bone graph's dimmed original.
    bpat::BpatFile baseFile;
};

// By clip index.
using OffsetLayers = QMap<int, ClipOffsetLayer>;

} // namespace bpat::studio
