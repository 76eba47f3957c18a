#pragma once
// A clip (or a run of its frames) as the motion editor edits it: per frame and bone the LOCAL
// matrix, inverse(global[parent]) x global (motion/LocalChannels' local pose, decomposed into
// translation, rotation and scale on request), and the global matrices recomposed from them.
//
// It starts from the clip's global matrices as row-major floats (every dialect: BpatDocument's
// palette, GlobalPalette for a file; late v3's are skin x bind) and remembers them. An edit sets
// the local pose of some bones in some frames; the globals of those bones and of every bone below
// them (children follow) are recomposed in double precision, parents before children, and every
// other matrix keeps its original float bits: globalFloats() gives exactly the input wherever
// nothing changed, so a writer leaves those bytes (and late v3's stored skinning floats, which
// BpatWriter keeps for unchanged globals) bit-identical. isChanged() / changedFrames() say what
// an edit touched; MotionApply writes only that back into a document.
//
// A bone whose parent's global is singular in a frame has no local pose there (isReadable()
// false): it cannot be edited in that frame and keeps its global. A clip of non-finite matrices is
// refused (fromGlobals names the first). blank() makes frames without originals (a resampled or
// new clip, issue 41): every matrix of those counts as changed.
//
// Local poses are decomposed when first read, globals recomposed per frame when first read after
// an edit: reading a few bones of a long clip costs only those. translate() moves a bone in object
// space, rotation kept (the bone-length repair): its subtree moves by the same vector without
// any matrix product (children follow a pure translation exactly), and the bone's new local pose
// is derived only when something reads it or edits its frame. Not thread-safe.
#include "motion/LocalChannels.h"
#include "motionedit/MotionSkeleton.h"

#include <QList>
#include <QString>
#include <optional>
#include <vector>

namespace bpat {

class BpatDocument;
class BpatFile;

class ClipMotion
{
public:
    // Poses (frames x bones) one ClipMotion holds at most: 2^22 poses of one bone is ~1.3 GiB;
    // callers stream longer clips in runs.
    static constexpr quint64 MaxPoses = quint64(1) << 22;

    ClipMotion() = default;
    // `globals`: `frames` frames of skeleton.boneCount() row-major matrices (16 floats each).
    // `firstFrame`: where these frames start in their clip (a run of a long clip).
    static std::optional<ClipMotion> fromGlobals(MotionSkeleton skeleton, const float *globals, quint32 frames,
                                                 quint32 firstFrame = 0, QString *error = nullptr);
    static std::optional<ClipMotion> fromGlobals(MotionSkeleton skeleton, std::vector<float> globals, quint32 frames,
                                                 quint32 firstFrame = 0, QString *error = nullptr);
    // A clip of a document (MotionSkeleton::forDocument), all its frames.
    static std::optional<ClipMotion> fromDocument(const BpatDocument &document, int clip, QString *error = nullptr);
    // Frames [first, first + count) of a clip of a mapped file (MotionSkeleton::forFile unless given).
    static std::optional<ClipMotion> fromFile(const BpatFile &file, int clip, quint32 first, quint32 count,
                                              QString *error = nullptr);
    static std::optional<ClipMotion> fromFile(const BpatFile &file, const MotionSkeleton &skeleton, int clip, quint32 first,
                                              quint32 count, QString *error = nullptr);
    // Frames [first, first + count) of a clip into `motion`, reusing its memory (a long clip
    // edited in runs: its buffers keep their size from run to run). False, *error and `motion`
    // emptied when they cannot be read or are not finite.
    static bool readFile(ClipMotion &motion, const BpatFile &file, const MotionSkeleton &skeleton, int clip, quint32 first,
                         quint32 count, QString *error = nullptr);
    // `frames` frames with no original: every local pose the identity (set them), every matrix changed.
    static ClipMotion blank(MotionSkeleton skeleton, quint32 frames);

    const MotionSkeleton &skeleton() const { return m_skeleton; }
    int boneCount() const { return m_bones; }
    quint32 frameCount() const { return m_frames; }
    quint32 firstFrame() const { return m_first; }
    bool hasOriginal() const { return !m_original.empty(); }

    // --- Local poses ---
    bool isReadable(quint32 frame, int bone) const;
    const Affine &localMatrix(quint32 frame, int bone) const;
    // The decomposed local pose (identity when not readable or without a rotation).
    LocalTransform pose(quint32 frame, int bone) const;
    // Set a bone's local pose; false (nothing changes) outside the clip or for a non-finite matrix.
    bool setLocalMatrix(quint32 frame, int bone, const Affine &local);
    bool setPose(quint32 frame, int bone, const LocalTransform &pose);

