#pragma once
// Retiming a clip (issue 41): which moment of the source clip each new frame shows (a time map,
// in source frames), and the new clip sampled at those moments.
//
//  - resample(n -> m): new frame j shows the source's moment j n / m: the clip's frames are
//    samples 1/fps apart, so the motion keeps its span at m/n times the rate (with the frame rate
//    scaled by m/n, its duration too). A looping clip is resampled as a loop (past its last frame
//    it blends toward frame 0, so the seam stays a step like the others); a one-shot holds its
//    last frame past its end. A whole ratio samples exactly on the old frames where it can:
//    24 -> 48 -> 24 gives back the very bytes.
//  - timeWarp(from -> to): frame `from` (a contact, a release) shows at frame `to`, the rest
//    eased around it: a monotone cubic through (0, 0), (to, from) and the end (a loop's period
//    n, with matching slopes across the seam), so no frame goes back in time and the ends stay.
//
// sample() builds the new clip: a moment on a source frame copies that frame's bytes (palette,
// socket rows, contact record, late v3's stored skinning floats), so 24 -> 48 -> 24 gives back
// the very bytes; between two frames each bone's pose is blended in model space (rotation
// slerp, origin and scale lerp: posemath::blend), as the game itself blends two frames of a
// baked palette when it plays a clip (it mixes their matrices; a slerp keeps the axes
// orthonormal): what is still in the frames stays still between them (a planted foot under a
// falling body, whose leg bones turn 90 degrees from one frame to the next in the elephant's
// `die`, where blending local poses moved the foot 10 cm), and a bone turning fast is drawn a
// little short mid-way (its origin on the chord: cos(a/2) of its length for a turn of a per
// frame). Socket rows are blended the same way; the v3 contact record is recomputed from the new
// globals (ContactRecords) or, for a rig without known feet, interpolated. On the real files a
// resample to twice the frames adds no motion-lint finding (blending local poses put the
// elephant's back foot 10 cm under the ground there).
#include "bpat/BpatDocument.h"

#include <QList>
#include <QString>
#include <optional>

namespace bpat {

class ClipMotion;

class ClipRetime
{
public:
    // The most frames one clip can be resampled to with `bones` bones (what one edit holds in
    // memory: ClipMotion's pose budget).
    static quint32 maxFrames(quint32 bones);

    // Source times of the frames of a resample from `from` to `to` frames.
    static QList<double> resampleTimes(quint32 from, quint32 to, bool loops);
    // The warp's value at new frame x (source time), for a clip of `frames` frames.
    static double warp(double x, double from, double to, quint32 frames, bool loops);
    static QList<double> warpTimes(quint32 frames, double from, double to, bool loops);
    // The new frame (fractional) that shows source time t under the warp (its inverse).
    static double unwarp(double t, double from, double to, quint32 frames, bool loops);

    // The clip `source` (of `document`'s rig) sampled at `times` (source frames, within
    // [0, frames - 1], or [0, frames) for a loop, where times past the last frame blend toward
    // frame 0). The new clip keeps the source's name, fps, loop flag, markers, flags and family;
    // the caller sets what else changes. Nullopt and *error when a blended bone has no local
    // pose (its parent's matrix singular) or the clip's frames are not in memory.
    static std::optional<BpatClip> sample(const BpatDocument &document, const BpatClip &source, const QList<double> &times,
                                          QString *error = nullptr);
};

} // namespace bpat
