#pragma once
// The built-in baker behind `bpat bake`: for every species manifest, poses the rig for each
// frame of each clip (frame i at phase i / frame_count), writes the BPAT file and, when the
// manifest names one, the minimal snapshot mesh (the species' creature mesh skinned on the CPU
// for every frame). Both stream into QSaveFile (BpatStreamWriter; BpsmWriter's head and vertex
// records), one clip's frames in memory at a time; the bytes are those BpatWriter and
// BpsmWriter write for bakeDocument() and bakeSnapshot() (tested). Every file is written
// atomically (QSaveFile): a failure never leaves a half-written file. The loop knows
// nothing about particular species; see SpeciesCatalog.
#include "bpat/BpatDocument.h"
#include "bpsm/BpsmSnapshot.h"
#include "bake/SpeciesManifest.h"

#include <QList>
#include <QString>
#include <optional>

namespace bpat {

struct BakeOutput
{
    QString species;
    QString fileName; // e.g. "horse.bpat"
    QString path;     // where it was written
    QString contents; // e.g. "species 1, 16 bones, 6 clips, 116 frames, 0 sockets"
    quint64 bytes = 0;
    bool ok = false;
    QString error; // why it failed
};

class Baker
{
public:
    explicit Baker(QList<SpeciesManifest> manifests);

    // Snapshot mesh level of detail written in the BPSM header, and the round parts' segments.
    static constexpr quint32 SnapshotLod = 0;
    static constexpr int SnapshotSegments = 6;

    // One species as a document, ready for BpatWriter (nullopt + reason on failure).
    static std::optional<BpatDocument> bakeDocument(const SpeciesManifest &manifest, QString *error = nullptr);
    // The species' minimal snapshot mesh for every frame of every clip of `document`.
    static std::optional<BpsmSnapshot> bakeSnapshot(const SpeciesManifest &manifest, const BpatDocument &document,
                                                    QString *error = nullptr);

    // Bakes every manifest into outDir (created if needed), species in parallel. One entry per
    // file the manifests ask for, in manifest order, whether written or not.
    QList<BakeOutput> bake(const QString &outDir) const;
    // The BPAT version the files are written in (bpat bake --format-version); v1 by default.
    // Going up, contacts, bind palette (the first frame of the first clip) and parents come from
    // VersionConverter; its warnings are appended to each output's contents.
    void setFormatVersion(format::Dialect dialect) { m_dialect = dialect; }
    static bool allOk(const QList<BakeOutput> &outputs);

private:
    QList<SpeciesManifest> m_manifests;
    format::Dialect m_dialect = format::Dialect::V1;
};

} // namespace bpat
