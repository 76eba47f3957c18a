#include "CompareGhost.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/DocumentEditor.h"

#include <QDir>
#include <QFileInfo>

namespace bpat::studio {


std::shared_ptr<const CompareGhost> CompareGhost::build(const bpat::BpatFile &a, const bpat::BpatFile &b,
                                                        const QList<bpat::diff::ClipPair> &pairs, QString *why)
{
    const auto fail = [why](const QString &reason) {
        if (why)
            *why = reason;
        return std::shared_ptr<const CompareGhost>();
    };
    const quint32 bones = a.header().boneCount;
    if (bones != b.header().boneCount)
        return fail(QStringLiteral("no ghost: %1 has %2 bones, the open file %3")
                        .arg(QFileInfo(b.path()).fileName())
                        .arg(b.header().boneCount)
                        .arg(bones));
    if (a.paletteBytesSize() + b.paletteBytesSize() > kMaxPaletteBytes)
        return fail(QStringLiteral("no ghost: the two palettes exceed %1 MiB").arg(kMaxPaletteBytes >> 20));
    QString error;
    auto combined = bpat::BpatDocument::fromFile(a, &error);
    const auto other = combined ? bpat::BpatDocument::fromFile(b, &error) : std::nullopt;
    if (!combined || !other)
        return fail(QStringLiteral("no ghost: ") + error);
    const int clipsA = combined->clipCount();
    const bool contacts = combined->hasContacts();
    QList<int> ghostClipOfA(clipsA, -1); // index of the ghost clip among the ghosts
    int ghosts = 0;
    for (const bpat::diff::ClipPair &p : pairs) {
        if (p.clipA < 0 || p.clipB < 0 || p.clipA >= clipsA || p.clipB >= other->clipCount())
            continue;
        bpat::BpatClip clip = other->clip(p.clipB); // palette: the globals, in every dialect
        // A name no clip of the combined file has (names are identifiers: the ghosts are told
        // from A's clips by their place, after them).
        clip.name = bpat::DocumentEditor(*combined).freeClipName(QStringLiteral("ghost_%1").arg(ghosts));
        clip.storedSkin.clear();
        clip.socketRows.clear(); // recomputed for A's sockets
        clip.variantFamily = -1;
        clip.variantOrdinal = 0;
        if (!contacts)
            clip.contacts.clear();
        else if (clip.contacts.size() != qsizetype(clip.frameCount) * 2)
            clip.contacts = QList<float>(qsizetype(clip.frameCount) * 2, 0.0f);
        if (!combined->addClip(clip, &error))
            return fail(QStringLiteral("no ghost: ") + error);
        ghostClipOfA[p.clipA] = ghosts++;
    }
    auto ghost = std::make_shared<CompareGhost>();
    // B's name, with its folder when A has the same name (old/walk.bpat over new/walk.bpat).
    const QFileInfo info(b.path());
    ghost->label = info.fileName() == QFileInfo(a.path()).fileName() ? info.dir().dirName() + QLatin1Char('/') + info.fileName()
                                                                     : info.fileName();
    const bpat::BpatFile file = bpat::BpatFile::fromData(bpat::BpatWriter(*combined).toBytes(), a.path());
    ghost->source = PaletteSource::fromFile(file, &error);
    if (!ghost->source.isValid())
        return fail(QStringLiteral("no ghost: ") + error);
    ghost->source.label = QFileInfo(a.path()).fileName();
    // A's clips first, then the ghosts in the order they were added.
    if (ghost->source.clips.size() != qsizetype(clipsA) + ghosts)
        return fail(QStringLiteral("no ghost: the combined file holds %1 clips, expected %2")
                        .arg(ghost->source.clips.size())
                        .arg(clipsA + ghosts));
    const QList<PaletteClip> ghostClips = ghost->source.clips.mid(clipsA);
    ghost->source.clips = ghost->source.clips.first(clipsA);
    for (int c = 0; c < clipsA; ++c) {
        const int g = ghostClipOfA.at(c);
        ghost->ghostOf.append(g >= 0 ? std::optional<PaletteClip>(ghostClips.at(g)) : std::nullopt);
    }
    return ghost;
}

} // namespace bpat::studio
