#include "motion/LocalChannels.h"

#include "mesh/Rig.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bpat {

namespace {

constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
// Frames one track samples at most, whatever the clip claims (a hostile frame_count).
constexpr qint64 MaxFramesPerTrack = qint64(1) << 20;
// Frames of a clip considered at all, as the window's timeline (StudioContext::kMaxTimelineFrames).
constexpr qint64 MaxClipFrames = qint64(1) << 24;

QList<int> rigParents(const BpatFile &file)
{
    QList<int> parents;
    const std::optional<Rig> rig = file.rig();
    const int bones = file.hasHeader() ? int(std::min<quint32>(file.header().boneCount, 64)) : 0;
    for (int b = 0; b < bones; ++b)
        parents.append(rig && b < rig->boneCount() ? rig->bone(b).parent : -1);
    return parents;
}

double column(const Affine &m, int row, int col)
{
    return m[size_t(row * 4 + col)];
}

} // namespace

LocalChannels::LocalChannels(const BpatFile &file)
    : LocalChannels(file, rigParents(file))
{
}

LocalChannels::LocalChannels(const BpatFile &file, QList<int> parents)
    : m_file(file)
    , m_parents(std::move(parents))
{
    const int bones = boneCount();
    m_parents.resize(bones, -1);
    for (int b = 0; b < bones; ++b) {
        if (m_parents[b] < 0 || m_parents[b] >= bones || m_parents[b] == b)
            m_parents[b] = -1;
    }
}

int LocalChannels::boneCount() const
{
    return m_file.hasHeader() ? int(std::min<quint32>(m_file.header().boneCount, 64)) : 0;
}

int LocalChannels::parentOf(int bone) const
{
    return bone >= 0 && bone < m_parents.size() ? m_parents.at(bone) : -1;
}

std::optional<Affine> LocalChannels::globalMatrix(quint32 globalFrame, int bone) const
{
    if (bone < 0 || bone >= boneCount())
        return std::nullopt;
    const std::optional<std::array<float, 16>> floats = m_file.globalMatrixFloats(globalFrame, quint32(bone));
    if (!floats)
        return std::nullopt;
    Affine m{};
    for (size_t k = 0; k < 16; ++k) {
        if (!std::isfinite((*floats)[k]))
            return std::nullopt;
        m[k] = double((*floats)[k]);
    }
    // The stored bottom row is 0 0 0 1 in every dialect the validator passes; an affine local
    // pose reads only the top three rows.
    m[12] = m[13] = m[14] = 0.0;
    m[15] = 1.0;
    return m;
}

std::optional<Affine> LocalChannels::localMatrix(quint32 globalFrame, int bone) const
{
    const std::optional<Affine> global = globalMatrix(globalFrame, bone);
    const int parent = parentOf(bone);
    if (!global || parent < 0)
        return global;
    const std::optional<Affine> parentGlobal = globalMatrix(globalFrame, parent);
    const std::optional<Affine> inverseParent = parentGlobal ? inverse(*parentGlobal) : std::nullopt;
    if (!inverseParent)
        return std::nullopt;
    return multiply(*inverseParent, *global);
}

std::optional<LocalTransform> LocalChannels::localTransform(int clip, int frame, int bone) const
{
    if (frame < 0)
        return std::nullopt;
    const std::optional<quint32> global = m_file.globalFrame(clip, quint32(frame));
    const std::optional<Affine> local = global ? localMatrix(*global, bone) : std::nullopt;
    return local ? decompose(*local) : std::nullopt;
}

