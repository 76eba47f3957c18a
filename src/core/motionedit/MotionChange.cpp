#include "motionedit/MotionChange.h"

#include <QJsonArray>
#include <algorithm>
#include <iterator>
#include <cmath>

namespace bpat {

namespace {

// The largest distance between the two matrices' images of the virtual vertices: the origin and
// +-d along each axis. |dT + dA p| for p in {0, +-d e_k}.
// `a`: the original's row-major floats (its 3x4 part is all that counts).
double vertexError(const float *o, const Affine &b, double d)
{
    const auto a = [o](size_t k) { return double(o[k]); };
    // The largest squared distance, then one root: the square root is monotonic (and correctly
    // rounded), so this is the largest of the distances to the bit.
    const double dt[3] = {b[3] - a(3), b[7] - a(7), b[11] - a(11)};
    double worst = dt[0] * dt[0] + dt[1] * dt[1] + dt[2] * dt[2];
    for (int k = 0; k < 3; ++k) {
        for (double sign : {-1.0, 1.0}) {
            double s = 0.0;
            for (int r = 0; r < 3; ++r) {
                const double v = dt[r] + sign * d * (b[size_t(r * 4 + k)] - a(size_t(r * 4 + k)));
                s += v * v;
            }
            worst = std::max(worst, s);
        }
    }
    return std::sqrt(worst);
}

} // namespace

MotionChange MotionChange::of(const ClipMotion &motion, double distance)
{
    return of(motion, 0, motion.frameCount(), distance);
}

MotionChange MotionChange::of(const ClipMotion &motion, quint32 from, quint32 to, double distance)
{
    Tally tally(motion.boneCount(), distance);
    for (quint32 f = from; f < std::min(to, motion.frameCount()); ++f) {
        for (int b = 0; b < motion.boneCount(); ++b) {
            if (!motion.isChanged(f, b))
                continue;
            tally.add(motion.firstFrame() + f, b,
                      motion.hasOriginal() ? vertexError(motion.originalFloats(f) + size_t(b) * 16, motion.global(f, b), distance)
                                           : 0.0);
        }
    }
    return tally.finish();
}

double MotionChange::translationError(const std::array<double, 3> &moved)
{
    // vertexError() with every difference of the 3x3 zero: each vertex's offset is `moved`, and
    // its squared length is summed in the same order.
    return std::sqrt(moved[0] * moved[0] + moved[1] * moved[1] + moved[2] * moved[2]);
}

MotionChange::Tally::Tally(int boneCount, double distance)
    : m_boneChanged(std::max(0, boneCount), false)
{
    m_change.distance = distance;
}

void MotionChange::Tally::add(quint32 clipFrame, int bone, double error)
{
    MotionChange &c = m_change;
    if (c.frames.isEmpty() || c.frames.constLast() != clipFrame)
        c.frames.append(clipFrame);
    if (bone >= 0 && bone < m_boneChanged.size())
        m_boneChanged[bone] = true;
    ++c.matrices;
    m_sum += error;
    if (error > c.maxError || c.worstBone < 0) {
        c.maxError = std::max(c.maxError, error);
        c.worstBone = bone;
        c.worstFrame = qint64(clipFrame);
    }
}

MotionChange MotionChange::Tally::finish() const
{
    MotionChange c = m_change;
    for (int b = 0; b < m_boneChanged.size(); ++b) {
        if (m_boneChanged[b])
            c.bones.append(b);
    }
    c.meanError = c.matrices > 0 ? m_sum / double(c.matrices) : 0.0;
    return c;
}

void MotionChange::add(const MotionChange &o)
{
    if (o.isEmpty())
        return;
    const double sum = meanError * double(matrices) + o.meanError * double(o.matrices);
    if (frames.isEmpty() || o.frames.isEmpty() || o.frames.constFirst() > frames.constLast()) {
        frames += o.frames; // the next run of a clip
    } else {
        QList<quint32> merged;
        merged.reserve(frames.size() + o.frames.size());
        std::set_union(frames.cbegin(), frames.cend(), o.frames.cbegin(), o.frames.cend(), std::back_inserter(merged));
        frames = std::move(merged);
    }
    for (int b : o.bones) {
        if (!bones.contains(b))
            bones.append(b);
    }
    std::sort(bones.begin(), bones.end());
    matrices += o.matrices;
    meanError = sum / double(matrices);
    if (o.maxError > maxError || worstBone < 0) {
        maxError = o.maxError;
        worstBone = o.worstBone;
        worstFrame = o.worstFrame;
    }
}

QJsonObject MotionChange::toJson(const MotionSkeleton &skeleton) const
{
    QJsonArray names;
    for (int b : bones)
        names.append(skeleton.name(b));
    QJsonObject error{
        {QStringLiteral("max"), maxError}, {QStringLiteral("mean"), meanError}, {QStringLiteral("distance"), distance}};
    if (worstBone >= 0) {
        error.insert(QStringLiteral("bone"), skeleton.name(worstBone));
        error.insert(QStringLiteral("frame"), worstFrame);
    }
    QJsonObject out{{QStringLiteral("frames_changed"), frames.size()},
                    {QStringLiteral("bones"), names},
                    {QStringLiteral("matrices"), qint64(matrices)},
                    {QStringLiteral("object_space_error"), error}};
    if (!frames.isEmpty()) {
        out.insert(QStringLiteral("first_frame"), qint64(frames.constFirst()));
        out.insert(QStringLiteral("last_frame"), qint64(frames.constLast()));
    }
    return out;
}

} // namespace bpat
