#include "bpat/SectionLayout.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"

#include <QCoreApplication>
#include <algorithm>

namespace bpat {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("SectionLayout", text);
}

LayoutSection makeSection(LayoutSection::Kind kind, const QString &name, const DiagnosticLocation &placedBy, quint64 offset,
                          quint64 count, quint64 elementSize, quint64 fileSize)
{
    LayoutSection s;
    s.kind = kind;
    s.name = name;
    s.placedBy = placedBy;
    s.offset = offset;
    const auto size = format::checkedMul(count, elementSize);
    const auto end = size ? format::checkedAdd(offset, *size) : std::nullopt;
    s.sizeOverflows = !end;
    s.size = size ? *size : ~quint64(0);
    s.pastEnd = !end || *end > fileSize;
    return s;
}

DiagnosticLocation headerField(const char *field)
{
    return DiagnosticLocation::header(QString::fromLatin1(field));
}
} // namespace

SectionLayout SectionLayout::of(const BpatFile &file)
{
    using Kind = LayoutSection::Kind;
    SectionLayout layout;
    layout.m_fileSize = file.fileSize();
    const quint64 fileSize = layout.m_fileSize;
    if (file.isNull())
        return layout;

    QList<LayoutSection> &data = layout.m_placed;
    data.append(makeSection(Kind::Header, tr("header"), DiagnosticLocation::region(QStringLiteral("file")), 0, 1,
                            format::HeaderSize, fileSize));
    if (file.hasHeader()) {
        const BpatHeader &h = file.header();
        if (file.hasV3Extension())
            data.append(makeSection(Kind::V3Extension, tr("v3 extension"),
                                    DiagnosticLocation::region(QStringLiteral("header_ext")), format::HeaderSize, 1,
                                    format::V3ExtensionSize, fileSize));
        const quint64 entrySize = format::clipEntrySize(h.version) ? format::clipEntrySize(h.version) : format::ClipEntrySize;
        data.append(makeSection(Kind::ClipTable, tr("clip table"), headerField("clip_table_offset"), h.clipTableOffset,
                                h.clipCount, entrySize, fileSize));
        if (h.socketCount > 0)
            data.append(makeSection(Kind::SocketTable, tr("socket table"), headerField("socket_table_offset"),
                                    h.socketTableOffset, h.socketCount, format::SocketEntrySize, fileSize));
        data.append(makeSection(Kind::StringTable, tr("string table"), headerField("string_table_offset"), h.stringTableOffset,
                                h.stringTableSize, 1, fileSize));
        const auto paletteSize = file.paletteByteSize();
        LayoutSection palette = makeSection(Kind::Palette, tr("palette data"), headerField("palette_data_offset"),
                                            h.paletteDataOffset, paletteSize ? *paletteSize : ~quint64(0), 1, fileSize);
        palette.sizeOverflows = palette.sizeOverflows || !paletteSize;
        palette.pastEnd = palette.pastEnd || palette.sizeOverflows;
        palette.note = tr("%1 frames x %2 bones x 64 B").arg(h.frameTotal).arg(h.boneCount);
        data.append(palette);
        if (h.socketCount > 0) {
            const auto offset = file.socketDataOffset();
            const auto size = file.socketDataByteSize();
            LayoutSection sockets =
                makeSection(Kind::SocketData, tr("socket data"), DiagnosticLocation::region(QStringLiteral("socket_data")),
                            offset ? *offset : ~quint64(0), size ? *size : ~quint64(0), 1, fileSize);
            sockets.sizeOverflows = sockets.sizeOverflows || !offset || !size;
            sockets.pastEnd = sockets.pastEnd || sockets.sizeOverflows;
            sockets.note = tr("%1 frames x %2 sockets x 48 B").arg(h.frameTotal).arg(h.socketCount);
            data.append(sockets);
        }
        const BpatV3Extension &x = file.v3Extension();
        if (file.hasV3Extension() && x.contactEntryCount > 0) {
            LayoutSection contacts = makeSection(Kind::ContactTable, tr("contact table"), headerField("contact_data_offset"),
                                                 x.contactDataOffset, x.contactEntryCount, format::ContactRecordSize, fileSize);
            contacts.note = tr("%1 frames x 8 B (sole_y, foot_y)").arg(x.contactEntryCount);
            data.append(contacts);
        }
        if (file.dialect() == format::Dialect::V3Late && h.boneCount <= format::MaxBones) {
            if (x.bindPaletteOffset != 0)
                data.append(makeSection(Kind::BindPalette, tr("bind palette"), headerField("bind_palette_offset"),
                                        x.bindPaletteOffset, h.boneCount, format::MatrixSize, fileSize));
            if (x.boneParentOffset != 0)
                data.append(makeSection(Kind::BoneParents, tr("bone parents"), headerField("bone_parent_offset"),
                                        x.boneParentOffset, h.boneCount, 1, fileSize));
        }
    }
    for (LayoutSection &s : data) {
        if (s.pastEnd)
            s.note = s.note.isEmpty() ? tr("extends past the end of the file") : s.note + tr("; past the end of the file");
    }
    // Overlaps between the sections the header places (empty sections overlap nothing).
    for (const auto &[i, j] : layout.overlappingPairs(false)) {
        LayoutSection &a = data[i];
        LayoutSection &b = data[j];
        a.overlaps = b.overlaps = true;
        a.note += (a.note.isEmpty() ? QString() : QStringLiteral("; ")) + tr("overlaps %1").arg(b.name);
        b.note += (b.note.isEmpty() ? QString() : QStringLiteral("; ")) + tr("overlaps %1").arg(a.name);
    }
    QList<LayoutSection> sorted = data;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const LayoutSection &a, const LayoutSection &b) { return a.offset < b.offset; });

    // What lies between the placed sections, and after the last one.
    QList<LayoutSection> &all = layout.m_sections;
    quint64 cursor = 0;
    for (const LayoutSection &s : std::as_const(sorted)) {
        if (s.offset > cursor && cursor < fileSize) {
            LayoutSection gap;
            gap.offset = cursor;
            gap.size = std::min(s.offset, fileSize) - cursor;
            // The writer zero-pads to 16 before the palette and before each v3 trailing block.
            const bool trailingBlock = s.kind == Kind::ContactTable || s.kind == Kind::BindPalette || s.kind == Kind::BoneParents;
            const bool isPad = gap.size < format::PaletteAlignment && !all.isEmpty()
                && ((s.kind == Kind::Palette && all.last().kind == Kind::StringTable) || trailingBlock);
            gap.kind = isPad ? Kind::Padding : Kind::Gap;
            gap.name = isPad ? tr("padding") : tr("unaccounted bytes");
            gap.placedBy = isPad && !trailingBlock
                ? DiagnosticLocation::region(QStringLiteral("string_table"), QStringLiteral("pad"))
                : DiagnosticLocation::region(QStringLiteral("file"));
            gap.note = isPad ? tr("zero pad to 16") : tr("not described by the header");
            if (gap.size > 0)
                all.append(gap);
        }
        all.append(s);
        cursor = std::max(cursor, std::min(s.end(), fileSize));
    }
    if (cursor < fileSize) {
        LayoutSection trailing;
        trailing.kind = Kind::Trailing;
        trailing.name = tr("trailing bytes");
        trailing.placedBy = DiagnosticLocation::region(QStringLiteral("file"));
        trailing.offset = cursor;
        trailing.size = fileSize - cursor;
        trailing.note = tr("after the last section");
        all.append(trailing);
    }
    return layout;
}

QList<std::pair<int, int>> SectionLayout::overlappingPairs(bool insideOnly) const
{
    QList<std::pair<int, int>> pairs;
    for (int i = 0; i < m_placed.size(); ++i) {
        for (int j = i + 1; j < m_placed.size(); ++j) {
            const LayoutSection &a = m_placed.at(i);
            const LayoutSection &b = m_placed.at(j);
            if (a.size == 0 || b.size == 0 || (insideOnly && (!a.inFile() || !b.inFile())))
                continue;
            if (a.offset < b.end() && b.offset < a.end())
                pairs.append({i, j});
        }
    }
    return pairs;
}

bool SectionLayout::hasOverlaps() const
{
    return std::any_of(m_placed.begin(), m_placed.end(), [](const LayoutSection &s) { return s.overlaps; });
}

} // namespace bpat
