#include "bpsm/BpsmValidator.h"

#include "io/MappingGuard.h"

#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmFormat.h"

#include "bpsm/BpsmContentCheck.h"
#include "bpsm/BpsmSink.h"
#include "species/Species.h"

#include <QSet>
#include <algorithm>

namespace bpat {

namespace fmt = bpat::format;

const QList<BpsmCodeInfo> &BpsmValidator::codes()
{
    using S = Severity;
    static const QList<BpsmCodeInfo> list{
        {u"BPSM_IO_ERROR"_qs, S::Error,
         u"The file cannot be opened or mapped (missing, not a regular file, empty, unreadable)."_qs},
        {u"BPSM_FILE_CHANGED"_qs, S::Error,
         u"The file shrank while it was being validated: the other findings are unreliable; validate it again."_qs},
        {u"BPSM_FILE_TOO_SMALL"_qs, S::Error, u"Shorter than the 72-byte header."_qs},
        {u"BPSM_BAD_MAGIC"_qs, S::Error, u"The first four bytes are not `BPSM`."_qs},
        {u"BPSM_UNSUPPORTED_VERSION"_qs, S::Error, u"version is not 1."_qs},
        {u"BPSM_UNKNOWN_SPECIES"_qs, S::Error, u"species_id is not a known species (0..9)."_qs},
        {u"BPSM_SPECIES_NOT_IN_V1"_qs, S::Warning, u"species_id is 4..9: known, but defined after v1 (which has 0..3)."_qs},
        {u"BPSM_NO_CLIPS"_qs, S::Error, u"clip_count is 0."_qs},
        {u"BPSM_EMPTY_MESH"_qs, S::Error, u"vertex_count or index_count is 0."_qs},
        {u"BPSM_INDEX_COUNT_NOT_TRIANGLES"_qs, S::Error, u"index_count is not a multiple of 3."_qs},
        {u"BPSM_CLIP_TABLE_OUT_OF_BOUNDS"_qs, S::Error, u"The clip table does not fit in the file (or its size overflows)."_qs},
        {u"BPSM_STRING_TABLE_OUT_OF_BOUNDS"_qs, S::Error, u"The string table does not fit in the file."_qs},
        {u"BPSM_INDEX_DATA_OUT_OF_BOUNDS"_qs, S::Error, u"The index data (index_count * 4 bytes) does not fit in the file."_qs},
        {u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs, S::Error,
         u"The vertex data (frame_total * vertex_count * 56 bytes) does not fit in the file, or its size overflows 64 bits."_qs},
        {u"BPSM_SECTION_OVERLAP"_qs, S::Error, u"Two sections (header, clip table, string table, indices, vertices) overlap."_qs},
        {u"BPSM_CLIP_EMPTY"_qs, S::Error, u"A clip has frame_count 0."_qs},
        {u"BPSM_CLIP_NOT_CONTIGUOUS"_qs, S::Error,
         u"A clip's frame_offset is not the running sum of the earlier frame counts."_qs},
        {u"BPSM_FRAME_TOTAL_MISMATCH"_qs, S::Error, u"The clips' frame counts do not add up to frame_total."_qs},
        {u"BPSM_NAME_OUT_OF_STRING_TABLE"_qs, S::Error, u"name_offset + name_length + 1 exceeds string_table_size."_qs},
        {u"BPSM_NAME_NOT_TERMINATED"_qs, S::Error, u"The byte after a clip name is not NUL."_qs},
        {u"BPSM_INDEX_OUT_OF_RANGE"_qs, S::Error, u"A triangle index is >= vertex_count."_qs},
        {u"BPSM_NON_FINITE"_qs, S::Error, u"A vertex position, normal, uv or weight is NaN or infinite."_qs},
        {u"BPSM_NAME_NOT_UTF8"_qs, S::Warning, u"A clip name is not valid UTF-8."_qs},
        {u"BPSM_DUPLICATE_CLIP_NAME"_qs, S::Warning, u"Two clips share a name."_qs},
        {u"BPSM_RESERVED_NONZERO"_qs, S::Warning,
         u"A reserved field or pad byte (header, clip entry, string-table padding, vertex pad) is not zero."_qs},
        {u"BPSM_MISALIGNED"_qs, S::Warning,
         u"index_data_offset is not 16-byte aligned or vertex_data_offset not 4-byte aligned."_qs},
        {u"BPSM_BAD_WEIGHTS"_qs, S::Warning, u"A vertex's bone weights are negative or do not sum to 1 (within 1e-3)."_qs},
        {u"BPSM_TRAILING_BYTES"_qs, S::Warning, u"Bytes follow the end of the vertex data."_qs},
    };
    return list;
}

const BpsmCodeInfo *BpsmValidator::find(const QString &code)
{
    for (const BpsmCodeInfo &c : codes()) {
        if (c.code == code)
            return &c;
    }
    return nullptr;
}

BpsmValidator::BpsmValidator(int maxPerCode, int threads)
    : m_maxPerCode(std::max(1, maxPerCode))
    , m_threads(threads)
{
}

namespace {

QString hex(quint64 v)
{
    return QStringLiteral("0x%1").arg(v, 0, 16);
}

void checkSections(const BpsmFile &file, BpsmSink &sink)
{
    const BpsmHeader &h = file.header();
    const quint64 size = file.fileSize();
    struct Section
    {
        QString name;
        quint64 begin;
        std::optional<quint64> end;
        bool inBounds;
        QString code;
    };
    const QList<Section> sections{
        {u"clip table"_qs, h.clipTableOffset, fmt::checkedEnd(h.clipTableOffset, h.clipCount, bpsm::ClipEntrySize),
         file.clipTableInBounds(), u"BPSM_CLIP_TABLE_OUT_OF_BOUNDS"_qs},
        {u"string table"_qs, h.stringTableOffset, fmt::checkedEnd(h.stringTableOffset, h.stringTableSize, 1),
         file.stringTableInBounds(), u"BPSM_STRING_TABLE_OUT_OF_BOUNDS"_qs},
        {u"index data"_qs, h.indexDataOffset, file.indexDataEnd(), file.indexDataInBounds(), u"BPSM_INDEX_DATA_OUT_OF_BOUNDS"_qs},
        {u"vertex data"_qs, h.vertexDataOffset, file.vertexDataEnd(), file.vertexDataInBounds(),
         u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs},
    };
    for (const Section &s : sections) {
        if (!s.inBounds) {
            sink.report(s.code, s.begin, DiagnosticLocation::header(),
                        s.end ? QStringLiteral("%1 spans [%2, %3), expected within the file's %4 bytes")
                                    .arg(s.name, hex(s.begin), hex(*s.end))
                                    .arg(size)
                              : QStringLiteral("%1 at %2: its size overflows 64 bits").arg(s.name, hex(s.begin)));
        }
    }
    // Overlap, between sections that are in the file (the header counts as one).
    QList<std::pair<quint64, quint64>> spans{{0, bpsm::HeaderSize}};
    QStringList names{u"header"_qs};
    for (const Section &s : sections) {
        if (s.inBounds && *s.end > s.begin) {
            spans.append({s.begin, *s.end});
            names.append(s.name);
        }
    }
    for (int i = 0; i < spans.size(); ++i)
        for (int j = i + 1; j < spans.size(); ++j)
            if (spans[i].first < spans[j].second && spans[j].first < spans[i].second)
                sink.report(u"BPSM_SECTION_OVERLAP"_qs, spans[j].first, DiagnosticLocation::header(),
                            QStringLiteral("%1 [%2, %3) overlaps %4 [%5, %6)")
                                .arg(names[j], hex(spans[j].first), hex(spans[j].second), names[i], hex(spans[i].first),
                                     hex(spans[i].second)));
    if (h.indexDataOffset % 16 != 0 || h.vertexDataOffset % 4 != 0)
        sink.report(
            u"BPSM_MISALIGNED"_qs, bpsm::header::IndexDataOffset, DiagnosticLocation::header(),
            QStringLiteral("index_data_offset %1 (expected a multiple of 16), vertex_data_offset %2 (expected a multiple of 4)")
                .arg(h.indexDataOffset)
                .arg(h.vertexDataOffset));
    if (file.vertexDataInBounds() && *file.vertexDataEnd() < size)
        sink.report(
            u"BPSM_TRAILING_BYTES"_qs, *file.vertexDataEnd(), DiagnosticLocation::region(u"EOF"_qs),
            QStringLiteral("%1 bytes after the vertex data, expected the file to end there").arg(size - *file.vertexDataEnd()));
    // Padding between the string table and the index data must be zero.
    if (file.stringTableInBounds() && file.indexDataInBounds()) {
        const quint64 from = h.stringTableOffset + h.stringTableSize;
        for (quint64 o = from; o < h.indexDataOffset && o < from + 16; ++o)
            if (uchar(file.bytes()[qsizetype(o)]) != 0) {
                sink.report(u"BPSM_RESERVED_NONZERO"_qs, o, DiagnosticLocation::region(u"string_table"_qs, u"pad"_qs),
                            u"pad byte after the string table is not zero"_qs);
                break;
            }
    }
}

void checkClips(const BpsmFile &file, BpsmSink &sink)
{
    const BpsmHeader &h = file.header();
    quint64 running = 0;
    QSet<QString> seen;
    for (const BpsmClipInfo &c : file.clips()) {
        const DiagnosticLocation where = DiagnosticLocation::clipEntry(c.index);
        if (c.frameCount == 0)
            sink.report(u"BPSM_CLIP_EMPTY"_qs, c.entryOffset + bpsm::clip::FrameCount, where.with(u"frame_count"_qs),
                        u"frame_count is 0, expected >= 1"_qs);
        if (c.frameOffset != running)
            sink.report(
                u"BPSM_CLIP_NOT_CONTIGUOUS"_qs, c.entryOffset + bpsm::clip::FrameOffset, where.with(u"frame_offset"_qs),
                QStringLiteral("frame_offset %1, expected %2 (the sum of earlier frame counts)").arg(c.frameOffset).arg(running));
        running += c.frameCount;
        switch (c.nameStatus) {
        case NameStatus::OutOfStringTable:
            sink.report(u"BPSM_NAME_OUT_OF_STRING_TABLE"_qs, c.entryOffset, where.with(u"name_offset"_qs),
                        QStringLiteral("name at %1 + %2 + NUL exceeds string_table_size %3")
                            .arg(c.nameOffset)
                            .arg(c.nameLength)
                            .arg(h.stringTableSize));
            break;
        case NameStatus::NotTerminated:
            sink.report(u"BPSM_NAME_NOT_TERMINATED"_qs, h.stringTableOffset + c.nameOffset + c.nameLength, where.with(u"name"_qs),
                        u"the byte after the name is not NUL"_qs);
            break;
        case NameStatus::NotUtf8:
            sink.report(u"BPSM_NAME_NOT_UTF8"_qs, h.stringTableOffset + c.nameOffset, where.with(u"name"_qs),
                        u"name is not valid UTF-8"_qs);
            break;
        case NameStatus::Ok: break;
        }
        if (c.nameStatus == NameStatus::Ok) {
            if (seen.contains(c.name))
                sink.report(u"BPSM_DUPLICATE_CLIP_NAME"_qs, c.entryOffset, where.with(u"name"_qs),
                            QStringLiteral("clip name '%1' already used").arg(c.name));
            seen.insert(c.name);
        }
        if (std::any_of(c.reserved.begin(), c.reserved.end(), [](quint32 r) { return r != 0; }))
            sink.report(u"BPSM_RESERVED_NONZERO"_qs, c.entryOffset + bpsm::clip::Reserved, where.with(u"reserved"_qs),
                        u"reserved words are not zero"_qs);
    }
    if (file.clipTableInBounds() && running != h.frameTotal)
        sink.report(
            u"BPSM_FRAME_TOTAL_MISMATCH"_qs, bpsm::header::FrameTotal, DiagnosticLocation::header(u"frame_total"_qs),
            QStringLiteral("frame_total %1, expected %2 (the sum of the clips' frame counts)").arg(h.frameTotal).arg(running));
}

} // namespace

Diagnostics BpsmValidator::validate(const BpsmFile &file) const
{
    BpsmSink sink(m_maxPerCode);
    if (!file.hasHeader()) {
        sink.report(u"BPSM_FILE_TOO_SMALL"_qs, 0, DiagnosticLocation::header(),
                    QStringLiteral("%1 bytes, expected at least %2").arg(file.fileSize()).arg(bpsm::HeaderSize));
        return sink.finish();
    }
    if (!file.hasMagic()) {
        sink.report(u"BPSM_BAD_MAGIC"_qs, 0, DiagnosticLocation::header(u"magic"_qs), u"expected 'BPSM'"_qs);
        return sink.finish();
    }
    const BpsmHeader &h = file.header();
    if (h.version != bpsm::CurrentVersion)
        sink.report(u"BPSM_UNSUPPORTED_VERSION"_qs, bpsm::header::Version, DiagnosticLocation::header(u"version"_qs),
                    QStringLiteral("version %1, expected 1").arg(h.version));
    if (!Species::isKnown(h.speciesId))
        sink.report(u"BPSM_UNKNOWN_SPECIES"_qs, bpsm::header::SpeciesId, DiagnosticLocation::header(u"species_id"_qs),
                    QStringLiteral("species_id %1, expected 0..%2").arg(h.speciesId).arg(Species::lastId()));
    else if (!Species::inFirstV1Reader(h.speciesId))
        sink.report(u"BPSM_SPECIES_NOT_IN_V1"_qs, bpsm::header::SpeciesId, DiagnosticLocation::header(u"species_id"_qs),
                    QStringLiteral("species_id %1 (%2) came after v1 (%3)")
                        .arg(h.speciesId)
                        .arg(Species::nameOf(h.speciesId), Species::idRange(true)));
    if (h.clipCount == 0)
        sink.report(u"BPSM_NO_CLIPS"_qs, bpsm::header::ClipCount, DiagnosticLocation::header(u"clip_count"_qs),
                    u"clip_count is 0, expected >= 1"_qs);
    if (h.vertexCount == 0 || h.indexCount == 0)
        sink.report(u"BPSM_EMPTY_MESH"_qs, bpsm::header::VertexCount, DiagnosticLocation::header(u"vertex_count"_qs),
                    QStringLiteral("vertex_count %1, index_count %2, expected both >= 1").arg(h.vertexCount).arg(h.indexCount));
    if (h.indexCount % 3 != 0)
        sink.report(u"BPSM_INDEX_COUNT_NOT_TRIANGLES"_qs, bpsm::header::IndexCount, DiagnosticLocation::header(u"index_count"_qs),
                    QStringLiteral("index_count %1, expected a multiple of 3").arg(h.indexCount));
    if (h.reserved != 0)
        sink.report(u"BPSM_RESERVED_NONZERO"_qs, bpsm::header::Reserved, DiagnosticLocation::header(u"reserved"_qs),
                    QStringLiteral("reserved %1, expected 0").arg(h.reserved));
    checkSections(file, sink);
    checkClips(file, sink);
    BpsmContentCheck::run(file, sink, m_maxPerCode, m_threads);
    return sink.finish();
}

Diagnostics BpsmValidator::validatePath(const QString &path) const
{
    QString error;
    const auto file = BpsmFile::open(path, &error);
    if (!file)
        return {Diagnostic{u"BPSM_IO_ERROR"_qs, Severity::Error, error, std::nullopt, QString()}};
    // As Validator::validatePath: a file that shrinks while it is read reads as zeros, and the
    // result says so rather than crash on SIGBUS or judge the zeros.
    const MappingGuard guard(file->bytes().data(), qint64(file->fileSize()));
    Diagnostics all = validate(*file);
    if (guard.isStale())
        all.prepend({u"BPSM_FILE_CHANGED"_qs, Severity::Error,
                     QStringLiteral("the file shrank below its mapped %1 bytes while it was being validated; the "
                                    "findings below are unreliable: validate it again once it is written")
                         .arg(file->fileSize()),
                     std::nullopt, u"file"_qs});
    return all;
}

} // namespace bpat
