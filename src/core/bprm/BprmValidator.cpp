#include "bprm/BprmValidator.h"

#include "bpat/BpatFormat.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "bprm/BprmFormat.h"
#include "io/MappingGuard.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace bpat {

namespace fmt = bpat::format;

const QList<BprmCodeInfo> &BprmValidator::codes()
{
    using S = Severity;
    static const QList<BprmCodeInfo> list{
        {u"BPRM_IO_ERROR"_qs, S::Error,
         u"The file cannot be opened or mapped (missing, not a regular file, empty, unreadable)."_qs},
        {u"BPRM_FILE_CHANGED"_qs, S::Error,
         u"The file shrank while it was being validated: the other findings are unreliable; validate it again."_qs},
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
    for (const BprmCodeInfo &c : codes()) {
        if (c.code == code)
            return &c;
    }
    return nullptr;
}

BprmValidator::BprmValidator(int maxPerCode)
    : m_maxPerCode(std::max(1, maxPerCode))
{
}

namespace {

QString hex(quint64 v)
{
    return QStringLiteral("0x%1").arg(v, 0, 16);
}

// Keeps at most `max` findings of a code, counts the rest and sums them up at the end.
class Sink
{
public:
    explicit Sink(int max)
        : m_max(max)
    {
    }
    void report(const QString &code, std::optional<quint64> offset, const DiagnosticLocation &location, const QString &message)
    {
        if (++m_counts[code] > m_max)
            return;
        const BprmCodeInfo *info = BprmValidator::find(code);
        Q_ASSERT(info);
        m_out.append(Diagnostic{code, info ? info->severity : Severity::Error, message, offset, location});
    }
    Diagnostics finish()
    {
        for (const BprmCodeInfo &c : BprmValidator::codes()) { // in the codes' order: stable output
            const int n = m_counts.value(c.code);
            if (n > m_max)
                m_out.append(Diagnostic{c.code, c.severity,
                                        QStringLiteral("%1 more findings of this kind not listed").arg(n - m_max), std::nullopt,
                                        QString()});
        }
        return m_out;
    }

private:
    int m_max;
    QHash<QString, int> m_counts;
    Diagnostics m_out;
};

DiagnosticLocation vertexAt(quint32 v, const QString &field = QString())
{
    const DiagnosticLocation at(QStringLiteral("vertices[%1]").arg(v));
    return field.isEmpty() ? at : at.with(field);
}

void checkHeader(const BprmFile &file, Sink &sink)
{
    const BprmHeader &h = file.header();
    if (h.version != bprm::CurrentVersion)
        sink.report(u"BPRM_UNSUPPORTED_VERSION"_qs, bprm::header::Version, DiagnosticLocation::header(u"version"_qs),
                    QStringLiteral("version %1, expected 1").arg(h.version));
    if (h.lod != bprm::LodFull && h.lod != bprm::LodMinimal)
        sink.report(u"BPRM_UNKNOWN_LOD"_qs, bprm::header::Lod, DiagnosticLocation::header(u"lod"_qs),
                    QStringLiteral("lod %1, expected 0 (full) or 1 (minimal)").arg(h.lod));
    if (h.vertexCount == 0 || h.indexCount == 0)
        sink.report(u"BPRM_EMPTY_MESH"_qs, bprm::header::VertexCount, DiagnosticLocation::header(u"vertex_count"_qs),
                    QStringLiteral("vertex_count %1, index_count %2, expected both >= 1").arg(h.vertexCount).arg(h.indexCount));
    if (h.indexCount % 3 != 0)
        sink.report(u"BPRM_INDEX_COUNT_NOT_TRIANGLES"_qs, bprm::header::IndexCount, DiagnosticLocation::header(u"index_count"_qs),
                    QStringLiteral("index_count %1, expected a multiple of 3").arg(h.indexCount));
    if (h.reserved != 0)
        sink.report(u"BPRM_RESERVED_NONZERO"_qs, bprm::header::Reserved, DiagnosticLocation::header(u"reserved"_qs),
                    QStringLiteral("reserved %1, expected 0").arg(h.reserved));
}

void checkSections(const BprmFile &file, Sink &sink)
{
    const BprmHeader &h = file.header();
    const quint64 size = file.fileSize();
    struct Section
    {
        QString name;
        quint64 begin;
        std::optional<quint64> end;
        bool inBounds;
        QString code;
        quint64 field;
    };
    const Section sections[] = {
        {u"index data"_qs, h.indexDataOffset, file.indexDataEnd(), file.indexDataInBounds(), u"BPRM_INDEX_DATA_OUT_OF_BOUNDS"_qs,
         bprm::header::IndexDataOffset},
        {u"vertex data"_qs, h.vertexDataOffset, file.vertexDataEnd(), file.vertexDataInBounds(),
         u"BPRM_VERTEX_DATA_OUT_OF_BOUNDS"_qs, bprm::header::VertexDataOffset},
    };
    for (const Section &s : sections) {
        if (!s.inBounds)
            sink.report(s.code, s.field,
                        DiagnosticLocation::header(s.field == bprm::header::IndexDataOffset ? u"index_data_offset"_qs
                                                                                            : u"vertex_data_offset"_qs),
                        s.end ? QStringLiteral("%1 spans [%2, %3), expected within the file's %4 bytes")
                                    .arg(s.name, hex(s.begin), hex(*s.end))
                                    .arg(size)
                              : QStringLiteral("%1 at %2: its end overflows 64 bits").arg(s.name, hex(s.begin)));
    }
    // Overlap between the header and the sections that lie in the file.
    QList<std::pair<quint64, quint64>> spans{{0, bprm::HeaderSize}};
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
                sink.report(u"BPRM_SECTION_OVERLAP"_qs, spans[j].first, DiagnosticLocation::region(names[j]),
                            QStringLiteral("%1 [%2, %3) overlaps %4 [%5, %6)")
                                .arg(names[j], hex(spans[j].first), hex(spans[j].second), names[i], hex(spans[i].first),
                                     hex(spans[i].second)));
    if (h.indexDataOffset % bprm::DataAlignment != 0 || h.vertexDataOffset % bprm::DataAlignment != 0)
        sink.report(u"BPRM_MISALIGNED"_qs, bprm::header::IndexDataOffset, DiagnosticLocation::header(u"index_data_offset"_qs),
                    QStringLiteral("index_data_offset %1, vertex_data_offset %2: expected multiples of 16")
                        .arg(h.indexDataOffset)
                        .arg(h.vertexDataOffset));
    if (!file.indexDataInBounds() || !file.vertexDataInBounds())
        return;
    // What follows the header and each block up to the next one (the writer's zero padding),
    // and what follows the last block.
    const quint64 indexEnd = *file.indexDataEnd(), vertexEnd = *file.vertexDataEnd();
    const quint64 end = std::max(indexEnd, vertexEnd);
    const uchar *bytes = reinterpret_cast<const uchar *>(file.bytes().data());
    const std::pair<quint64, quint64> gaps[] = {
        {bprm::HeaderSize, std::min(h.indexDataOffset, h.vertexDataOffset)},
        {indexEnd, h.vertexDataOffset > indexEnd ? h.vertexDataOffset : indexEnd},
        {vertexEnd, h.indexDataOffset > vertexEnd ? h.indexDataOffset : vertexEnd},
    };
    for (const auto &[from, to] : gaps) {
        // Padding is at most 15 bytes; a longer gap is looked at up to that many (never a
        // scan sized by a field).
        for (quint64 o = from; o < to && o < from + bprm::DataAlignment; ++o) {
            if (bytes[o] != 0) {
                sink.report(u"BPRM_RESERVED_NONZERO"_qs, o, DiagnosticLocation::region(u"padding"_qs),
                            QStringLiteral("padding byte at %1 is %2, expected 0").arg(hex(o)).arg(bytes[o]));
                break;
            }
        }
    }
    if (end < size)
        sink.report(u"BPRM_TRAILING_BYTES"_qs, end, DiagnosticLocation::region(u"EOF"_qs),
                    QStringLiteral("%1 bytes after the last data block, expected the file to end there").arg(size - end));
}

void checkIndices(const BprmFile &file, Sink &sink, quint64 *zeroArea)
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

void checkVertices(const BprmFile &file, const BprmRig &rig, Sink &sink)
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
    Sink sink(m_maxPerCode);
    if (!file.hasHeader()) {
        sink.report(u"BPRM_FILE_TOO_SMALL"_qs, 0, DiagnosticLocation::header(),
                    QStringLiteral("%1 bytes, expected at least %2").arg(file.fileSize()).arg(bprm::HeaderSize));
        return sink.finish();
    }
    if (!file.hasMagic()) {
        sink.report(u"BPRM_BAD_MAGIC"_qs, 0, DiagnosticLocation::header(u"magic"_qs), u"expected 'BPRM'"_qs);
        return sink.finish();
    }
    checkHeader(file, sink);
    checkSections(file, sink);
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
    QString error;
    const auto file = BprmFile::open(path, &error);
    if (!file)
        return {Diagnostic{u"BPRM_IO_ERROR"_qs, Severity::Error, error, std::nullopt, QString()}};
    const BodyFiles::PairedRig paired = BodyFiles::pairedRig(path);
    // As Validator::validatePath: a file that shrinks while it is read reads as zeros, and the
    // result says so rather than crash on SIGBUS or judge the zeros.
    const MappingGuard guard(file->bytes().data(), qint64(file->fileSize()));
    Diagnostics all = validate(*file, BprmRig{paired.boneCount, paired.source});
    if (guard.isStale())
        all.prepend({u"BPRM_FILE_CHANGED"_qs, Severity::Error,
                     QStringLiteral("the file shrank below its mapped %1 bytes while it was being validated; the "
                                    "findings below are unreliable: validate it again once it is written")
                         .arg(file->fileSize()),
                     std::nullopt, u"file"_qs});
    return all;
}

} // namespace bpat