    // --- Global matrices, recomposed after edits ---
    const Affine &global(quint32 frame, int bone) const;
    std::array<double, 3> origin(quint32 frame, int bone) const;
    // Sets the local pose that gives the bone this global matrix (children follow); false when
    // the parent's global is singular.
    bool setGlobal(quint32 frame, int bone, const Affine &global);
    // setGlobal() of the bone's global moved by `delta` (object space, rotation kept): the bone and
    // every readable bone below it move by `delta`; false when the parent's global is singular.
    bool translate(quint32 frame, int bone, const std::array<double, 3> &delta);
    // The original global matrix (the input's, as doubles); the current one without an original.
    Affine originalGlobal(quint32 frame, int bone) const;
    // The original floats of a frame (boneCount x 16), or null without originals.
    const float *originalFloats(quint32 frame) const;
    // A frame's globals as row-major floats: the original bits of every unchanged matrix.
    void globalFloats(quint32 frame, float *out) const;

    // --- What changed ---
    bool isEdited(quint32 frame, int bone) const;  // its local pose was set
    bool isChanged(quint32 frame, int bone) const; // its global is not the original (edited, or above it)
    bool isFrameChanged(quint32 frame) const;
    QList<quint32> changedFrames() const;
    QList<int> changedBones() const; // changed in any frame, in index order
    // Back to the original poses of a frame (nothing of it changed).
    void revertFrame(quint32 frame);
    // A bone's local pose as it is now, to put back exactly (an edit tried and withdrawn).
    struct PoseState
    {
        Affine local{};
        bool readable = false;
        bool edited = false;
    };
    PoseState poseState(quint32 frame, int bone) const;
    void restore(quint32 frame, int bone, const PoseState &state);

private:
    // Room for `poses` local poses and globals, none read yet, over `frames` frames.
    void resetPoses(size_t poses, size_t frames);
    enum StateBit : quint8 {
        LocalKnown = 1,     // m_local holds the local pose
        Readable = 2,       // ... and it exists (the parent's global is invertible)
        Edited = 4,         // it was set
        Changed = 8,        // the global differs from the original (m_global holds it)
        GlobalKnown = 16,   // m_global holds the global
        Dirty = 32,         // set since the frame was last recomposed
        ReadableKnown = 64, // the Readable bit is known (LocalKnown implies it)
        LocalStale = 128    // translated: m_local is to be derived again from the globals
    };
    size_t at(quint32 frame, int bone) const { return size_t(frame) * size_t(m_bones) + size_t(bone); }
    bool valid(quint32 frame, int bone) const { return frame < m_frames && bone >= 0 && bone < m_bones; }
    void ensureLocal(size_t i, quint32 frame, int bone) const;
    bool readableAt(size_t i, quint32 frame, int bone) const
    {
        return (m_state[i] & ReadableKnown) ? (m_state[i] & Readable) != 0 : learnReadable(i, frame, bone);
    }
    bool learnReadable(size_t i, quint32 frame, int bone) const;
    void recompose(quint32 frame) const // inline: every read asks, and a clean frame is the rule
    {
        if (m_dirty[frame])
            recomposeDirty(frame);
    }
    void recomposeDirty(quint32 frame) const;
    Affine currentGlobal(size_t i) const;                          // m_global when known, else the original
    void moveGlobal(size_t i, const std::array<double, 3> &delta); // by delta, marked changed
    void settle(quint32 frame) const;                              // derive the local poses translate() left stale

    MotionSkeleton m_skeleton;
    int m_bones = 0;
    quint32 m_frames = 0;
    quint32 m_first = 0;
    std::vector<float> m_original; // frames x bones x 16 (empty: blank)
    // A matrix slot left uninitialised until written (a long clip's untouched poses cost no memory).
    struct Slot
    {
        Affine m;
        Slot() { } // NOLINT(modernize-use-equals-default): `= default` would zero every slot on resize
    };
    mutable std::vector<Slot> m_local;
    mutable std::vector<Slot> m_global;
    mutable std::vector<quint8> m_state;     // StateBit per pose
    mutable std::vector<quint8> m_dirty;     // per frame: globals to recompose
    mutable std::vector<quint8> m_stale;     // per frame: local poses left stale by translate()
    mutable std::vector<QList<int>> m_below; // per bone: its descendants in order (translate)
};

} // namespace bpat
