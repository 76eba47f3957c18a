#include "CrowdLayout.h"

#include <QVector3D>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {

float hashUnit(quint32 x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return float(x & 0xffffffU) / float(0x1000000);
}

} // namespace

QList<CreatureInstance> CrowdLayout::grid(const PaletteSource &source, int count, float spacing)
{
    QList<CreatureInstance> instances;
    if (count < 1 || source.clips.isEmpty())
        return instances;
    QList<int> clips;
    for (int c = 0; c < source.clips.size(); ++c) {
        if (source.clips.at(c).loops)
            clips.append(c);
    }
    if (clips.isEmpty()) {
        for (int c = 0; c < source.clips.size(); ++c)
            clips.append(c);
    }
    const int side = int(std::ceil(std::sqrt(double(count))));
    const float half = float(side - 1) * spacing / 2;
    instances.reserve(count);
    for (int i = 0; i < count; ++i) {
        const PaletteClip &clip = source.clips.at(clips.at(i % clips.size()));
        CreatureInstance instance;
        instance.x = float(i % side) * spacing - half;
        instance.z = float(i / side) * spacing - half;
        instance.yaw = (hashUnit(quint32(i) * 2 + 1) - 0.5f) * 0.6f;
        instance.frameOffset = clip.frameOffset;
        instance.frameCount = float(clip.frameCount);
        instance.fps = clip.fps;
        instance.phase = hashUnit(quint32(i) * 2);
        instance.loops = clip.loops ? 1 : 0;
        instances.append(instance);
    }
    return instances;
}

} // namespace bpat::studio
