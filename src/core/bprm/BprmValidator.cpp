#include "bprm/BprmValidator.h"

#include "bpat/BpatFormat.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "bprm/BprmFormat.h"
#include "diagnostics/HexText.h"
#include "sections/SectionChecks.h"

#include <algorithm>
#include <cmath>

namespace bpat {

namespace fmt = bpat::format;

namespace {
QString kind()
{
    return u"BPRM"_qs;
}
} // namespace

const QList<BprmCodeInfo> &BprmValidator::codes()
{
    using S = Severity;
    static const QList<BprmCodeInfo> list{
        SectionChecks::ioErrorCode(kind()),
        SectionChecks::fileChangedCode(kind()),
        {u"BPRM_FILE_TOO_SMALL"_qs, S::Error, u"Shorter than the 40-byte header (the game: `file shorter than header`)."_qs},
        {u"BPRM_BAD_MAGIC"_qs, S::Error, u"The first four bytes are not `BPRM` (the game: `magic mismatch`)."_qs},
        {u"BPRM_UNSUPPORTED_VERSION"_qs, S::Error, u"version is not 1 (the game: `unsupported version`)."_qs},
        {u"BPRM_UNKNOWN_LOD"_qs, S::Error, u"lod is neither 0 (full) nor 1 (minimal) (the game: `unsupported lod`)."_qs},
        {u"BPRM_EMPTY_MESH"_qs, S::Error, u"vertex_count or index_count is 0 (the game: `mesh is empty`)."_qs},
        {u"BPRM_INDEX_COUNT_NOT_TRIANGLES"_qs, S::Error,
         u"index_count is not a multiple of 3 (the game: `index count is not a whole number of triangles`)."_qs},
        {u"BPRM_INDEX_DATA_OUT_OF_BOUNDS"_qs, S::Error,
         u"The index data (index_count * 4 bytes) does not fit in the file, or its end overflows 64 bits (the game: `data extends past end of file`)."_qs},
        {u"BPRM_VERTEX_DATA_OUT_OF_BOUNDS"_qs, S::Error,
         u"The vertex data (vertex_count * 56 bytes) does not fit in the file, or its end overflows 64 bits (the game: `data extends past end of file`)."_qs},
        {u"BPRM_SECTION_OVERLAP"_qs, S::Error, u"Two of header, index data and vertex data overlap."_qs},
        {u"BPRM_INDEX_OUT_OF_RANGE"_qs, S::Error, u"A triangle index is >= vertex_count (the game: `index out of range`)."_qs},
        {u"BPRM_NON_FINITE"_qs, S::Error, u"A vertex position, normal, uv or weight is NaN or infinite."_qs},
        {u"BPRM_BAD_WEIGHTS"_qs, S::Error,
         u"A vertex's bone weights are negative or do not sum to 1 (within 1e-3): skinned, it would shrink toward or away from the origin."_qs},
        {u"BPRM_BONE_OUT_OF_RANGE"_qs, S::Error,
         u"An influence with a weight other than 0 names a bone the paired rig does not have (or one >= 64, the game's limit)."_qs},
        {u"BPRM_UNUSED_BONE_OUT_OF_RANGE"_qs, S::Warning,
         u"An influence with weight 0 names a bone the rig does not have: the game's shader still fetches that palette matrix."_qs},
        {u"BPRM_NORMAL_NOT_UNIT"_qs, S::Warning, u"A vertex normal's length differs from 1 by more than 1e-3."_qs},
        {u"BPRM_DEGENERATE_TRIANGLE"_qs, S::Warning,
         u"Two corners of a triangle are the same vertex index: it covers nothing."_qs},
        {u"BPRM_RESERVED_NONZERO"_qs, S::Warning,
         u"The header's reserved field, a padding byte before a data block, or a vertex's pad bytes are not zero."_qs},
        {u"BPRM_MISALIGNED"_qs, S::Warning,
         u"index_data_offset or vertex_data_offset is not a multiple of 16 (the game's writer aligns both)."_qs},
        {u"BPRM_TRAILING_BYTES"_qs, S::Warning, u"Bytes follow the end of the last data block."_qs},
        {u"BPRM_ZERO_AREA_TRIANGLES"_qs, S::Info,
         u"Triangles with three distinct vertices at (nearly) one point or on one line, such as the poles of the game's UV spheres: harmless, reported once with their count."_qs},
        {u"BPRM_RIG_UNKNOWN"_qs, S::Info,
         u"No rig could be paired with the body (no BPAT of its species beside it, a name that names no species): bone indices were checked against the game's 64-bone limit only."_qs},
    };
    return list;
}

const BprmCodeInfo *BprmValidator::find(const QString &code)
{
    return FormatCodeInfo::find(codes(), code);
}

BprmValidator::BprmValidator(int maxPerCode)
    : m_maxPerCode(std::max(1, maxPerCode))
{
}

namespace {

DiagnosticLocation vertexAt(quint32 v, const QString &field = QString())
{
    const DiagnosticLocation at(QStringLiteral("vertices[%1]").arg(v));
    return field.isEmpty() ? at : at.with(field);
}

void checkHeader(const BprmFile &file, FindingSink &sink, SectionChecks &checks)
{
    const BprmHeader &h = file.header();
    checks.version(h.version, bprm::CurrentVersion, bprm::header::Version);
    if (h.lod != bprm::LodFull && h.lod != bprm::LodMinimal)
        sink.report(u"BPRM_UNKNOWN_LOD"_qs, bprm::header::Lod, DiagnosticLocation::header(u"lod"_qs),
                    QStringLiteral("lod %1, expected 0 (full) or 1 (minimal)").arg(h.lod));
    checks.triangleMesh(h.vertexCount, bprm::header::VertexCount, h.indexCount, bprm::header::IndexCount);
    checks.reserved(h.reserved, bprm::header::Reserved);
}

PlacedSection placed(const QString &name, const SectionBounds &bounds, const QString &code, quint64 field,
                     const QString &fieldName)
{
    return {name, bounds, code, field, DiagnosticLocation::header(fieldName), DiagnosticLocation::region(name)};
}

void checkSections(const BprmFile &file, FindingSink &sink, SectionChecks &checks)
{
    const BprmHeader &h = file.header();
    const quint64 size = file.fileSize();
    const QList<PlacedSection> sections{
        placed(u"index data"_qs, SectionBounds::of(h.indexDataOffset, file.indexDataEnd(), size),
               u"BPRM_INDEX_DATA_OUT_OF_BOUNDS"_qs, bprm::header::IndexDataOffset, u"index_data_offset"_qs),
        placed(u"vertex data"_qs, SectionBounds::of(h.vertexDataOffset, file.vertexDataEnd(), size),
               u"BPRM_VERTEX_DATA_OUT_OF_BOUNDS"_qs, bprm::header::VertexDataOffset, u"vertex_data_offset"_qs),
    };
    checks.bounds(sections, size, u"end"_qs);
    checks.overlaps(bprm::HeaderSize, sections);
    if (h.indexDataOffset % bprm::DataAlignment != 0 || h.vertexDataOffset % bprm::DataAlignment != 0)
        sink.report(u"BPRM_MISALIGNED"_qs, bprm::header::IndexDataOffset, DiagnosticLocation::header(u"index_data_offset"_qs),
                    QStringLiteral("index_data_offset %1, vertex_data_offset %2: expected multiples of 16")
                        .arg(h.indexDataOffset)
                        .arg(h.vertexDataOffset));
    if (!file.indexDataInBounds() || !file.vertexDataInBounds())
        return;
    // What follows the header and each block up to the next one (the writer's zero padding,
    // at most 15 bytes: a longer gap is looked at up to that many), and what follows the last.
    const quint64 indexEnd = *file.indexDataEnd(), vertexEnd = *file.vertexDataEnd();
    const std::pair<quint64, quint64> gaps[] = {
        {bprm::HeaderSize, std::min(h.indexDataOffset, h.vertexDataOffset)},
        {indexEnd, h.vertexDataOffset > indexEnd ? h.vertexDataOffset : indexEnd},
        {vertexEnd, h.indexDataOffset > vertexEnd ? h.indexDataOffset : vertexEnd},
    };
    for (const auto &[from, to] : gaps) {
        if (const auto o = SectionChecks::firstNonZero(file.bytes(), from, to, bprm::DataAlignment))
            sink.report(
                u"BPRM_RESERVED_NONZERO"_qs, *o, DiagnosticLocation::region(u"padding"_qs),
                QStringLiteral("padding byte at %1 is %2, expected 0").arg(hex(*o)).arg(uchar(file.bytes()[qsizetype(*o)])));
    }
    checks.trailing(std::max(indexEnd, vertexEnd), size, u"the last data block"_qs);
}

void checkIndices(const BprmFile &file, FindingSink &sink, quint64 *zeroArea)
{
    const BprmHeader &h = file.header();
    if (!file.indexDataInBounds())
        return;
    const uchar *indices = file.indexData();
    for (quint32 i = 0; i < h.indexCount; ++i) {
        const quint32 index = fmt::readU32(indices + quint64(i) * bprm::IndexSize);
        if (Q_UNLIKELY(index >= h.vertexCount))
            sink.report(u"BPRM_INDEX_OUT_OF_RANGE"_qs, h.indexDataOffset + quint64(i) * bprm::IndexSize,
                        QStringLiteral("indices[%1]").arg(i),
                        QStringLiteral("index %1, expected < vertex_count %2").arg(index).arg(h.vertexCount));
    }
    const bool positions = file.vertexDataInBounds();
    for (quint32 t = 0; t + 3 <= h.indexCount; t += 3) {
        quint32 c[3];
        for (int k = 0; k < 3; ++k)
            c[k] = fmt::readU32(indices + quint64(t + k) * bprm::IndexSize);
        if (c[0] == c[1] || c[1] == c[2] || c[0] == c[2]) {
            sink.report(u"BPRM_DEGENERATE_TRIANGLE"_qs, h.indexDataOffset + quint64(t) * bprm::IndexSize,
                        QStringLiteral("triangles[%1]").arg(t / 3),
                        QStringLiteral("corners %1, %2, %3: a vertex repeats").arg(c[0]).arg(c[1]).arg(c[2]));
            continue;
        }
        if (!positions || c[0] >= h.vertexCount || c[1] >= h.vertexCount || c[2] >= h.vertexCount)
            continue;
        // Zero area relative to the triangle's size: |e1 x e2| against its longest edge squared,
        // in double (the corners are finite floats, or the vertex check reports them).
        QVector3D p[3];
        for (int k = 0; k < 3; ++k) {
            const CreatureVertex v = *file.vertex(c[k]);
            p[k] = QVector3D(v.position[0], v.position[1], v.position[2]);
        }
        const double e1[3] = {double(p[1].x()) - p[0].x(), double(p[1].y()) - p[0].y(), double(p[1].z()) - p[0].z()};
        const double e2[3] = {double(p[2].x()) - p[0].x(), double(p[2].y()) - p[0].y(), double(p[2].z()) - p[0].z()};
        const double e3[3] = {e2[0] - e1[0], e2[1] - e1[1], e2[2] - e1[2]};
        const double cross[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]};
        const auto len2 = [](const double *v) { return v[0] * v[0] + v[1] * v[1] + v[2] * v[2]; };
        const double longest = std::max({len2(e1), len2(e2), len2(e3)});
        if (std::sqrt(len2(cross)) <= 1e-6 * longest)
            ++*zeroArea;
    }
}

void checkVertices(const BprmFile &file, const BprmRig &rig, FindingSink &sink)
{
    const BprmHeader &h = file.header();
    if (!file.vertexDataInBounds())
        return;
    const int limit = rig.boneCount > 0 ? std::min(rig.boneCount, bprm::MaxBones) : bprm::MaxBones;
    const QString against = rig.boneCount > 0 ? rig.source : QStringLiteral("the game's 64-bone limit");
    for (quint32 i = 0; i < h.vertexCount; ++i) {
        const CreatureVertex v = *file.vertex(i);
        const quint64 at = *file.vertexOffset(i);
        bool finite = true;
        for (int k = 0; k < 3; ++k)
            finite = finite && std::isfinite(v.position[k]) && std::isfinite(v.normal[k]);
        finite = finite && std::isfinite(v.uv[0]) && std::isfinite(v.uv[1]);
        for (float w : v.weights)
            finite = finite && std::isfinite(w);
        if (!finite) {
            sink.report(u"BPRM_NON_FINITE"_qs, at, vertexAt(i), u"a position, normal, uv or weight float is NaN or infinite"_qs);
        } else {
            const double length = std::sqrt(double(v.normal[0]) * v.normal[0] + double(v.normal[1]) * v.normal[1]
                                            + double(v.normal[2]) * v.normal[2]);
            if (std::abs(length - 1.0) > double(BprmValidator::NormalTolerance))
                sink.report(u"BPRM_NORMAL_NOT_UNIT"_qs, at + bprm::vertex::Normal, vertexAt(i, u"normal"_qs),
                            QStringLiteral("normal (%1, %2, %3) has length %4, expected 1")
                                .arg(v.normal[0])
                                .arg(v.normal[1])
                                .arg(v.normal[2])
                                .arg(length));
            double sum = 0;
            bool negative = false;
            for (float w : v.weights) {
                sum += w;
                negative = negative || w < 0.0f;
            }
            if (negative || std::abs(sum - 1.0) > double(BprmValidator::WeightTolerance))
                sink.report(u"BPRM_BAD_WEIGHTS"_qs, at + bprm::vertex::Weights, vertexAt(i, u"bone_weights"_qs),
                            QStringLiteral("weights %1, %2, %3, %4 sum to %5, expected 1 with none negative")
                                .arg(v.weights[0])
                                .arg(v.weights[1])
                                .arg(v.weights[2])
                                .arg(v.weights[3])
                                .arg(sum));
        }
        for (int k = 0; k < 4; ++k) {
            if (v.bones[k] < limit)
                continue;
            const bool weighted = v.weights[k] != 0.0f;
            sink.report(weighted ? u"BPRM_BONE_OUT_OF_RANGE"_qs : u"BPRM_UNUSED_BONE_OUT_OF_RANGE"_qs,
                        at + bprm::vertex::Bones + k, vertexAt(i, QStringLiteral("bone_indices[%1]").arg(k)),
                        QStringLiteral("bone %1 (weight %2), expected < %3: %4")
                            .arg(v.bones[k])
                            .arg(v.weights[k])
                            .arg(limit)
                            .arg(against));
        }
        if (v.pad[0] || v.pad[1] || v.pad[2])
            sink.report(u"BPRM_RESERVED_NONZERO"_qs, at + bprm::vertex::Pad, vertexAt(i, u"pad"_qs),
                        u"pad bytes are not zero"_qs);
    }
}

} // namespace

