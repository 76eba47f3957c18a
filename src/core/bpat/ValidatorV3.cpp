// The Validator's checks of what BPAT v2 and v3 added: the v3 extension header and the blocks it
// places (contact table, bind palette, bone parents), the dialect, clip markers, flags and
// variants (../shared/specs/bpat-versions.md).
#include "bpat/Validator.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "diagnostics/HexText.h"

#include <cmath>

namespace bpat {

namespace fmt = bpat::format;
using namespace codes;

namespace {

bool finite(const float *v, int n)
{
    for (int i = 0; i < n; ++i) {
        if (!std::isfinite(v[i]))
            return false;
    }
    return true;
}

} // namespace

bool Validator::v3BlocksInside(const BpatFile &file)
{
    const BpatV3Extension &x = file.v3Extension();
    if (x.contactEntryCount != 0 && !file.contactTableInBounds())
        return false;
    if (file.dialect() != fmt::Dialect::V3Late)
        return true;
    return (x.bindPaletteOffset == 0 || file.bindPaletteInBounds()) && (x.boneParentOffset == 0 || file.boneParentsInBounds());
}

void Validator::checkV3Extension(const BpatFile &file, DiagnosticSink &sink) const
{
    const BpatHeader &h = file.header();
    if (!file.hasV3Extension()) {
        sink.report(
            V3_EXTENSION_TRUNCATED, fmt::HeaderSize, DiagnosticLocation::extension(),
            QStringLiteral("file is %1 bytes, expected at least 96 (header and the 32-byte v3 extension)").arg(file.fileSize()));
        return;
    }
    const BpatV3Extension &x = file.v3Extension();
    const bool late = file.dialect() == fmt::Dialect::V3Late;
    QString how;
    if (!late)
        how = QStringLiteral(
            "early v3: bind_palette_offset and bone_parent_offset are 0 and the palette holds row-major global matrices");
    else if (file.dialectFromPalette())
        how = QStringLiteral(
            "late v3 without bind palette or parents: bytes 80..95 are 0 but the palette holds column-major matrices");
    else
        how =
            QStringLiteral(
                "late v3: bind palette at %1, bone parents at %2; the palette holds column-major skinning matrices (global = skin x bind)")
                .arg(x.bindPaletteOffset)
                .arg(x.boneParentOffset);
    sink.report(V3_DIALECT, fmt::ext::BindPaletteOffset, DiagnosticLocation::extension(), how);

    if (x.reserved0 != 0) {
        sink.report(RESERVED_NONZERO, fmt::ext::Reserved0, DiagnosticLocation::extension(QStringLiteral("reserved0")),
                    QStringLiteral("reserved0 is %1, expected 0").arg(hex(x.reserved0)));
    }
    if (x.contactEntryCount != 0) {
        if (x.contactEntryCount != h.frameTotal) {
            sink.report(CONTACT_COUNT_MISMATCH, fmt::ext::ContactEntryCount,
                        DiagnosticLocation::extension(QStringLiteral("contact_entry_count")),
                        QStringLiteral("contact_entry_count is %1, expected 0 or frame_total %2 (one record per frame)")
                            .arg(x.contactEntryCount)
                            .arg(h.frameTotal));
        }
        const quint64 bytes = quint64(x.contactEntryCount) * fmt::ContactRecordSize;
        if (!fmt::rangeInside(x.contactDataOffset, bytes, file.fileSize())) {
            sink.report(CONTACT_TABLE_OUT_OF_BOUNDS, fmt::ext::ContactDataOffset,
                        DiagnosticLocation::extension(QStringLiteral("contact_data_offset")),
                        QStringLiteral("contact table (%1 records * 8 = %2 bytes at offset %3) exceeds the file size %4")
                            .arg(x.contactEntryCount)
                            .arg(bytes)
                            .arg(x.contactDataOffset)
                            .arg(file.fileSize()));
        }
        if (x.contactDataOffset == 0) {
            sink.report(
                CONTACT_OFFSET_ZERO, fmt::ext::ContactDataOffset,
                DiagnosticLocation::extension(QStringLiteral("contact_data_offset")),
                QStringLiteral("contact_entry_count is %1 but contact_data_offset is 0, expected the offset of the records")
                    .arg(x.contactEntryCount));
        }
    }
    if (!late)
        return;
    if ((x.bindPaletteOffset == 0) != (x.boneParentOffset == 0)) {
        sink.report(DIALECT_MISMATCH, x.bindPaletteOffset == 0 ? fmt::ext::BindPaletteOffset : fmt::ext::BoneParentOffset,
                    DiagnosticLocation::extension(x.bindPaletteOffset == 0 ? QStringLiteral("bind_palette_offset")
                                                                           : QStringLiteral("bone_parent_offset")),
                    QStringLiteral("bind_palette_offset is %1 but bone_parent_offset is %2: late v3 has both, early v3 neither")
                        .arg(x.bindPaletteOffset)
                        .arg(x.boneParentOffset));
    }
    const bool bonesOk = h.boneCount >= fmt::MinBones && h.boneCount <= fmt::MaxBones;
    if (x.bindPaletteOffset != 0 && bonesOk && !file.bindPaletteInBounds()) {
        sink.report(BIND_PALETTE_OUT_OF_BOUNDS, fmt::ext::BindPaletteOffset,
                    DiagnosticLocation::extension(QStringLiteral("bind_palette_offset")),
                    QStringLiteral("bind palette (bone_count %1 * 64 = %2 bytes at offset %3) exceeds the file size %4")
                        .arg(h.boneCount)
                        .arg(quint64(h.boneCount) * 64)
                        .arg(x.bindPaletteOffset)
                        .arg(file.fileSize()));
    }
    if (x.boneParentOffset != 0 && bonesOk && !file.boneParentsInBounds()) {
        sink.report(BONE_PARENT_TABLE_OUT_OF_BOUNDS, fmt::ext::BoneParentOffset,
                    DiagnosticLocation::extension(QStringLiteral("bone_parent_offset")),
                    QStringLiteral("bone parent table (%1 bytes at offset %2) exceeds the file size %3")
                        .arg(h.boneCount)
                        .arg(x.boneParentOffset)
                        .arg(file.fileSize()));
    }
    const QList<quint8> &parents = file.boneParents();
    for (qsizetype b = 0; b < parents.size(); ++b) {
        const quint8 parent = parents.at(b);
        if (parent != fmt::NoParentBone && parent >= b) {
            sink.report(
                BONE_PARENT_ORDER, x.boneParentOffset + quint64(b), DiagnosticLocation::boneParent(int(b)),
                QStringLiteral("parent of bone %1 is %2, expected 0xFF (root) or a bone index below %1").arg(b).arg(parent));
        }
    }
    for (quint32 b = 0; file.bindPaletteInBounds() && b < h.boneCount; ++b) {
        const auto m = *file.bindFloats(b);
        const quint64 at = x.bindPaletteOffset + quint64(b) * fmt::MatrixSize;
        const DiagnosticLocation where = DiagnosticLocation::bindPalette(int(b));
        if (!finite(m.data(), 16)) {
            sink.report(BIND_MATRIX_INVALID, at, where,
                        QStringLiteral("bind matrix holds NaN or infinity, expected finite numbers"));
            continue;
        }
        if (m[3] != 0.0f || m[7] != 0.0f || m[11] != 0.0f || m[15] != 1.0f) {
            sink.report(BIND_MATRIX_INVALID, at, where,
                        QStringLiteral("floats 3, 7, 11, 15 are %1 %2 %3 %4, expected 0 0 0 1 (an affine column-major matrix)")
                            .arg(double(m[3]))
                            .arg(double(m[7]))
                            .arg(double(m[11]))
                            .arg(double(m[15])));
            continue;
        }
        // Column-major upper 3x3: element (r, c) is m[c*4 + r]; the determinant is the same
        // for the transpose.
        const double det = double(m[0]) * (double(m[5]) * m[10] - double(m[6]) * m[9])
            - double(m[1]) * (double(m[4]) * m[10] - double(m[6]) * m[8])
            + double(m[2]) * (double(m[4]) * m[9] - double(m[5]) * m[8]);
        if (std::abs(det) < m_options.degenerateDeterminant) {
            sink.report(BIND_MATRIX_INVALID, at, where,
                        QStringLiteral("determinant of the upper 3x3 is %1, expected an invertible matrix (|det| >= %2)")
                            .arg(det, 0, 'g', 6)
                            .arg(m_options.degenerateDeterminant, 0, 'g', 3));
        }
    }
}

void Validator::checkClipExtras(const BpatFile &file, DiagnosticSink &sink) const
{
    if (!file.clipTableInBounds())
        return;
    const QList<BpatClipInfo> &clips = file.clips();
    const bool v3 = file.header().version == 3;
    for (const BpatClipInfo &c : clips) {
        const DiagnosticLocation at = DiagnosticLocation::clipEntry(c.index);
        const quint64 e = c.entryOffset;
        const quint64 markers = v3 ? fmt::clip::V3Markers : fmt::clip::V2Markers;
        for (int k = 0; k < fmt::MarkerCount; ++k) {
            const float v = c.markers[k];
            if (v == -1.0f || (v >= 0.0f && v <= 1.0f))
                continue;
            sink.report(MARKER_OUT_OF_RANGE, e + markers + 4 * quint64(k),
                        at.with(QStringLiteral("markers.%1").arg(QLatin1String(fmt::MarkerKeys[k]))),
                        QStringLiteral("marker %1 is %2, expected -1 (unset) or a phase in [0, 1]")
                            .arg(QLatin1String(fmt::MarkerKeys[k]))
                            .arg(double(v)));
        }
        if (!v3)
            continue;
        if (c.pad[0] != 0) {
            sink.report(RESERVED_NONZERO, e + fmt::clip::V3Pad, at.with(QStringLiteral("pad")),
                        QStringLiteral("pad byte is %1, expected 0").arg(hex(c.pad[0])));
        }
        if (c.v3Reserved != 0) {
            sink.report(RESERVED_NONZERO, e + fmt::clip::V3Reserved, at.with(QStringLiteral("reserved")),
                        QStringLiteral("reserved u16 is %1, expected 0").arg(hex(c.v3Reserved)));
        }
        if ((c.flags & ~fmt::ClipFlagSuppliesGroundContact) != 0) {
            sink.report(
                UNKNOWN_CLIP_FLAGS, e + fmt::clip::V3Flags, at.with(QStringLiteral("flags")),
                QStringLiteral("flags is %1, expected only bit 0 (supplies_ground_contact) to be used").arg(hex(c.flags)));
        }
        if (c.variantFamily >= clips.size()) {
            sink.report(VARIANT_FAMILY_OUT_OF_RANGE, e + fmt::clip::V3VariantFamily, at.with(QStringLiteral("variant_family")),
                        QStringLiteral("variant_family is %1, expected the index of a clip (< clip_count %2)")
                            .arg(c.variantFamily)
                            .arg(clips.size()));
            continue;
        }
        const BpatClipInfo &base = clips.at(c.variantFamily);
        if (base.variantOrdinal != 0 && c.index == base.index) {
            sink.report(VARIANT_BASE_ORDINAL, e + fmt::clip::V3VariantOrdinal, at.with(QStringLiteral("variant_ordinal")),
                        QStringLiteral("clip is the base of its own family but has variant_ordinal %1, expected 0")
                            .arg(c.variantOrdinal));
        } else if (base.variantOrdinal != 0) {
            sink.report(VARIANT_BASE_ORDINAL, e + fmt::clip::V3VariantFamily, at.with(QStringLiteral("variant_family")),
                        QStringLiteral("variant_family %1 points at clip '%2' whose variant_ordinal is %3, expected 0 (the base)")
                            .arg(c.variantFamily)
                            .arg(base.name)
                            .arg(base.variantOrdinal));
        } else if (c.variantOrdinal != 0 && quint64(c.variantFamily) + c.variantOrdinal != quint64(c.index)) {
            sink.report(VARIANT_NOT_CONTIGUOUS, e + fmt::clip::V3VariantOrdinal, at.with(QStringLiteral("variant_ordinal")),
                        QStringLiteral("variant_ordinal %1 of family %2 sits at clip %3, expected clip %4 (base + ordinal)")
                            .arg(c.variantOrdinal)
                            .arg(c.variantFamily)
                            .arg(c.index)
                            .arg(quint64(c.variantFamily) + c.variantOrdinal));
        }
    }
}

} // namespace bpat
