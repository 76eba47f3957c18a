#include "anim/PoseCurves.h"

namespace bpat {

QString poseComponentName(PoseComponent component)
{
    static const char *const names[PoseComponentCount] = {"PositionX", "PositionY", "PositionZ", "RotationX",
                                                          "RotationY", "RotationZ", "RotationW"};
    const int index = int(component);
    return index >= 0 && index < PoseComponentCount ? QString::fromLatin1(names[index]) : QString();
}

} // namespace bpat