std::optional<LocalTransform> LocalChannels::decompose(const Affine &local)
{
    LocalTransform t;
    t.translation = {column(local, 0, 3), column(local, 1, 3), column(local, 2, 3)};
    euler::Matrix3 r{};
    for (int c = 0; c < 3; ++c) {
        const double length = std::sqrt(column(local, 0, c) * column(local, 0, c) + column(local, 1, c) * column(local, 1, c)
                                        + column(local, 2, c) * column(local, 2, c));
        if (!(length > 1e-6) || !std::isfinite(length))
            return std::nullopt; // a collapsed axis has no rotation
        t.scale[size_t(c)] = length;
        for (int row = 0; row < 3; ++row)
            r[size_t(row)][size_t(c)] = column(local, row, c) / length;
    }
    const double det = r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1]) - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
        + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0]);
    if (det < 0.0) { // mirrored: the X axis carries the reflection
        t.scale[0] = -t.scale[0];
        for (int row = 0; row < 3; ++row)
            r[size_t(row)][0] = -r[size_t(row)][0];
    }
    t.rotation = euler::quaternionFromMatrix(r);
    return t;
}

Affine LocalChannels::compose(const LocalTransform &t)
{
    const euler::Matrix3 r = euler::matrixFromQuaternion(t.rotation);
    Affine m{};
    for (size_t row = 0; row < 3; ++row) {
        for (size_t c = 0; c < 3; ++c)
            m[row * 4 + c] = r[row][c] * t.scale[c];
        m[row * 4 + 3] = t.translation[row];
    }
    m[15] = 1.0;
    return m;
}

Affine LocalChannels::multiply(const Affine &a, const Affine &b)
{
    Affine m{};
    for (size_t row = 0; row < 4; ++row)
        for (size_t c = 0; c < 4; ++c)
            m[row * 4 + c] =
                a[row * 4] * b[c] + a[row * 4 + 1] * b[4 + c] + a[row * 4 + 2] * b[8 + c] + a[row * 4 + 3] * b[12 + c];
    return m;
}

namespace {

// The determinant of an affine matrix's 3x3 part, and whether it is invertible: not singular
// relative to the axes' lengths (a collapsed or flattened parent). The one test inverse() and
// isInvertible() share.
bool invertibleDeterminant(const Affine &m, double *det)
{
    const auto a = [&m](int r, int c) { return m[size_t(r * 4 + c)]; };
    const double c00 = a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1);
    const double c01 = a(1, 2) * a(2, 0) - a(1, 0) * a(2, 2);
    const double c02 = a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0);
    *det = a(0, 0) * c00 + a(0, 1) * c01 + a(0, 2) * c02;
    double norms = 1.0;
    for (int c = 0; c < 3; ++c)
        norms *= std::sqrt(a(0, c) * a(0, c) + a(1, c) * a(1, c) + a(2, c) * a(2, c));
    return std::abs(*det) > 1e-9 * norms && std::isfinite(*det);
}

} // namespace

bool LocalChannels::isInvertible(const Affine &m)
{
    double det = 0.0;
    return invertibleDeterminant(m, &det);
}

std::optional<Affine> LocalChannels::inverse(const Affine &m)
{
    // [A t; 0 1]^-1 = [A^-1  -A^-1 t; 0 1], A^-1 from the cofactors.
    double det = 0.0;
    if (!invertibleDeterminant(m, &det))
        return std::nullopt;
    const auto a = [&m](int r, int c) { return m[size_t(r * 4 + c)]; };
    const double c00 = a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1);
    const double c01 = a(1, 2) * a(2, 0) - a(1, 0) * a(2, 2);
    const double c02 = a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0);
    const double inv = 1.0 / det;
    Affine out{};
    out[0] = c00 * inv;
    out[1] = (a(0, 2) * a(2, 1) - a(0, 1) * a(2, 2)) * inv;
    out[2] = (a(0, 1) * a(1, 2) - a(0, 2) * a(1, 1)) * inv;
    out[4] = c01 * inv;
    out[5] = (a(0, 0) * a(2, 2) - a(0, 2) * a(2, 0)) * inv;
    out[6] = (a(0, 2) * a(1, 0) - a(0, 0) * a(1, 2)) * inv;
    out[8] = c02 * inv;
    out[9] = (a(0, 1) * a(2, 0) - a(0, 0) * a(2, 1)) * inv;
    out[10] = (a(0, 0) * a(1, 1) - a(0, 1) * a(1, 0)) * inv;
    for (int r = 0; r < 3; ++r)
        out[size_t(r * 4 + 3)] =
            -(out[size_t(r * 4)] * a(0, 3) + out[size_t(r * 4 + 1)] * a(1, 3) + out[size_t(r * 4 + 2)] * a(2, 3));
    out[15] = 1.0;
    return out;
}

