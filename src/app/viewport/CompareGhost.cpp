#include "CompareGhost.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/DocumentEditor.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
// B's clip laid on A's frames as `bpat diff` paired them (a trimmed or resampled clip): frame f
// of the result is B's frame paired with A's frame f, and where A's frame has none (before or
// after a trim, between a decimation's frames) the nearest paired one, so the ghost holds still
// there rather than drifting off by an index.
bpat::BpatClip followA(const bpat::BpatClip &b, const bpat::diff::FrameAlignment &align, quint32 framesA, quint32 bones)
{
    bpat::BpatClip out = b;
    out.frameCount = framesA;
    out.palette.clear();
    out.contacts.clear();
    const qsizetype frameFloats = qsizetype(bones) * 16;
    const bool contacts = b.contacts.size() == qsizetype(b.frameCount) * 2;
    for (quint32 f = 0; f < framesA; ++f) {
        const qint64 last = qint64(align.frames) - 1;
        const qint64 i = std::clamp<qint64>(
            std::llround(double(qint64(f) - qint64(align.firstA)) / double(std::max<quint32>(1, align.strideA))), 0, last);
        const quint32 fb = std::min<quint32>(align.firstB + quint32(i) * align.strideB, b.frameCount - 1);
        out.palette.append(b.palette.mid(qsizetype(fb) * frameFloats, frameFloats));
        if (contacts)
            out.contacts.append(b.contacts.mid(qsizetype(fb) * 2, 2));
    }
    return out;
}

} // namespace

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
        const bpat::diff::FrameAlignment &align = p.alignment;
        if (!align.paired() || (align.kind != bpat::diff::FrameAlignment::Kind::Identity && align.frames == 0))
            continue;                               // frames that pair with none of A's (bpat diff says why): no ghost
        bpat::BpatClip clip = other->clip(p.clipB); // palette: the globals, in every dialect
        if (align.kind != bpat::diff::FrameAlignment::Kind::Identity)
            clip = followA(clip, align, combined->clip(p.clipA).frameCount, combined->boneCount());
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
