#pragma once
// A bone's LOCAL pose over a clip, as graph editors plot it: local = inverse(global[parent]) x
// global (the global itself for a root), from the global matrices of every dialect
// (BpatFile::globalMatrixFloats: v1, v2 and early v3 as stored, late v3 skin x bind) and the
// bone parents of the file's rig (BpatFile::rig: the game's rig of any era, a late-v3 file's own
// table; bones of an unknown rig are roots). Double precision throughout.
//
// The decomposition is the late-v3 reader's (bpat-versions.md 2.8, "Local poses"): translation
// = column 3 of the local matrix, rotation = the quaternion of its three basis columns, each
// normalised; the columns' lengths are the scale (the game discards it; a graph editor shows
// it where it is not 1). A mirrored basis (determinant < 0) gets a negative X scale, so
// compose(decompose(m)) == m for every matrix without shear.
//
// track() samples a clip's frames (every frame, or every n-th of a very long clip) into
// channels: translation, Euler angles in degrees in a chosen order (unwrapped, so a curve never
// jumps at +-180: euler::closestTo), the quaternion kept in one hemisphere, and the scale.
#include "bpat/BpatFile.h"
#include "motion/EulerAngles.h"

#include <QHash>
#include <QList>
#include <QString>
#include <array>
#include <optional>

namespace bpat {

// Row-major 4x4 (k = row * 4 + col), the last row 0 0 0 1: the palette's layout in v1.
using Affine = std::array<double, 16>;

struct LocalTransform
{
    std::array<double, 3> translation{0.0, 0.0, 0.0};
    euler::Quaternion rotation{1.0, 0.0, 0.0, 0.0};
    std::array<double, 3> scale{1.0, 1.0, 1.0};
};

class LocalChannels
{
public:
    enum Channel {
        TranslationX,
        TranslationY,
        TranslationZ,
        EulerX,
        EulerY,
        EulerZ, // degrees, in the track's order
        QuaternionW,
        QuaternionX,
        QuaternionY,
        QuaternionZ,
        ScaleX,
        ScaleY,
        ScaleZ,
    };
    static constexpr int ChannelCount = 13;
    // A scale this far from 1 (in any frame, on any axis) is worth a curve.
    static constexpr double ScaleTolerance = 1e-4;

    struct Track
    {
        int clip = -1;
        int bone = -1;
        EulerOrder order = EulerOrder::XYZ;
        int stride = 1;                                 // every stride-th frame is sampled
        QList<int> frames;                              // the clip frames sampled, ascending
        std::array<QList<double>, ChannelCount> values; // per channel, one per frame; NaN where unreadable
        bool scaled = false;                            // some scale differs from 1 by > ScaleTolerance
        int unreadable = 0;                             // frames without a local pose
    };

    // Parents from file.rig() (all roots when the rig is unknown).
    explicit LocalChannels(const BpatFile &file);
    // Parents given: -1 (or anything outside 0..boneCount-1, or the bone itself) is a root.
    LocalChannels(const BpatFile &file, QList<int> parents);

    int boneCount() const;
    const QList<int> &parents() const { return m_parents; }
    int parentOf(int bone) const; // -1 for a root

    // The bone's global matrix at a global frame (nullopt when unreadable or not finite).
    std::optional<Affine> globalMatrix(quint32 globalFrame, int bone) const;
    // Its local matrix (nullopt when either global is unreadable or the parent's is singular).
    std::optional<Affine> localMatrix(quint32 globalFrame, int bone) const;
    // The bone's local pose at a frame of a clip.
    std::optional<LocalTransform> localTransform(int clip, int frame, int bone) const;

    // Samples a clip: every `stride`-th frame (the last frame always), for several bones in
    // one pass. Bones outside the rig give empty tracks. `seeds`: per bone, the angles its first
    // frame is unwrapped toward (the original's, when an edited curve is drawn beside it; by
    // default the first frame takes the angles with the middle one in [-90, 90]).
    QList<Track> tracks(int clip, const QList<int> &bones, EulerOrder order, int stride = 1,
                        const QHash<int, euler::Angles> &seeds = {}) const;
    Track track(int clip, int bone, EulerOrder order, int stride = 1) const;
    // Frames of a clip the file holds: its frame_count, bounded by frame_total and the palette
    // bytes in the file (a hostile count costs nothing).
    quint64 framesHeld(int clip) const;
    // The smallest stride that keeps `bones` x sampled frames within `maxSamples`.
    static int strideFor(qint64 frames, qint64 bones, qint64 maxSamples);

    // --- The matrix arithmetic, for tests and other users ---
    static std::optional<LocalTransform> decompose(const Affine &local);
    static Affine compose(const LocalTransform &transform);
    static Affine multiply(const Affine &a, const Affine &b);
    static std::optional<Affine> inverse(const Affine &m); // of an affine matrix; nullopt when singular
    static bool isInvertible(const Affine &m);             // inverse() would give one

private:
    BpatFile m_file; // shares the mapping (cheap to copy)
    QList<int> m_parents;
};

} // namespace bpat