quint64 LocalChannels::framesHeld(int clip) const
{
    if (clip < 0 || clip >= m_file.clips().size() || !m_file.hasHeader())
        return 0;
    const BpatClipInfo &c = m_file.clips().at(clip);
    const BpatHeader &h = m_file.header();
    if (c.frameOffset >= h.frameTotal || h.boneCount == 0 || h.paletteDataOffset >= m_file.fileSize())
        return 0;
    const quint64 inPalette = (m_file.fileSize() - h.paletteDataOffset) / (quint64(h.boneCount) * 64);
    const quint64 inTable = quint64(h.frameTotal) - c.frameOffset;
    const quint64 inFile = inPalette > c.frameOffset ? inPalette - c.frameOffset : 0;
    return std::min({quint64(c.frameCount), inTable, inFile});
}

int LocalChannels::strideFor(qint64 frames, qint64 bones, qint64 maxSamples)
{
    if (frames <= 0 || bones <= 0 || maxSamples <= 0)
        return 1;
    const qint64 perBone = std::max<qint64>(1, maxSamples / bones);
    return int(std::clamp<qint64>((frames + perBone - 1) / perBone, 1, std::numeric_limits<int>::max()));
}

LocalChannels::Track LocalChannels::track(int clip, int bone, EulerOrder order, int stride) const
{
    return tracks(clip, {bone}, order, stride).value(0);
}

QList<LocalChannels::Track> LocalChannels::tracks(int clip, const QList<int> &bones, EulerOrder order, int stride,
                                                  const QHash<int, euler::Angles> &seeds) const
{
    QList<Track> out;
    const qint64 frameCount = std::min(qint64(framesHeld(clip)), MaxClipFrames);
    stride = std::max({1, stride, strideFor(frameCount, 1, MaxFramesPerTrack)});
    QList<int> frames;
    for (qint64 f = 0; f < frameCount; f += stride)
        frames.append(int(f));
    if (frameCount > 0 && frames.constLast() != frameCount - 1)
        frames.append(int(frameCount - 1));

    for (int bone : bones) {
        Track t;
        t.clip = clip;
        t.bone = bone;
        t.order = order;
        t.stride = stride;
        if (bone < 0 || bone >= boneCount()) {
            out.append(t);
            continue;
        }
        t.frames = frames;
        for (QList<double> &channel : t.values)
            channel.reserve(frames.size());
        std::optional<euler::Angles> previousAngles;
        if (const auto seed = seeds.constFind(bone); seed != seeds.cend())
            previousAngles = *seed;
        std::optional<euler::Quaternion> previousRotation;
        for (int frame : frames) {
            const std::optional<LocalTransform> pose = localTransform(clip, frame, bone);
            if (!pose) {
                for (QList<double> &channel : t.values)
                    channel.append(NaN);
                ++t.unreadable;
                continue;
            }
            const euler::Quaternion q =
                previousRotation ? euler::sameHemisphere(pose->rotation, *previousRotation) : pose->rotation;
            euler::Angles angles = euler::fromMatrix(euler::matrixFromQuaternion(q), order);
            if (previousAngles)
                angles = euler::closestTo(angles, *previousAngles, order);
            previousAngles = angles;
            previousRotation = q;
            const double values[ChannelCount] = {pose->translation[0],
                                                 pose->translation[1],
                                                 pose->translation[2],
                                                 angles[0],
                                                 angles[1],
                                                 angles[2],
                                                 q[0],
                                                 q[1],
                                                 q[2],
                                                 q[3],
                                                 pose->scale[0],
                                                 pose->scale[1],
                                                 pose->scale[2]};
            for (int c = 0; c < ChannelCount; ++c)
                t.values[size_t(c)].append(values[c]);
            for (double s : pose->scale)
                t.scaled = t.scaled || std::abs(s - 1.0) > ScaleTolerance;
        }
        out.append(t);
    }
    return out;
}

} // namespace bpat
