#include "mesh/LodChain.h"

#include "mesh/MeshSimplifier.h"
#include "mesh/SurfaceDeviation.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace bpat {

QList<quint32> LodChain::sampleFrames(const QList<std::pair<quint32, quint32>> &clips, int maxFrames)
{
    QList<quint32> frames;
    quint64 total = 0;
    for (const auto &[first, count] : clips)
        total += count;
    if (total == 0 || maxFrames < 1)
        return frames;
    // Evenly over the clips' frames one after another (each clip's first frame counted), so
    // every clip gets its share and the extremes of long clips are not all skipped.
    const double step = std::max(1.0, double(total) / double(maxFrames));
    quint64 before = 0; // frames of the clips before this one
    double next = 0;
    for (const auto &[first, count] : clips) {
        while (next < double(before + count) && frames.size() < maxFrames) {
            const quint32 frame = first + quint32(quint64(next) - before);
            if (!frames.contains(frame))
                frames.append(frame);
            next += step;
        }
        before += count;
    }
    return frames;
}

float LodChain::deviation(const CreatureMesh &a, const CreatureMesh &b, const QList<QList<float>> &poses)
{
    float worst = 0;
    for (const QList<float> &pose : poses) {
        const std::span<const float> frame(pose.constData(), size_t(pose.size()));
        const SkinnedPose pa = a.skin(frame), pb = b.skin(frame);
        if (pa.positions.size() != a.vertexCount() || pb.positions.size() != b.vertexCount())
            continue;
        worst = std::max(worst, SurfaceDeviation::ofSimplified(pa.positions, a.indices(), pb.positions, b.indices()));
    }
    return worst;
}

QList<LodLevel> LodChain::build(const CreatureMesh &base, const QString &baseLabel, const QList<QList<float>> &poses,
                                const CreatureMesh *coarser, const QString &coarserLabel, const Options &options)
{
    QList<LodLevel> levels{LodLevel{base, baseLabel, 0.0f}};
    if (base.isEmpty() || poses.isEmpty() || options.maxLevels < 2)
        return levels;
    const QList<float> &reference = poses.first();
    const SkinnedPose posed = base.skin(std::span<const float>(reference.constData(), size_t(reference.size())));
    if (posed.positions.size() != base.vertexCount())
        return levels;
    QVector3D lo(INFINITY, INFINITY, INFINITY), hi(-INFINITY, -INFINITY, -INFINITY);
    for (const QVector3D &p : posed.positions) {
        for (int d = 0; d < 3; ++d) {
            lo[d] = std::min(lo[d], p[d]);
            hi[d] = std::max(hi[d], p[d]);
        }
    }
    const float size = std::isfinite(lo.x()) ? std::max({hi.x() - lo.x(), hi.y() - lo.y(), hi.z() - lo.z()}) : 0.0f;
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions); // 10,000,000
    auto simplified = [&](int maxVertices) -> std::optional<LodLevel> {
        if (maxVertices < options.minVertices)
            return std::nullopt;
        std::optional<MeshSimplifier::Result> result = MeshSimplifier::simplify(base, posed.positions, maxVertices);
        if (!result)
            return std::nullopt;
        const QString label = QStringLiteral("simplified: %1 of %2 vertices")
                                  .arg(c.toString(result->mesh.vertexCount()), c.toString(base.vertexCount()));
        return LodLevel{result->mesh, label, 0.0f};
    };
    const bool coarserFits =
        coarser && !coarser->isEmpty() && coarser->boneCount() <= base.boneCount() && coarser->validate().isEmpty();
    while (levels.size() < options.maxLevels) {
        const int budget = int(std::floor(double(levels.last().mesh.vertexCount()) * options.ratio));
        std::optional<LodLevel> next;
        // The authored lighter body takes the place of the simplifier's level it is about as
        // light as (within this level's budget, over the next one's); a much lighter one waits.
        const bool coarserHere = coarserFits && coarser->vertexCount() <= budget
            && double(coarser->vertexCount()) > double(budget) * options.ratio
            && std::none_of(levels.cbegin(), levels.cend(), [&](const LodLevel &l) { return l.label == coarserLabel; });
        if (coarserHere)
            next = LodLevel{*coarser, coarserLabel, 0.0f};
        else
            next = simplified(budget);
        if (!next)
            break;
        next->deviation = std::max(
            {deviation(base, next->mesh, poses), levels.last().deviation, float(options.minRelativeDeviation * double(size))});
        if (double(next->deviation) > options.maxRelativeDeviation * double(size))
            break;
        levels.append(*next);
    }
    return levels;
}

} // namespace bpat
