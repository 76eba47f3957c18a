#pragma once
// A clip mirrored left/right (issue 41): each bone takes the motion of its partner (BonePairs:
// HipL <-> HipR; a bone without one takes its own) reflected across the creature's sagittal
// plane, so a right-handed attack becomes a left-handed one.
//
// The plane (MirrorPlane): the model-space axis along which the rig's pairs lie apart (X for
// every game rig: +Y up, the creature faces along Z), through the middle of the pairs in the
// rest pose (late v3's bind palette; without one, through the origin, where the game stands its
// creatures). S is the reflection across it.
//
// The matrices: each global is reflected whole, its partner's origin and axes across the plane
// and its local axes back (the partners' frames mirror each other, as in every game rig):
//     global'(b) = S global(p) S0        (S0: the reflection S through the origin)
// so every joint lands exactly where its partner's mirror image is (the gait report of a
// mirrored walk is the original's with the feet swapped), every global keeps a positive
// determinant, and mirroring twice gives back the clip up to float rounding. The skin follows
// the joints (late v3 writes skin = global x inverse(bind) as for any edit; the current
// humanoid's bind pose itself is a few millimetres off symmetric, so a mirrored mesh is as
// symmetric as its joints). Socket rows are mirrored the same way: a socket takes its partner's
// rows (hand_l <-> hand_r by the same naming rules), a socket without one is mirrored in place.
#include "motion/LocalChannels.h"
#include "motionedit/BonePairs.h"

#include <QList>
#include <QString>

namespace bpat {

struct MirrorPlane
{
    int axis = 0;             // 0 = X, 1 = Y, 2 = Z: the plane's normal
    double offset = 0.0;      // the plane is axis = offset
    QString from;             // how it was found, for people
    QString describe() const; // "x = 0 (the bind pose's pairs)"
};

class ClipMirror
{
public:
    // `rest`: the rest pose's globals (bones x 16 row-major floats; late v3's bind palette as
    // globals), or null. The plane's axis comes from the pairs' spread in `rest`, else in
    // `frame` (a frame of the clip), else X; its offset from `rest`, else 0.
    static MirrorPlane planeOf(const BonePairs &pairs, const float *rest, const float *frame, int bones);

    ClipMirror(BonePairs bones, MirrorPlane plane);

    const BonePairs &pairs() const { return m_pairs; }
    const MirrorPlane &plane() const { return m_plane; }
    // One frame's globals (boneCount x 16 row-major floats) mirrored into `out`.
    void mirrorFrame(const float *globals, float *out) const;
    // One frame's socket rows (sockets x 12 floats), each from its partner (`sockets`).
    void mirrorSocketRows(const float *rows, const BonePairs &sockets, float *out) const;

private:
    Affine mirrored(const float *matrix) const; // S m S0 (12 floats: rows 0..2)
    BonePairs m_pairs;
    MirrorPlane m_plane;
};

} // namespace bpat
