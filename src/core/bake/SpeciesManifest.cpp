#include "bake/SpeciesManifest.h"

namespace bpat {

QList<QList<QMatrix4x4>> SpeciesManifest::bakeClip(int clip) const
{
    const ClipSpec &spec = clips.at(clip);
    QList<QList<QMatrix4x4>> frames;
    frames.reserve(spec.frameCount);
    for (int i = 0; i < spec.frameCount; ++i)
        frames.append(clipPalette(clip, float(i) / float(spec.frameCount)));
    return frames;
}

QMatrix4x4 SpeciesManifest::socketMatrix(const QList<QMatrix4x4> &palette, const SocketSpec &socket)
{
    QMatrix4x4 m = palette.at(socket.anchorBone);
    m.translate(socket.localOffset);
    return m;
}

} // namespace bpat
