#include "motionedit/ClipMotion.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/GlobalPalette.h"

#include <cmath>
#include <cstring>

namespace bpat {

namespace {

constexpr Affine Identity{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

Affine fromFloats(const float *m)
{
    Affine a{};
    for (size_t k = 0; k < 12; ++k)
        a[k] = double(m[k]);
    a[15] = 1.0; // the stored bottom row is 0 0 0 1 in every file the validator passes
    return a;
}

// a x b for affine matrices (bottom rows 0 0 0 1): the 3x4 part only.
Affine multiplyAffine(const Affine &a, const Affine &b)
{
    Affine m;
    for (size_t r = 0; r < 3; ++r) {
        const double a0 = a[r * 4], a1 = a[r * 4 + 1], a2 = a[r * 4 + 2];
        m[r * 4] = a0 * b[0] + a1 * b[4] + a2 * b[8];
        m[r * 4 + 1] = a0 * b[1] + a1 * b[5] + a2 * b[9];
        m[r * 4 + 2] = a0 * b[2] + a1 * b[6] + a2 * b[10];
        m[r * 4 + 3] = a0 * b[3] + a1 * b[7] + a2 * b[11] + a[r * 4 + 3];
    }
    m[12] = m[13] = m[14] = 0.0;
    m[15] = 1.0;
    return m;
}

// Whether every float is finite: its exponent bits not all set. Branch-free, so it vectorises
// (std::isfinite per float, with its early exit, was 7 % of a streamed bone-length repair); the
// callers look for the first one that is not only when one is not.
bool allFinite(const float *values, size_t count)
{
    quint32 infinite = 0;
    for (size_t i = 0; i < count; ++i) {
        quint32 bits = 0;
        std::memcpy(&bits, values + i, sizeof bits);
        infinite |= quint32((bits & 0x7f800000u) == 0x7f800000u);
    }
    return infinite == 0;
}

bool finite(const Affine &m)
{
    for (double v : m) {
        if (!std::isfinite(v))
            return false;
    }
    return true;
}

} // namespace

std::optional<ClipMotion> ClipMotion::fromGlobals(MotionSkeleton skeleton, const float *globals, quint32 frames,
                                                  quint32 firstFrame, QString *error)
{
    const size_t floats = size_t(frames) * size_t(std::max(0, skeleton.boneCount())) * 16;
    if (quint64(frames) * quint64(std::max(0, skeleton.boneCount())) > MaxPoses)
        return fromGlobals(std::move(skeleton), std::vector<float>(), frames, firstFrame, error);
    return fromGlobals(std::move(skeleton), std::vector<float>(globals, globals + floats), frames, firstFrame, error);
}

std::optional<ClipMotion> ClipMotion::fromGlobals(MotionSkeleton skeleton, std::vector<float> globals, quint32 frames,
                                                  quint32 firstFrame, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<ClipMotion> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const int bones = skeleton.boneCount();
    if (bones == 0)
        return fail(QStringLiteral("the skeleton has no bones"));
    if (quint64(frames) * quint64(bones) > MaxPoses)
        return fail(
            QStringLiteral("%1 frames of %2 bones are more than one edit holds (%3 poses)").arg(frames).arg(bones).arg(MaxPoses));
    const size_t count = size_t(frames) * size_t(bones);
    if (globals.size() != count * 16)
        return fail(QStringLiteral("%1 floats given for %2 frames of %3 bones").arg(globals.size()).arg(frames).arg(bones));
    const size_t checked = allFinite(globals.data(), count * 16) ? count * 16 : 0; // where to look for the first
    for (size_t i = checked; i < count * 16; ++i) {
        if (!std::isfinite(globals[i])) {
            const size_t matrix = i / 16;
            return fail(QStringLiteral("frame %1, bone %2 (%3): the global matrix is not finite")
                            .arg(quint64(firstFrame) + matrix / size_t(bones))
                            .arg(matrix % size_t(bones))
                            .arg(skeleton.name(int(matrix % size_t(bones)))));
        }
    }
    ClipMotion m;
    m.m_skeleton = std::move(skeleton);
    m.m_bones = bones;
    m.m_frames = frames;
    m.m_first = firstFrame;
    m.m_original = std::move(globals);
    // Local poses and globals as doubles are made when first asked for (an edit of a few bones
    // of a long clip reads only those).
    m.resetPoses(count, frames);
    return m;
}

std::optional<ClipMotion> ClipMotion::fromDocument(const BpatDocument &document, int clip, QString *error)
{
    if (clip < 0 || clip >= document.clipCount()) {
        if (error)
            *error = QStringLiteral("no clip %1 (the file has %2)").arg(clip).arg(document.clipCount());
        return std::nullopt;
    }
    const BpatClip &c = document.clip(clip);
    if (c.palette.size() != qsizetype(c.frameCount) * qsizetype(document.boneCount()) * 16) {
        if (error)
            *error = QStringLiteral("clip '%1' holds no frames in memory").arg(c.name);
        return std::nullopt;
    }
    return fromGlobals(MotionSkeleton::forDocument(document), c.palette.constData(), c.frameCount, 0, error);
}

std::optional<ClipMotion> ClipMotion::fromFile(const BpatFile &file, int clip, quint32 first, quint32 count, QString *error)
{
    return fromFile(file, MotionSkeleton::forFile(file), clip, first, count, error);
}

std::optional<ClipMotion> ClipMotion::fromFile(const BpatFile &file, const MotionSkeleton &skeleton, int clip, quint32 first,
                                               quint32 count, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<ClipMotion> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (clip < 0 || clip >= file.clips().size())
        return fail(QStringLiteral("no clip %1 (the file has %2)").arg(clip).arg(file.clips().size()));
    const BpatClipInfo &info = file.clips().at(clip);
    if (first > info.frameCount || count > info.frameCount - first)
        return fail(QStringLiteral("frames %1..%2 are not in clip '%3' of %4 frames")
                        .arg(first)
                        .arg(quint64(first) + count)
                        .arg(info.name)
                        .arg(info.frameCount));
    if (skeleton.boneCount() != int(file.header().boneCount))
        return fail(
            QStringLiteral("the skeleton has %1 bones, the file %2").arg(skeleton.boneCount()).arg(file.header().boneCount));
    if (quint64(count) * quint64(skeleton.boneCount()) > MaxPoses)
        return fail(QStringLiteral("%1 frames of %2 bones are more than one edit holds").arg(count).arg(skeleton.boneCount()));
    const std::optional<quint32> global = file.globalFrame(clip, first);
    std::vector<float> floats(size_t(count) * size_t(skeleton.boneCount()) * 16);
    if (count > 0 && (!global || !GlobalPalette::read(file, *global, count, floats.data(), 1)))
        return fail(
            QStringLiteral("frames %1..%2 of clip '%3' are not inside the file").arg(first).arg(first + count).arg(info.name));
    return fromGlobals(skeleton, std::move(floats), count, first, error);
}

bool ClipMotion::readFile(ClipMotion &m, const BpatFile &file, const MotionSkeleton &skeleton, int clip, quint32 first,
                          quint32 count, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        m.m_frames = 0;
        return false;
    };
    if (clip < 0 || clip >= file.clips().size())
        return fail(QStringLiteral("no clip %1 (the file has %2)").arg(clip).arg(file.clips().size()));
    const BpatClipInfo &info = file.clips().at(clip);
    const int bones = skeleton.boneCount();
    if (first > info.frameCount || count > info.frameCount - first || bones != int(file.header().boneCount)
        || quint64(count) * quint64(bones) > MaxPoses)
        return fail(QStringLiteral("frames %1..%2 of clip '%3' cannot be read into one edit")
                        .arg(first)
                        .arg(quint64(first) + count)
                        .arg(info.name));
    const size_t poses = size_t(count) * size_t(bones);
    m.m_original.resize(poses * 16);
    const std::optional<quint32> global = file.globalFrame(clip, first);
    if (count > 0 && (!global || !GlobalPalette::read(file, *global, count, m.m_original.data(), 1)))
        return fail(
            QStringLiteral("frames %1..%2 of clip '%3' are not inside the file").arg(first).arg(first + count).arg(info.name));
    const size_t checked = allFinite(m.m_original.data(), poses * 16) ? poses * 16 : 0; // where to look for the first
    for (size_t i = checked; i < poses * 16; ++i) {
        if (!std::isfinite(m.m_original[i]))
            return fail(QStringLiteral("frame %1, bone %2 (%3): the global matrix is not finite")
                            .arg(quint64(first) + i / 16 / size_t(bones))
                            .arg(i / 16 % size_t(bones))
                            .arg(skeleton.name(int(i / 16 % size_t(bones)))));
    }
    if (m.m_skeleton.parents() != skeleton.parents() || m.m_skeleton.names() != skeleton.names()) {
        m.m_skeleton = skeleton;
        m.m_below.clear();
    }
    m.m_bones = bones;
    m.m_frames = count;
    m.m_first = first;
    m.resetPoses(poses, count);
    return true;
}

ClipMotion ClipMotion::blank(MotionSkeleton skeleton, quint32 frames)
{
    ClipMotion m;
    m.m_bones = skeleton.boneCount();
    m.m_skeleton = std::move(skeleton);
    frames = quint32(std::min<quint64>(frames, m.m_bones > 0 ? MaxPoses / quint64(m.m_bones) : 0));
    m.m_frames = frames;
    const size_t count = size_t(frames) * size_t(m.m_bones);
    m.m_local.resize(count);
    m.m_global.resize(count);
    for (size_t i = 0; i < count; ++i)
        m.m_local[i].m = m.m_global[i].m = Identity;
    m.m_state.assign(count, LocalKnown | ReadableKnown | Readable | Edited | Dirty);
    m.m_dirty.assign(frames, 1);
    m.m_stale.assign(frames, 0);
    return m;
}

void ClipMotion::ensureLocal(size_t i, quint32 frame, int bone) const
{
    if (m_state[i] & LocalStale) {
        // Translated (its frame clean since): inverse(parent's global) x its global, both as they are.
        const int parent = m_skeleton.parentOf(bone);
        const std::optional<Affine> inverseParent =
            parent >= 0 ? LocalChannels::inverse(currentGlobal(at(frame, parent))) : std::optional<Affine>(Identity);
        if (inverseParent)
            m_local[i].m = multiplyAffine(*inverseParent, currentGlobal(i));
        m_state[i] = quint8(m_state[i] & ~LocalStale);
        return;
    }
    if (m_state[i] & LocalKnown)
        return;
    const Affine global = fromFloats(m_original.data() + i * 16);
    const int parent = m_skeleton.parentOf(bone);
    std::optional<Affine> local = global;
    if (parent >= 0) {
        const std::optional<Affine> inverseParent =
            LocalChannels::inverse(fromFloats(m_original.data() + at(frame, parent) * 16));
        local = inverseParent ? std::optional<Affine>(multiplyAffine(*inverseParent, global)) : std::nullopt;
    }
    m_local[i].m = local ? *local : Identity;
    m_state[i] = quint8((m_state[i] & (Dirty | Changed | GlobalKnown)) | LocalKnown | ReadableKnown | (local ? Readable : 0));
}

Affine ClipMotion::currentGlobal(size_t i) const
{
    return (m_state[i] & GlobalKnown) || m_original.empty() ? m_global[i].m : fromFloats(m_original.data() + i * 16);
}

void ClipMotion::settle(quint32 frame) const
{
    if (!m_stale[frame])
        return;
    m_stale[frame] = 0;
    for (int b = 0; b < m_bones; ++b) {
        if (m_state[at(frame, b)] & LocalStale)
            ensureLocal(at(frame, b), frame, b);
    }
}

bool ClipMotion::isReadable(quint32 frame, int bone) const
{
    return valid(frame, bone) && readableAt(at(frame, bone), frame, bone);
}

bool ClipMotion::learnReadable(size_t i, quint32 frame, int bone) const
{
    // Without the local pose: whether the parent's original global has an inverse.
    const int parent = m_skeleton.parentOf(bone);
    const bool readable = parent < 0 || LocalChannels::isInvertible(fromFloats(m_original.data() + at(frame, parent) * 16));
    m_state[i] = quint8(m_state[i] | ReadableKnown | (readable ? Readable : 0));
    return readable;
}

const Affine &ClipMotion::localMatrix(quint32 frame, int bone) const
{
    if (!valid(frame, bone))
        return Identity;
    const size_t i = at(frame, bone);
    ensureLocal(i, frame, bone);
    return m_local[i].m;
}

LocalTransform ClipMotion::pose(quint32 frame, int bone) const
{
    if (!isReadable(frame, bone))
        return {};
    const std::optional<LocalTransform> t = LocalChannels::decompose(localMatrix(frame, bone));
    return t ? *t : LocalTransform{};
}

bool ClipMotion::setLocalMatrix(quint32 frame, int bone, const Affine &local)
{
    if (!valid(frame, bone) || !finite(local))
        return false;
    settle(frame);
    const size_t i = at(frame, bone);
    m_local[i].m = local;
    m_local[i].m[12] = m_local[i].m[13] = m_local[i].m[14] = 0.0;
    m_local[i].m[15] = 1.0;
    m_state[i] = quint8(m_state[i] | LocalKnown | ReadableKnown | Readable | Edited | Dirty);
    m_dirty[frame] = 1;
    return true;
}

bool ClipMotion::setPose(quint32 frame, int bone, const LocalTransform &pose)
{
    return setLocalMatrix(frame, bone, LocalChannels::compose(pose));
}

void ClipMotion::recomposeDirty(quint32 frame) const
{
    m_dirty[frame] = 0;
    // Only the bones set since the last recomposition and those below them.
    std::array<bool, 64> recomputed{};
    for (int b : m_skeleton.order()) {
        const size_t i = at(frame, b);
        const int parent = m_skeleton.parentOf(b);
        if (!(m_state[i] & Dirty) && !(parent >= 0 && recomputed[size_t(parent)]))
            continue;
        recomputed[size_t(b)] = true;
        const bool parentChanged = parent >= 0 && (m_state[at(frame, parent)] & Changed);
        if (parentChanged)
            ensureLocal(i, frame, b);
        const bool changed = (m_state[i] & Edited) || (parentChanged && (m_state[i] & Readable));
        m_state[i] = quint8(m_state[i] & ~(Changed | GlobalKnown | Dirty));
        if (!changed)
            continue;
        m_global[i].m = parent >= 0 ? multiplyAffine(global(frame, parent), m_local[i].m) : m_local[i].m;
        m_state[i] = quint8(m_state[i] | Changed | GlobalKnown);
        // An edit that gives back the very floats of the original changes nothing.
        if (!parentChanged && !m_original.empty()) {
            bool same = true;
            const float *o = m_original.data() + i * 16;
            for (size_t k = 0; k < 12 && same; ++k)
                same = float(m_global[i].m[k]) == o[k];
            if (same)
                m_state[i] = quint8(m_state[i] & ~(Changed | GlobalKnown));
        }
    }
}

const Affine &ClipMotion::global(quint32 frame, int bone) const
{
    if (!valid(frame, bone))
        return Identity;
    recompose(frame);
    const size_t i = at(frame, bone);
    if (!(m_state[i] & GlobalKnown)) {
        m_global[i].m = fromFloats(m_original.data() + i * 16);
        m_state[i] = quint8(m_state[i] | GlobalKnown);
    }
    return m_global[i].m;
}

std::array<double, 3> ClipMotion::origin(quint32 frame, int bone) const
{
    if (valid(frame, bone) && !m_original.empty() && !m_dirty[frame] && !(m_state[at(frame, bone)] & Changed)) {
        const float *o = m_original.data() + at(frame, bone) * 16;
        return {double(o[3]), double(o[7]), double(o[11])};
    }
    const Affine &g = global(frame, bone);
    return {g[3], g[7], g[11]};
}

bool ClipMotion::setGlobal(quint32 frame, int bone, const Affine &g)
{
    if (!valid(frame, bone))
        return false;
    const int parent = m_skeleton.parentOf(bone);
    if (parent < 0)
        return setLocalMatrix(frame, bone, g);
    const std::optional<Affine> inverseParent = LocalChannels::inverse(global(frame, parent));
    return inverseParent && setLocalMatrix(frame, bone, multiplyAffine(*inverseParent, g));
}

bool ClipMotion::translate(quint32 frame, int bone, const std::array<double, 3> &delta)
{
    if (!valid(frame, bone) || !std::isfinite(delta[0]) || !std::isfinite(delta[1]) || !std::isfinite(delta[2]) || m_bones > 64)
        return false;
    recompose(frame);
    const int parent = m_skeleton.parentOf(bone);
    const size_t i = at(frame, bone);
    if (parent >= 0) {
        // As setGlobal: no local pose under a singular parent. A parent whose 3x3 is still its
        // original's (unchanged, or only translated) is invertible as the original is, which the
        // readability of a bone not edited already says.
        const size_t p = at(frame, parent);
        bool linearKept = !(m_state[p] & Changed);
        if (!linearKept && !m_original.empty()) {
            const float *o = m_original.data() + p * 16;
            linearKept = true;
            for (size_t k = 0; k < 12; ++k)
                linearKept = linearKept && (k % 4 == 3 || m_global[p].m[k] == double(o[k]));
        }
        const bool invertible =
            linearKept && !(m_state[i] & Edited) ? readableAt(i, frame, bone) : LocalChannels::isInvertible(currentGlobal(p));
        if (!invertible)
            return false;
    }
    const bool parentChanged = parent >= 0 && (m_state[at(frame, parent)] & Changed);
    if (!parentChanged && !m_original.empty()) {
        Affine g = currentGlobal(i);
        g[3] += delta[0];
        g[7] += delta[1];
        g[11] += delta[2];
        const float *o = m_original.data() + i * 16;
        bool same = true;
        const bool wasChanged = (m_state[i] & Changed) != 0; // if not, it holds its original but for the move
        for (size_t k = 0; k < 12 && same; ++k)
            same = (!wasChanged && k % 4 != 3) || float(g[k]) == o[k];
        // A move of the bone as read that leaves its floats as they are (far below a float's
        // step) changes nothing (TranslatedRun does the same); one back to the original floats
        // after a move goes the general way, which says what that leaves changed.
        if (same && !wasChanged)
            return true;
        if (same)
            return setGlobal(frame, bone, g);
    }
    moveGlobal(i, delta);
    m_state[i] = quint8(m_state[i] | LocalKnown | ReadableKnown | Readable | Edited | LocalStale);
    m_stale[frame] = 1;
    // Below it, every bone that follows its parent (readable, as recompose has it) moves by the
    // same vector: parent' x local = T(delta) x parent x local.
    if (m_below.empty()) {
        m_below.resize(size_t(m_bones));
        for (int b = 0; b < m_bones; ++b)
            m_below[size_t(b)] = m_skeleton.descendants(b);
    }
    std::array<bool, 64> moved{};
    moved[size_t(bone)] = true;
    for (int c : m_below[size_t(bone)]) {
        if (!moved[size_t(m_skeleton.parentOf(c))] || !readableAt(at(frame, c), frame, c))
            continue;
        moveGlobal(at(frame, c), delta);
        moved[size_t(c)] = true;
    }
    return true;
}

void ClipMotion::moveGlobal(size_t i, const std::array<double, 3> &delta)
{
    if (!(m_state[i] & GlobalKnown))
        m_global[i].m = fromFloats(m_original.data() + i * 16); // known in a clip without originals
    m_global[i].m[3] += delta[0];
    m_global[i].m[7] += delta[1];
    m_global[i].m[11] += delta[2];
    m_state[i] = quint8(m_state[i] | Changed | GlobalKnown);
}

Affine ClipMotion::originalGlobal(quint32 frame, int bone) const
{
    if (!valid(frame, bone))
        return Identity;
    if (m_original.empty())
        return global(frame, bone);
    return fromFloats(m_original.data() + at(frame, bone) * 16);
}

const float *ClipMotion::originalFloats(quint32 frame) const
{
    return frame < m_frames && !m_original.empty() ? m_original.data() + at(frame, 0) * 16 : nullptr;
}

void ClipMotion::globalFloats(quint32 frame, float *out) const
{
    if (frame >= m_frames)
        return;
    recompose(frame);
    for (int b = 0; b < m_bones; ++b) {
        const size_t i = at(frame, b);
        float *to = out + size_t(b) * 16;
        if (!(m_state[i] & Changed) && !m_original.empty()) {
            std::memcpy(to, m_original.data() + i * 16, 16 * sizeof(float));
            continue;
        }
        const Affine &g = global(frame, b);
        for (size_t k = 0; k < 12; ++k)
            to[k] = float(g[k]);
        to[12] = to[13] = to[14] = 0.0f;
        to[15] = 1.0f;
    }
}

bool ClipMotion::isEdited(quint32 frame, int bone) const
{
    return valid(frame, bone) && (m_state[at(frame, bone)] & Edited) != 0;
}

bool ClipMotion::isChanged(quint32 frame, int bone) const
{
    if (!valid(frame, bone))
        return false;
    recompose(frame);
    return (m_state[at(frame, bone)] & Changed) != 0;
}

bool ClipMotion::isFrameChanged(quint32 frame) const
{
    if (frame >= m_frames)
        return false;
    recompose(frame);
    for (int b = 0; b < m_bones; ++b) {
        if (m_state[at(frame, b)] & Changed)
            return true;
    }
    return false;
}

QList<quint32> ClipMotion::changedFrames() const
{
    QList<quint32> out;
    for (quint32 f = 0; f < m_frames; ++f) {
        if (isFrameChanged(f))
            out.append(f);
    }
    return out;
}

QList<int> ClipMotion::changedBones() const
{
    QList<int> out;
    for (int b = 0; b < m_bones; ++b) {
        for (quint32 f = 0; f < m_frames; ++f) {
            if (isChanged(f, b)) {
                out.append(b);
                break;
            }
        }
    }
    return out;
}

void ClipMotion::revertFrame(quint32 frame)
{
    if (frame >= m_frames || m_original.empty())
        return;
    for (int b = 0; b < m_bones; ++b)
        m_state[at(frame, b)] = Dirty;
    m_dirty[frame] = 1;
    m_stale[frame] = 0;
}

ClipMotion::PoseState ClipMotion::poseState(quint32 frame, int bone) const
{
    if (!valid(frame, bone))
        return {};
    const size_t i = at(frame, bone);
    ensureLocal(i, frame, bone);
    return {m_local[i].m, (m_state[i] & Readable) != 0, (m_state[i] & Edited) != 0};
}

void ClipMotion::restore(quint32 frame, int bone, const PoseState &state)
{
    if (!valid(frame, bone))
        return;
    settle(frame);
    const size_t i = at(frame, bone);
    m_local[i].m = state.local;
    m_state[i] = quint8(LocalKnown | ReadableKnown | Dirty | (state.readable ? Readable : 0) | (state.edited ? Edited : 0));
    m_dirty[frame] = 1;
}

void ClipMotion::resetPoses(size_t poses, size_t frames)
{
    m_local.resize(poses);
    m_global.resize(poses);
    m_state.assign(poses, 0);
    m_dirty.assign(frames, 0);
    m_stale.assign(frames, 0);
}

} // namespace bpat
