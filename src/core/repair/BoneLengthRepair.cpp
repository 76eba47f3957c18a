#include "repair/BoneLengthRepair.h"

#include "repair/ClipSamples.h"

#include <cmath>

namespace bpat {

namespace pm = posemath;
namespace cs = clipsamples;

RepairOutcome BoneLengthRepair::apply(ClipMotion &m, const RepairContext &context, const QList<int> &bones,
                                      const BoneLengthOptions &options)
{
    RepairOutcome out;
    out.repair = QStringLiteral("bone_lengths");
    for (int b : m.skeleton().order()) {
        if (!bones.contains(b))
            continue;
        const QString name = m.skeleton().name(b);
        const int parent = m.skeleton().parentOf(b);
        if (parent < 0) {
            out.skipped << QStringLiteral("%1 is a root: it has no length").arg(name);
            continue;
        }
        QList<double> lengths;
        for (quint32 f = 0; f < m.frameCount(); ++f)
            lengths.append(cs::lengthToParent(m, f, b));
        const double median = options.medians.contains(b) ? options.medians.value(b) : cs::median(lengths);
        if (!(median >= context.thresholds.stretchMinLength)) {
            out.skipped << QStringLiteral("%1 is %2 m long, shorter than stretch_min_length").arg(name).arg(median, 0, 'f', 4);
            continue;
        }
        int restored = 0;
        double worst = 1.0;
        for (quint32 f = 0; f < m.frameCount(); ++f) {
            const double ratio = lengths.at(f) / median;
            if (std::abs(ratio - 1.0) <= options.band || !(lengths.at(f) > 1e-9) || !m.isReadable(f, b))
                continue;
            if (std::abs(ratio - 1.0) > std::abs(worst - 1.0))
                worst = ratio;
            const pm::Vec3 from = m.origin(f, parent);
            const pm::Vec3 direction = pm::scale(pm::sub(m.origin(f, b), from), 1.0 / lengths.at(f));
            Affine g = m.global(f, b);
            pm::setOrigin(g, pm::add(from, pm::scale(direction, median)));
            if (m.setGlobal(f, b, g)) {
                out.touch(f, b);
                ++restored;
            }
        }
        if (restored == 0) {
            out.skipped << QStringLiteral("%1 keeps its length within %2% of its median").arg(name).arg(options.band * 100.0);
            continue;
        }
        ++out.addressed;
        out.notes << QStringLiteral("%1 -> %2: %3 frames back to its median %4 m (was up to %5% %6)")
                         .arg(m.skeleton().name(parent), name)
                         .arg(restored)
                         .arg(median, 0, 'f', 3)
                         .arg(std::abs(worst - 1.0) * 100.0, 0, 'f', 1)
                         .arg(worst > 1.0 ? QStringLiteral("longer") : QStringLiteral("shorter"));
    }
    out.finish();
    return out;
}

} // namespace bpat
