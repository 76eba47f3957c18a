#include "anim/RayCurves.h"

namespace bpat {

QString rayComponentName(RayComponent component)
{
    static const char *const names[RayComponentCount] = {"OriginX",    "OriginY",    "OriginZ",
                                                         "DirectionX", "DirectionY", "DirectionZ"};
    const int index = int(component);
    return index >= 0 && index < RayComponentCount ? QString::fromLatin1(names[index]) : QString();
}

} // namespace bpat
