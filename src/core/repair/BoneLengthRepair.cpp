#include "repair/BoneLengthRepair.h"

#include "repair/ClipSamples.h"

#include <cmath>
#include <vector>

namespace bpat {

namespace pm = posemath;
namespace cs = clipsamples;

namespace {

// A bone's distance to its parent (0 for a root), as clipsamples::lengthToParent measures it.
template<class Motion> double lengthToParent(const Motion &m, quint32 frame, int bone)
{
    const int parent = m.skeleton().parentOf(bone);
    return parent < 0 ? 0.0 : pm::length(pm::sub(m.origin(frame, bone), m.origin(frame, parent)));
}

// One algorithm for both motions: a ClipMotion, and a TranslatedRun (a long clip's run that only
// this repair moves, in place): the same reads and moves in the same order, so the same bits.
template<class Motion>
RepairOutcome restore(Motion &m, const RepairContext &context, const QList<int> &bones, const BoneLengthOptions &options)
{
    RepairOutcome out;
    out.repair = QStringLiteral("bone_lengths");
    // The asked bones, parents first, each with what the repair says of it.
    struct Bone
    {
        int bone = -1;
        int parent = -1;
        double median = 0.0;
        bool repairable = false;
        QString skipped;
        int restored = 0;
        double worst = 1.0;
    };
    std::vector<Bone> asked;
    for (int b : m.skeleton().order()) {
        if (!bones.contains(b))
            continue;
        Bone a;
        a.bone = b;
        a.parent = m.skeleton().parentOf(b);
        asked.push_back(a);
    }
    // Every asked bone's length in every frame, before any is moved (a bone's distance to its
    // parent is the same after any translation above it: both move by the same vector).
    const quint32 frames = m.frameCount();
    const size_t n = asked.size();
    std::vector<double> lengths(size_t(frames) * n, 0.0);
    for (quint32 f = 0; f < frames; ++f) {
        for (size_t k = 0; k < n; ++k) {
            if (asked[k].parent >= 0)
                lengths[size_t(f) * n + k] = lengthToParent(m, f, asked[k].bone);
        }
    }
    for (size_t k = 0; k < n; ++k) {
        Bone &a = asked[k];
        const QString name = m.skeleton().name(a.bone);
        if (a.parent < 0) {
            a.skipped = QStringLiteral("%1 is a root: it has no length").arg(name);
            continue;
        }
        if (options.medians.contains(a.bone)) {
            a.median = options.medians.value(a.bone);
        } else {
            QList<double> column;
            column.reserve(frames);
            for (quint32 f = 0; f < frames; ++f)
                column.append(lengths[size_t(f) * n + k]);
            a.median = cs::median(column);
        }
        if (!(a.median >= context.thresholds.stretchMinLength)) {
            a.skipped = QStringLiteral("%1 is %2 m long, shorter than stretch_min_length").arg(name).arg(a.median, 0, 'f', 4);
            continue;
        }
        a.repairable = true;
    }
    // Frame by frame (its poses stay in cache), the bones parents first: each one off its median
    // by more than the band moves along its direction from the parent, its subtree with it.
    for (quint32 f = 0; f < frames; ++f) {
        for (size_t k = 0; k < n; ++k) {
            Bone &a = asked[k];
            const double length = lengths[size_t(f) * n + k];
            const double ratio = length / a.median;
            if (!a.repairable || std::abs(ratio - 1.0) <= options.band || !(length > 1e-9) || !m.isReadable(f, a.bone))
                continue;
            if (std::abs(ratio - 1.0) > std::abs(a.worst - 1.0))
                a.worst = ratio;
            const pm::Vec3 from = m.origin(f, a.parent), to = m.origin(f, a.bone);
            const pm::Vec3 direction = pm::scale(pm::sub(to, from), 1.0 / length);
            if (m.translate(f, a.bone, pm::sub(pm::add(from, pm::scale(direction, a.median)), to))) {
                out.touch(f, a.bone);
                ++a.restored;
            }
        }
    }
    for (const Bone &a : asked) {
        const QString name = m.skeleton().name(a.bone);
        if (!a.repairable) {
            out.skipped << a.skipped;
        } else if (a.restored == 0) {
            out.skipped << QStringLiteral("%1 keeps its length within %2% of its median").arg(name).arg(options.band * 100.0);
        } else {
            ++out.addressed;
            out.notes << QStringLiteral("%1 -> %2: %3 frames back to its median %4 m (was up to %5% %6)")
                             .arg(m.skeleton().name(a.parent), name)
                             .arg(a.restored)
                             .arg(a.median, 0, 'f', 3)
                             .arg(std::abs(a.worst - 1.0) * 100.0, 0, 'f', 1)
                             .arg(a.worst > 1.0 ? QStringLiteral("longer") : QStringLiteral("shorter"));
        }
    }
    out.finish();
    return out;
}

} // namespace

RepairOutcome BoneLengthRepair::apply(ClipMotion &motion, const RepairContext &context, const QList<int> &bones,
                                      const BoneLengthOptions &options)
{
    return restore(motion, context, bones, options);
}

RepairOutcome BoneLengthRepair::apply(TranslatedRun &run, const RepairContext &context, const QList<int> &bones,
                                      const BoneLengthOptions &options)
{
    return restore(run, context, bones, options);
}

} // namespace bpat
