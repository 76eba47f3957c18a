#pragma once
// The motion edits of issue 41 on a BpatDocument, shared by the window's undo commands, `bpat
// edit` (--offset, --resample, --time-warp, --reverse, --mirror) and bpat.edit(): offset keys
// baked into a clip (OffsetLayer), retime (ClipRetime: resample, time warp), reverse
// (ClipReverse) and mirror (ClipMirror). As DocumentEditor's edits, each checks its arguments and
// its result first and refuses with a message, changing nothing: a clip or bone that does not
// exist, a channel that is not one, a resample to 0 frames or to more than one clip holds, a
// rig without left/right pairs (naming the bones found). The clip keeps its dialect's fields:
// markers (moved as the edit moves time), flags, family; late v3's bind palette and bone parents
// are never touched.
#include "bpat/BpatDocument.h"
#include "motionedit/BonePairs.h"
#include "motionedit/ClipMirror.h"
#include "motionedit/MotionChange.h"
#include "motionedit/OffsetLayer.h"

#include <QString>
#include <QStringList>

namespace bpat {

struct MotionEditResult
{
    bool ok = false;
    QString error;       // why nothing changed
    int clip = -1;       // the clip written (a mirror's new clip)
    QStringList notes;   // what it did, for people
    MotionChange change; // offsets: what changed, as object-space error
};

struct MirrorOptions
{
    bool inPlace = false; // else a new clip after the last (its own variant family)
    QString name;         // the new clip's name (empty: "<clip>_mirrored", or a free variant of it)
};

class MotionEditor
{
public:
    explicit MotionEditor(BpatDocument &document)
        : m_doc(document)
    {
    }

    // Adds the layer's offsets to the clip's frames (children follow); only the matrices that
    // change are written (MotionApply), with their socket rows and v3 contact records.
    MotionEditResult applyOffsets(int clip, const OffsetLayer &layer);
    // Resamples the clip to `frames` frames (a loop as a loop); `fps`, when given, becomes its
    // frame rate (a clip of the same duration at another rate: frames = duration x fps).
    MotionEditResult resample(int clip, quint32 frames, std::optional<float> fps = std::nullopt);
    // Moves what frame `from` shows to frame `to`, the rest eased around it; markers move with it.
    MotionEditResult timeWarp(int clip, double from, double to);
    MotionEditResult reverse(int clip);

    MotionEditResult mirror(int clip, const MirrorOptions &options = {});

    // What mirroring a clip of `document` uses: its bones' pairs (the rig's names), its sockets'
    // pairs, the plane; `error` says why it cannot be mirrored (no pairs: the bones found).
    struct MirrorPlan
    {
        BonePairs bones;
        BonePairs sockets;
        MirrorPlane plane;
        QString error;
    };
    static MirrorPlan mirrorPlan(const BpatDocument &document, int clip);
    // The name a mirror of `clip` gets by default.
    static QString mirroredName(const BpatDocument &document, int clip);

private:
    bool checkClip(int clip, MotionEditResult &result) const;
    // Resamples the clip at `times` and puts it in place, markers from `markers`.
    MotionEditResult replaceSampled(int clip, const QList<double> &times, const std::array<float, 5> &markers);

    BpatDocument &m_doc;
};

} // namespace bpat
