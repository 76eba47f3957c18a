#include "motionedit/TranslatedRun.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "motion/LocalChannels.h"

#include <cmath>
#include <cstring>

namespace bpat {

namespace fmt = bpat::format;

namespace {

// Whether the bottom row of a matrix is exactly 0 0 0 1 (row-major: floats 12..15; column-major:
// floats 3, 7, 11, 15), bit for bit (-0 is not 0: ClipMotion would write 0 there).
bool affineBottom(const float *m, bool columnMajor)
{
    static constexpr quint32 Row[4] = {0u, 0u, 0u, 0x3f800000u}; // the bits of 0, 0, 0, 1
    for (int k = 0; k < 4; ++k) {
        quint32 bits = 0;
        std::memcpy(&bits, columnMajor ? m + k * 4 + 3 : m + 12 + k, sizeof bits);
        if (bits != Row[k])
            return false;
    }
    return true;
}

// The stored floats copied, every one finite and every bottom row exactly 0 0 0 1, in one
// branch-free pass over the mapping (little-endian hosts; it vectorises).
template<bool ColumnMajor> bool copyFiniteAndAffine(const uchar *from, float *to, size_t matrices)
{
    static constexpr quint32 One = 0x3f800000u;
    quint32 bad = 0;
    for (size_t m = 0; m < matrices; ++m) {
        quint32 bits[16];
        std::memcpy(bits, from + m * 64, sizeof bits);
        for (quint32 b : bits)
            bad |= quint32((b & 0x7f800000u) == 0x7f800000u);
        for (int k = 0; k < 4; ++k)
            bad |= bits[ColumnMajor ? k * 4 + 3 : 12 + k] ^ (k == 3 ? One : 0u);
        std::memcpy(to + m * 16, bits, sizeof bits);
    }
    return bad == 0;
}

// The determinant of a column-major matrix's 3x3 (m[c * 4 + r]) and the sum of its squares.
void determinantAndSquares(const float *m, double *det, double *squares)
{
    const auto a = [m](int r, int c) { return double(m[c * 4 + r]); };
    *det = a(0, 0) * (a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1)) + a(0, 1) * (a(1, 2) * a(2, 0) - a(1, 0) * a(2, 2))
        + a(0, 2) * (a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0));
    double sum = 0.0;
    for (int k = 0; k < 12; ++k)
        sum += k % 4 == 3 ? 0.0 : double(m[k]) * double(m[k]);
    *squares = sum;
}

// The 3x3 of skin x bind (row-major into a), each element summed in double from 0.0 in
// skinTimesBind's order: the same floats there (the bind's bottom row is 0 0 0 1, so its fourth
// product is a zero that leaves the sum's value as it is).
void linearOfSkinTimesBind(const float *skin, const float *bind, Affine &a)
{
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            double sum = 0.0;
            for (int k = 0; k < 3; ++k)
                sum += double(skin[k * 4 + r]) * double(bind[c * 4 + k]);
            a[size_t(r * 4 + c)] = double(float(sum));
        }
    }
}

} // namespace

