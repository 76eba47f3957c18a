#include "repair/RepairContext.h"

#include <algorithm>

namespace bpat {

void RepairOutcome::touch(quint32 frame, int bone)
{
    if (frames.isEmpty() || frames.constLast() != frame)
        frames.append(frame); // duplicates out of order go in finish()
    if (!bones.contains(bone))
        bones.append(bone);
}

void RepairOutcome::finish()
{
    std::sort(frames.begin(), frames.end());
    frames.erase(std::unique(frames.begin(), frames.end()), frames.end());
    std::sort(bones.begin(), bones.end());
}

} // namespace bpat
