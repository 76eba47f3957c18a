#include "BpsmCli.h"

#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFile.h"
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "io/NativeName.h"
#include "species/Species.h"


namespace bpat::cli {

int bpsmInfo(const QString &command, const QString &path, bool json)
{
    QString error;
    const auto file = BpsmFile::open(path, &error);
    if (!file)
        return jsonFailure(command, json, QStringLiteral("IO_ERROR"), path, error);
    if (!file->hasHeader())
        return jsonFailure(command, json, QStringLiteral("FILE_TOO_SMALL"), path,
                           QStringLiteral("%1: not a BPSM file (shorter than the 72-byte header)").arg(path));
    const BpsmHeader &h = file->header();
    const QString species = Species::nameOf(h.speciesId);
    if (json) {
        QJsonArray clips;
        for (const BpsmClipInfo &c : file->clips())
            clips.append(QJsonObject{{QStringLiteral("index"), c.index},
                                     {QStringLiteral("name"), c.name},
                                     {QStringLiteral("frame_count"), qint64(c.frameCount)},
                                     {QStringLiteral("frame_offset"), qint64(c.frameOffset)}});
        printJson(QJsonObject{
            {QStringLiteral("path"), NativeName::display(path)},
            {QStringLiteral("format"), QStringLiteral("bpsm")},
            {QStringLiteral("file_size"), qint64(file->fileSize())},
            {QStringLiteral("version"), qint64(h.version)},
            {QStringLiteral("species_id"), qint64(h.speciesId)},
            {QStringLiteral("species"), species.isEmpty() ? QJsonValue() : QJsonValue(species)},
            {QStringLiteral("lod"), qint64(h.lod)},
            {QStringLiteral("vertex_count"), qint64(h.vertexCount)},
            {QStringLiteral("index_count"), qint64(h.indexCount)},
            {QStringLiteral("clip_count"), qint64(h.clipCount)},
            {QStringLiteral("frame_total"), qint64(h.frameTotal)},
            {QStringLiteral("string_table_size"), qint64(h.stringTableSize)},
            {QStringLiteral("clip_table_offset"), double(h.clipTableOffset)},
            {QStringLiteral("string_table_offset"), double(h.stringTableOffset)},
            {QStringLiteral("index_data_offset"), double(h.indexDataOffset)},
            {QStringLiteral("vertex_data_offset"), double(h.vertexDataOffset)},
            {QStringLiteral("clips"), clips},
        });
        return ExitOk;
    }
    QString t;
    t += QStringLiteral("%1: %2 bytes, BPSM minimal snapshot mesh\n").arg(shown(path)).arg(file->fileSize());
    t += QStringLiteral("version %1, species %2 (%3), lod %4, %5 vertices, %6 indices (%7 triangles), %8 clips, %9 frames\n")
             .arg(h.version)
             .arg(h.speciesId)
             .arg(species.isEmpty() ? QStringLiteral("unknown") : species)
             .arg(h.lod)
             .arg(h.vertexCount)
             .arg(h.indexCount)
             .arg(h.indexCount / 3)
             .arg(h.clipCount)
             .arg(h.frameTotal);
    t += QStringLiteral("clip table at %1, string table at %2 (%3 bytes), indices at %4, vertices at %5\n")
             .arg(h.clipTableOffset)
             .arg(h.stringTableOffset)
             .arg(h.stringTableSize)
             .arg(h.indexDataOffset)
             .arg(h.vertexDataOffset);
    t += file->clipTableInBounds() ? QStringLiteral("clips:\n")
                                   : QStringLiteral("clips: the clip table is not inside the file (run bpat validate)\n");
    for (const BpsmClipInfo &c : file->clips())
        t += QStringLiteral("  [%1] %2 %3 frames from %4\n")
                 .arg(c.index, 2)
                 .arg(shown(c.name), -16)
                 .arg(c.frameCount, 3)
                 .arg(c.frameOffset, 4);
    printOut(t);
    return ExitOk;
}

} // namespace bpat::cli
