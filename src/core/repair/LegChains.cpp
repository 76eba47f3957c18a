#include "repair/LegChains.h"

#include "species/SpeciesRig.h"

namespace bpat {

QList<IkLeg> LegChains::of(const MotionRig &rig, const MotionSkeleton &skeleton, QStringList *notes)
{
    QList<IkLeg> out;
    if (rig.feet.isEmpty() && notes)
        *notes << QStringLiteral("no feet are known for this rig (%1)").arg(rig.rigSource);
    // The catalogue names each foot's leg (species/SpeciesRig: "legs" of the rig description);
    // a rig it has none for (a description-only rig) is read off the skeleton below.
    const SpeciesRig *known = rig.rigName.isEmpty() ? nullptr : SpeciesRig::byName(rig.rigName);
    for (int i = 0; i < rig.feet.size(); ++i) {
        IkLeg chain;
        chain.foot = rig.feet.at(i);
        chain.label = rig.footLabels.value(i);
        const LegChain *leg = known && known->boneCount() == skeleton.boneCount() ? known->legOfFoot(chain.foot) : nullptr;
        if (leg && leg->isChain() && leg->end == chain.foot && skeleton.parentOf(leg->end) == leg->knee
            && skeleton.parentOf(leg->knee) == leg->hip) {
            chain.lower = leg->knee;
            chain.upper = leg->hip;
        } else if (leg) {
            // The catalogue's chain ends at an IK target, not at the foot the IK would place
            // (the 50-bone horse): no two-bone chain the repairs can bend.
            if (notes)
                *notes << QStringLiteral("%1 (%2) hangs from the rig's IK controls, not from a two-bone leg the repairs can bend")
                              .arg(skeleton.name(chain.foot), chain.label);
            continue;
        } else {
            chain.lower = skeleton.parentOf(chain.foot);
            chain.upper = skeleton.parentOf(chain.lower);
        }
        if (chain.lower < 0 || chain.upper < 0 || skeleton.isRoot(chain.upper)) {
            if (notes)
                *notes << QStringLiteral("%1 (%2) has no leg chain of two bones above it (it hangs from %3): an IK control, "
                                         "or a rig whose legs the species catalogue does not name")
                              .arg(skeleton.name(chain.foot), chain.label,
                                   chain.lower >= 0 ? skeleton.name(skeleton.rootOf(chain.foot)) : QStringLiteral("nothing"));
            continue;
        }
        out.append(chain);
    }
    return out;
}

} // namespace bpat