bool TranslatedRun::read(TranslatedRun &run, const BpatFile &file, const MotionSkeleton &skeleton, int clip, quint32 first,
                         quint32 count, QString *why)
{
    const auto fail = [&](const QString &reason) {
        if (why)
            *why = reason;
        run.m_frames = 0;
        return false;
    };
    const int bones = skeleton.boneCount();
    if (clip < 0 || clip >= file.clips().size() || bones < 1 || bones > 64 || bones != int(file.header().boneCount))
        return fail(QStringLiteral("no such clip, or a skeleton that does not fit the file"));
    const BpatClipInfo &info = file.clips().at(clip);
    const std::optional<quint32> global = file.globalFrame(clip, first);
    if (count == 0 || first > info.frameCount || count > info.frameCount - first || !global
        || quint64(*global) + count > quint64(file.framesHeld(clip)) + info.frameOffset)
        return fail(QStringLiteral("frames %1..%2 are not inside the file").arg(first).arg(quint64(first) + count));
    run.m_late = file.storesSkinningMatrices();
    run.m_bind.clear();
    run.m_bindBound.assign(size_t(bones), 0.0);
    run.m_bindDeterminant.assign(size_t(bones), 0.0);
    if (run.m_late) {
        if (!file.bindPaletteInBounds())
            return fail(QStringLiteral("late v3 without a bind palette"));
        for (int b = 0; b < bones; ++b) {
            const std::array<float, 16> m = *file.bindFloats(quint32(b));
            if (!affineBottom(m.data(), true))
                return fail(QStringLiteral("a bind matrix is not affine"));
            run.m_bind.insert(run.m_bind.end(), m.begin(), m.end());
            // For isReadable()'s sure pass: det(bind) and the product of its columns' squared
            // lengths (none when a value is too large for the bound to hold).
            double det = 0.0, squares = 0.0, columns = 1.0;
            determinantAndSquares(m.data(), &det, &squares);
            for (int c = 0; c < 3; ++c)
                columns *=
                    double(m[c * 4]) * m[c * 4] + double(m[c * 4 + 1]) * m[c * 4 + 1] + double(m[c * 4 + 2]) * m[c * 4 + 2];
            if (squares < 1e30) {
                run.m_bindDeterminant[size_t(b)] = det;
                run.m_bindBound[size_t(b)] = columns;
            }
        }
    }
    const size_t poses = size_t(count) * size_t(bones);
    run.m_stored.resize(poses * 16);
    const uchar *src = file.data() + file.paletteDataOffset() + quint64(*global) * quint64(bones) * 64;
    if constexpr (Q_BYTE_ORDER != Q_LITTLE_ENDIAN) {
        for (size_t i = 0; i < poses * 16; ++i)
            run.m_stored[i] = fmt::readF32(src + 4 * i);
        src = reinterpret_cast<const uchar *>(run.m_stored.data());
    }
    if (!(run.m_late ? copyFiniteAndAffine<true>(src, run.m_stored.data(), poses)
                     : copyFiniteAndAffine<false>(src, run.m_stored.data(), poses)))
        return fail(QStringLiteral("a matrix is not finite, or not affine"));
    if (run.m_skeleton != &skeleton || int(run.m_below.size()) != bones) {
        run.m_below.assign(size_t(bones), {});
        for (int b = 0; b < bones; ++b)
            run.m_below[size_t(b)] = skeleton.descendants(b);
    }
    run.m_skeleton = &skeleton;
    run.m_bones = bones;
    run.m_frames = count;
    run.m_first = first;
    run.m_origin.resize(poses);
    run.m_position.resize(poses);
    run.m_state.assign(poses, 0);
    run.m_frameChanged.assign(count, 0);
    return true;
}

const std::array<float, 3> &TranslatedRun::originalOrigin(size_t i, int bone) const
{
    if (!(m_state[i] & OriginKnown)) {
        const float *m = m_stored.data() + i * 16;
        if (m_late) {
            // Column 3 of skin x bind, summed in double from 0.0 as skinTimesBind() sums it.
            const float *c = m_bind.data() + size_t(bone) * 16 + 12;
            for (int r = 0; r < 3; ++r) {
                double sum = 0.0;
                for (int k = 0; k < 4; ++k)
                    sum += double(m[k * 4 + r]) * double(c[k]);
                m_origin[i][size_t(r)] = float(sum);
            }
        } else {
            m_origin[i] = {m[3], m[7], m[11]};
        }
        m_state[i] = quint8(m_state[i] | OriginKnown);
    }
    return m_origin[i];
}

TranslatedRun::Vec3 TranslatedRun::origin(quint32 frame, int bone) const
{
    const size_t i = at(frame, bone);
    if (m_state[i] & Changed)
        return m_position[i];
    const std::array<float, 3> &o = originalOrigin(i, bone);
    return {double(o[0]), double(o[1]), double(o[2])};
}

bool TranslatedRun::isReadable(quint32 frame, int bone) const
{
    if (frame >= m_frames || bone < 0 || bone >= m_bones)
        return false;
    const size_t i = at(frame, bone);
    if (!(m_state[i] & ReadableKnown)) {
        const int parent = m_skeleton->parentOf(bone);
        bool readable = parent < 0;
        const float *m = readable ? nullptr : m_stored.data() + at(frame, parent) * 16; // a root has none
        if (!readable && m_late && m_bindBound[size_t(parent)] > 0.0) {
            // A sure pass, without the product: det(G) = det(S) det(B) and each column of G is at
            // most |S|_F times B's, so |det(S) det(B)| > 1e-3 |S|_F^3 prod|B_c| puts det(G) a
            // thousand times over isInvertible()'s 1e-9 prod|G_c| bound, far beyond what rounding
            // G to floats (about 1e-7 of each column) can take away. Anything nearer goes the
            // exact way below.
            double det = 0.0, squares = 0.0;
            determinantAndSquares(m, &det, &squares);
            const double lhs = det * m_bindDeterminant[size_t(parent)];
            readable = squares < 1e30 && lhs * lhs > 1e-6 * squares * squares * squares * m_bindBound[size_t(parent)];
        }
        if (!readable) {
            // Only the parent's 3x3 counts (LocalChannels::isInvertible reads no more).
            Affine a{};
            if (m_late) {
                linearOfSkinTimesBind(m, m_bind.data() + size_t(parent) * 16, a);
            } else {
                for (size_t k = 0; k < 12; ++k)
                    a[k] = double(m[k]);
            }
            a[15] = 1.0;
            readable = LocalChannels::isInvertible(a);
        }
        m_state[i] = quint8(m_state[i] | ReadableKnown | (readable ? Readable : 0));
    }
    return (m_state[i] & Readable) != 0;
}

