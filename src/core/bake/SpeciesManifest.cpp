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

void SpeciesManifest::identify(quint32 id, const QString &name, const QString &oneLine)
{
    speciesId = id;
    speciesName = name;
    bpatFileName = name + QStringLiteral(".bpat");
    summary = oneLine;
    creature = RigDescription::builtin(id, rig.boneCount());
}

BpatClip ClipSpec::emptyClip() const
{
    BpatClip clip;
    clip.name = name;
    clip.fps = fps;
    clip.loops = loops;
    return clip;
}

BpatDocument SpeciesManifest::emptyDocument() const
{
    BpatDocument document(speciesId, quint32(boneCount()));
    document.setSockets(sockets); // before the clips, so adding a clip computes its socket rows
    return document;
}

QMatrix4x4 SpeciesManifest::socketMatrix(const QList<QMatrix4x4> &palette, const SocketSpec &socket)
{
    QMatrix4x4 m = palette.at(socket.anchorBone);
    m.translate(socket.localOffset);
    return m;
}

} // namespace bpat
