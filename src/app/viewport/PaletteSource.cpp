#include "PaletteSource.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "rebake/BuiltinRecipes.h"
#include "species/SpeciesRig.h"

#include <QFileInfo>
#include <algorithm>

namespace bpat::studio {

QList<float> PaletteSource::frame(quint32 globalFrame) const
{
    if (!isValid() || !file || globalFrame >= frameTotal)
        return {};
    QList<float> out(qsizetype(boneCount) * bpat::format::MatrixFloats);
    for (int bone = 0; bone < boneCount; ++bone) {
        const auto m = file->globalMatrixFloats(globalFrame, quint32(bone));
        if (!m)
            return {};
        std::copy(m->cbegin(), m->cend(), out.begin() + qsizetype(bone) * bpat::format::MatrixFloats);
    }
    return out;
}

QList<float> PaletteSource::socketRows(quint32 globalFrame, int socket) const
{
    if (!socketData || !file || globalFrame >= frameTotal || socket < 0 || socket >= socketCount)
        return {};
    const auto rows = file->socketRow(globalFrame, quint32(socket));
    return rows ? QList<float>(rows->begin(), rows->end()) : QList<float>();
}

quint32 PaletteSource::globalFrame(int clip, quint32 frame) const
{
    if (clip < 0 || clip >= clips.size())
        return 0;
    const PaletteClip &c = clips.at(clip);
    return c.frameOffset + std::min(frame, c.frameCount - 1);
}

PaletteSource PaletteSource::fromFile(const bpat::BpatFile &file, QString *why)
{
    PaletteSource source;
    auto fail = [&](const QString &reason) {
        if (why)
            *why = reason;
        return PaletteSource();
    };
    if (file.isNull() || !file.hasHeader())
        return fail(QStringLiteral("the file has no BPAT header"));
    const bpat::BpatHeader &header = file.header();
    if (header.boneCount < bpat::format::MinBones || header.boneCount > bpat::format::MaxBones)
        return fail(QStringLiteral("bone_count %1 is outside 1..64").arg(header.boneCount));
    if (header.frameTotal < 1)
        return fail(QStringLiteral("frame_total is 0: there is no pose to show"));
    if (!file.paletteInBounds() || !file.paletteBytes())
        return fail(
            QStringLiteral("the palette data (frame_total %1 x bone_count %2 x 64 bytes at offset %3) does not fit in the file")
                .arg(header.frameTotal)
                .arg(header.boneCount)
                .arg(header.paletteDataOffset));
    source.speciesId = header.speciesId;
    source.boneCount = int(header.boneCount);
    source.rig = bpat::SpeciesRig::find(header.speciesId, source.boneCount);
    source.recordingFrame = bpat::BuiltinRecipes::keepsRecordingFrame(header.speciesId, source.boneCount);
    source.frameTotal = header.frameTotal;
    source.palette = file.paletteBytes();
    // Late v3 stores column-major skinning matrices: the vertex shader multiplies them by the
    // bind palette, both read in place.
    source.skinning = file.storesSkinningMatrices();
    if (source.skinning)
        source.bindPalette = file.bindPaletteBytes(); // nullptr unless the whole palette is in the file
    source.label = QFileInfo(file.path()).fileName();
    if (header.socketCount > 0 && header.socketCount <= 4096 && file.socketDataBytes()) {
        source.socketCount = int(header.socketCount);
        source.socketData = file.socketDataBytes();
    }
    for (const bpat::BpatClipInfo &clip : file.clips()) {
        // Only clips whose frames exist: frame_offset + frame_count <= frame_total (64-bit sum).
        if (clip.frameCount == 0 || quint64(clip.frameOffset) + clip.frameCount > header.frameTotal)
            continue;
        source.clips.append(PaletteClip{clip.name.isEmpty() ? QStringLiteral("clip %1").arg(clip.index) : clip.name,
                                        clip.frameOffset, clip.frameCount, clip.fps > 0.0f && clip.fps < 1e4f ? clip.fps : 24.0f,
                                        clip.loops()});
    }
    if (source.socketData) {
        for (const bpat::BpatSocketInfo &socket : file.sockets()) {
            if (socket.anchorBone < header.boneCount)
                source.sockets.append(PaletteSocket{socket.name, int(socket.anchorBone), socket.localOffset});
        }
        if (source.sockets.size() != source.socketCount)
            source.sockets.clear(); // the table and the data disagree: show no socket names
    }
    source.hasContacts = file.contactTableInBounds(); // frame_total records, read in place
    for (quint8 parent : file.boneParents())
        source.parents.append(parent == bpat::format::NoParentBone ? -1 : int(parent));
    if (source.clips.isEmpty())
        source.clips.append(PaletteClip{QStringLiteral("all frames"), 0, header.frameTotal, 24.0f, true});
    source.file = std::make_shared<const bpat::BpatFile>(file);
    return source;
}

} // namespace bpat::studio