bool TranslatedRun::translate(quint32 frame, int bone, const Vec3 &delta)
{
    // ClipMotion::translate() for a run where every change so far is a move: every 3x3 is its
    // original, so a bone's readability is its parent's original's.
    if (frame >= m_frames || bone < 0 || bone >= m_bones || !std::isfinite(delta[0]) || !std::isfinite(delta[1])
        || !std::isfinite(delta[2]))
        return false;
    const int parent = m_skeleton->parentOf(bone);
    if (parent >= 0 && !isReadable(frame, bone))
        return false;
    const size_t i = at(frame, bone);
    const bool parentChanged = parent >= 0 && (m_state[at(frame, parent)] & Changed);
    if (!parentChanged) {
        // A move of the bone as read that leaves its floats as they are changes nothing, as in
        // ClipMotion. (A bone moved already under an unmoved parent, where ClipMotion takes
        // its general way, is one translate() asked twice in a frame: BoneLengthRepair asks
        // each bone once.)
        if (!(m_state[i] & Changed)) {
            const std::array<float, 3> &o = originalOrigin(i, bone);
            bool same = true;
            for (size_t r = 0; r < 3; ++r)
                same = same && float(double(o[r]) + delta[r]) == o[r];
            if (same)
                return true;
        }
    }
    move(i, bone, delta);
    m_frameChanged[frame] = 1;
    std::array<bool, 64> moved{};
    moved[size_t(bone)] = true;
    for (int c : m_below[size_t(bone)]) {
        if (!moved[size_t(m_skeleton->parentOf(c))] || !isReadable(frame, c))
            continue;
        move(at(frame, c), c, delta);
        moved[size_t(c)] = true;
    }
    return true;
}

void TranslatedRun::move(size_t i, int bone, const Vec3 &delta)
{
    if (!(m_state[i] & Changed)) {
        const std::array<float, 3> &o = originalOrigin(i, bone);
        m_position[i] = {double(o[0]), double(o[1]), double(o[2])};
    }
    for (size_t r = 0; r < 3; ++r)
        m_position[i][r] += delta[r];
    m_state[i] = quint8(m_state[i] | Changed);
}

TranslatedRun::Vec3 TranslatedRun::movedBy(quint32 frame, int bone) const
{
    const size_t i = at(frame, bone);
    if (!(m_state[i] & Changed))
        return {0.0, 0.0, 0.0};
    const std::array<float, 3> &o = originalOrigin(i, bone);
    return {m_position[i][0] - double(o[0]), m_position[i][1] - double(o[1]), m_position[i][2] - double(o[2])};
}

std::array<float, 16> TranslatedRun::originalGlobal(quint32 frame, int bone) const
{
    const float *m = m_stored.data() + at(frame, bone) * 16;
    if (m_late)
        return skinTimesBind(m, m_bind.data() + size_t(bone) * 16);
    std::array<float, 16> g;
    std::memcpy(g.data(), m, sizeof g);
    return g;
}

std::array<float, 16> TranslatedRun::global(quint32 frame, int bone) const
{
    std::array<float, 16> g = originalGlobal(frame, bone);
    const size_t i = at(frame, bone);
    if (m_state[i] & Changed) {
        for (size_t r = 0; r < 3; ++r)
            g[r * 4 + 3] = float(m_position[i][r]);
        g[12] = g[13] = g[14] = 0.0f;
        g[15] = 1.0f;
    }
    return g;
}

void TranslatedRun::globalFloats(quint32 frame, float *out) const
{
    for (int b = 0; b < m_bones; ++b) {
        const std::array<float, 16> g = global(frame, b);
        std::memcpy(out + size_t(b) * 16, g.data(), sizeof g);
    }
}

const float *TranslatedRun::settle(quint32 from, quint32 to)
{
    for (quint32 f = from; f < to && f < m_frames; ++f) {
        if (!m_frameChanged[f])
            continue;
        for (int b = 0; b < m_bones; ++b) {
            const size_t i = at(f, b);
            if (!(m_state[i] & Changed))
                continue;
            float *m = m_stored.data() + i * 16;
            if (m_late) {
                // BpatWriter::lateV3Skin's rule for a global moved and not turned: the skinning
                // matrix moves by what the global's translation moved, in double.
                const std::array<float, 3> &o = originalOrigin(i, b);
                for (size_t r = 0; r < 3; ++r)
                    m[12 + r] = float(double(m[12 + r]) + (double(float(m_position[i][r])) - double(o[r])));
            } else {
                for (size_t r = 0; r < 3; ++r)
                    m[r * 4 + 3] = float(m_position[i][r]);
            }
        }
    }
    return m_stored.data() + at(from, 0) * 16;
}

} // namespace bpat