Diagnostics BprmValidator::validate(const BprmFile &file, const BprmRig &rig) const
{
    FindingSink sink(m_maxPerCode, codes());
    SectionChecks checks(sink, kind());
    if (!checks.headerReadable(file, bprm::HeaderSize))
        return sink.finish();
    checkHeader(file, sink, checks);
    checkSections(file, sink, checks);
    quint64 zeroArea = 0;
    checkIndices(file, sink, &zeroArea);
    checkVertices(file, rig, sink);
    if (zeroArea > 0)
        sink.report(u"BPRM_ZERO_AREA_TRIANGLES"_qs, std::nullopt, DiagnosticLocation::region(u"indices"_qs),
                    QStringLiteral("%1 of %2 triangles have three distinct corners at (nearly) one point or on one line")
                        .arg(zeroArea)
                        .arg(file.header().indexCount / 3));
    if (rig.boneCount <= 0)
        sink.report(u"BPRM_RIG_UNKNOWN"_qs, std::nullopt, DiagnosticLocation::region(u"file"_qs),
                    u"no rig paired with this body (a BPAT of its species beside it, or a name like horse_full.bprm): "
                    u"bone indices were checked against the game's 64-bone limit only"_qs);
    return sink.finish();
}

Diagnostics BprmValidator::validatePath(const QString &path) const
{
    return SectionChecks::validatePath<BprmFile>(kind(), path, [&](const BprmFile &file) {
        const BodyFiles::PairedRig paired = BodyFiles::pairedRig(path);
        return validate(file, BprmRig{paired.boneCount, paired.source});
    });
}

} // namespace bpat
