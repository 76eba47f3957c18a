#include "bake/SpeciesManifest.h"

#include "species/SpeciesRig.h"

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

void SpeciesManifest::identify(quint32 id, const QString &oneLine)
{
    const Species *species = Species::byId(id);
    Q_ASSERT_X(species, "SpeciesManifest", "a manifest of a species the catalogue does not know");
    speciesId = id;
    speciesName = species ? species->name : QString();
    bpatFileName = species ? species->bpatFileName() : QString();
    snapshotFileName = species ? species->snapshotFileName : QString();
    summary = oneLine;
    const SpeciesRig *known = SpeciesRig::find(id, rig.boneCount());
    creature = known ? std::optional<RigDescription>(known->description()) : std::nullopt;
}

Rig SpeciesManifest::v1Rig(quint32 speciesId)
{
    const SpeciesRig *rig = SpeciesRig::ofVersion(speciesId, 1);
    Q_ASSERT_X(rig, "SpeciesManifest", "a species without a v1 rig in the catalogue");
    return rig ? rig->rig() : Rig();
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
