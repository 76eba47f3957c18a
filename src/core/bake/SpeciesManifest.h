#pragma once
// What the baker needs to know about one species (the format overview's extension point):
// species id, output file names, the bind palette, a description of the creature, its clips and
// sockets, and the function that poses the rig for a clip at a phase. Adding a species to
// `bpat bake` is one new manifest (see SpeciesCatalog); the baker's loop never changes.
#include "bpat/BpatDocument.h" // BpatClip, BpatSocket
#include "mesh/Rig.h"
#include "mesh/RigDescription.h"
#include "species/Species.h"

#include <QList>
#include <QMatrix4x4>
#include <QString>
#include <QVector3D>
#include <functional>
#include <optional>

namespace bpat {

struct ClipSpec
{
    QString name;
    int frameCount = 24;
    float fps = 24.0f;
    bool loops = true;

    // A clip of that name, fps and loop flag, without frames.
    BpatClip emptyClip() const;
};

// A socket as the baker writes it: name, anchor bone, offset in the anchor bone's local space.
using SocketSpec = BpatSocket;

struct SpeciesManifest
{
    quint32 speciesId = 0;
    QString speciesName;      // e.g. "horse"
    QString bpatFileName;     // e.g. "horse.bpat"
    QString snapshotFileName; // e.g. "horse_minimal.bpsm"; empty: no minimal snapshot
    QString summary;          // one line for docs and `bpat bake` output
    Rig rig;
    // How the creature looks (shape parts per bone, the viewer's description of the game's rig);
    // the minimal snapshot mesh is built from it. Needed only when snapshotFileName is set.
    std::optional<RigDescription> creature;
    QList<QMatrix4x4> bindPalette; // global bone transforms of the rest pose
    QList<ClipSpec> clips;
    QList<SocketSpec> sockets;
    float soleHeight = 0.0f; // height of a planted foot bone's origin above the ground
    // Global bone transforms (palette order) of clip `clip` at phase [0, 1).
    std::function<QList<QMatrix4x4>(int clip, float phase)> clipPalette;

    int boneCount() const { return rig.boneCount(); }
    // Names the species (an id of species/Species): its name, files (the BPAT file is
    // "<name>.bpat", the snapshot mesh the game's v1 baker wrote, if any) and the catalogue's
    // description of its creature for the rig's bone count (set rig first); `oneLine` sums it up.
    void identify(quint32 id, const QString &oneLine);
    // The rig the game's v1 baker posed for a species: its newest rig of v1 files (the 20-bone
    // humanoid, the 16-bone horse and elephant).
    static Rig v1Rig(quint32 speciesId);
    // Frame i of a clip samples phase i / frame_count, as the game's baker did, so a looping
    // clip's last frame flows into its first.
    QList<QList<QMatrix4x4>> bakeClip(int clip) const;
    // A document of the species' bones and sockets, without clips yet.
    BpatDocument emptyDocument() const;
    // Rows 0..2 of global[anchor] * translate(offset), as stored in a BPAT socket record.
    static QMatrix4x4 socketMatrix(const QList<QMatrix4x4> &palette, const SocketSpec &socket);
};

} // namespace bpat
