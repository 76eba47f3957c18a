#include "bpsm/BpsmValidator.h"

#include "bpat/BpatFormat.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmFormat.h"

#include "bpsm/BpsmContentCheck.h"
#include "sections/SectionChecks.h"
#include "species/Species.h"

#include <QSet>
#include <algorithm>

namespace bpat {

namespace fmt = bpat::format;

namespace {
QString kind()
{
    return u"BPSM"_qs;
}
} // namespace

const QList<BpsmCodeInfo> &BpsmValidator::codes()
{
    using S = Severity;
    static const QList<BpsmCodeInfo> list{
        SectionChecks::ioErrorCode(kind()),
        SectionChecks::fileChangedCode(kind()),
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
    return FormatCodeInfo::find(codes(), code);
}

BpsmValidator::BpsmValidator(int maxPerCode, int threads)
    : m_maxPerCode(std::max(1, maxPerCode))
    , m_threads(threads)
{
}

namespace {

PlacedSection placed(const QString &name, const SectionBounds &bounds, const QString &code)
{
    return {name, bounds, code, bounds.offset, DiagnosticLocation::header(), DiagnosticLocation::header()};
}

void checkSections(const BpsmFile &file, FindingSink &sink, SectionChecks &checks)
{
    const BpsmHeader &h = file.header();
    const quint64 size = file.fileSize();
    const QList<PlacedSection> sections{
        placed(u"clip table"_qs,
               SectionBounds::of(h.clipTableOffset, fmt::checkedEnd(h.clipTableOffset, h.clipCount, bpsm::ClipEntrySize), size),
               u"BPSM_CLIP_TABLE_OUT_OF_BOUNDS"_qs),
        placed(u"string table"_qs,
               SectionBounds::of(h.stringTableOffset, fmt::checkedEnd(h.stringTableOffset, h.stringTableSize, 1), size),
               u"BPSM_STRING_TABLE_OUT_OF_BOUNDS"_qs),
        placed(u"index data"_qs, SectionBounds::of(h.indexDataOffset, file.indexDataEnd(), size),
               u"BPSM_INDEX_DATA_OUT_OF_BOUNDS"_qs),
        placed(u"vertex data"_qs, SectionBounds::of(h.vertexDataOffset, file.vertexDataEnd(), size),
               u"BPSM_VERTEX_DATA_OUT_OF_BOUNDS"_qs),
    };
    checks.bounds(sections, size, u"size"_qs);
    checks.overlaps(bpsm::HeaderSize, sections);
    if (h.indexDataOffset % 16 != 0 || h.vertexDataOffset % 4 != 0)
        sink.report(
            u"BPSM_MISALIGNED"_qs, bpsm::header::IndexDataOffset, DiagnosticLocation::header(),
            QStringLiteral("index_data_offset %1 (expected a multiple of 16), vertex_data_offset %2 (expected a multiple of 4)")
                .arg(h.indexDataOffset)
                .arg(h.vertexDataOffset));
    if (file.vertexDataInBounds())
        checks.trailing(*file.vertexDataEnd(), size, u"the vertex data"_qs);
    // Padding between the string table and the index data must be zero.
    if (file.stringTableInBounds() && file.indexDataInBounds()) {
        const quint64 from = h.stringTableOffset + h.stringTableSize;
        if (const auto o = SectionChecks::firstNonZero(file.bytes(), from, h.indexDataOffset, bpsm::StringTableAlignment))
            sink.report(u"BPSM_RESERVED_NONZERO"_qs, *o, DiagnosticLocation::region(u"string_table"_qs, u"pad"_qs),
                        u"pad byte after the string table is not zero"_qs);
    }
}

void checkClips(const BpsmFile &file, FindingSink &sink)
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
    FindingSink sink(m_maxPerCode, codes());
    SectionChecks checks(sink, kind());
    if (!checks.headerReadable(file, bpsm::HeaderSize))
        return sink.finish();
    const BpsmHeader &h = file.header();
    checks.version(h.version, bpsm::CurrentVersion, bpsm::header::Version);
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
    checks.triangleMesh(h.vertexCount, bpsm::header::VertexCount, h.indexCount, bpsm::header::IndexCount);
    checks.reserved(h.reserved, bpsm::header::Reserved);
    checkSections(file, sink, checks);
    checkClips(file, sink);
    BpsmContentCheck::run(file, sink, m_maxPerCode, m_threads);
    return sink.finish();
}

Diagnostics BpsmValidator::validatePath(const QString &path) const
{
    return SectionChecks::validatePath<BpsmFile>(kind(), path, [this](const BpsmFile &file) { return validate(file); });
}

} // namespace bpat
