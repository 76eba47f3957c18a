#include "repair/LegChains.h"

namespace bpat {

QList<LegChain> LegChains::of(const MotionRig &rig, const MotionSkeleton &skeleton, QStringList *notes)
{
    QList<LegChain> out;
    if (rig.feet.isEmpty() && notes)
        *notes << QStringLiteral("no feet are known for this rig (%1)").arg(rig.rigSource);
    for (int i = 0; i < rig.feet.size(); ++i) {
        LegChain chain;
        chain.foot = rig.feet.at(i);
        chain.label = rig.footLabels.value(i);
        chain.lower = skeleton.parentOf(chain.foot);
        chain.upper = skeleton.parentOf(chain.lower);
        if (chain.lower < 0 || chain.upper < 0 || skeleton.isRoot(chain.upper)) {
            if (notes)
                *notes << QStringLiteral("%1 (%2) has no leg chain of two bones above it (it hangs from %3): an IK control, "
                                         "or a rig whose legs the species catalogue must name")
                              .arg(skeleton.name(chain.foot), chain.label,
                                   chain.lower >= 0 ? skeleton.name(skeleton.rootOf(chain.foot)) : QStringLiteral("nothing"));
            continue;
        }
        out.append(chain);
    }
    return out;
}

} // namespace bpat
