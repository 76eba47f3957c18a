#include "FileLayout.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"

#include <QCoreApplication>
#include <algorithm>

namespace bpat::studio {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("FileLayout", text);
}

FileSection makeSection(FileSection::Kind kind, const QString &name, quint64 offset, quint64 count,
                        quint64 elementSize, quint64 fileSize)
{
    FileSection s;
    s.kind = kind;
    s.name = name;
    s.offset = offset;
    const auto size = format::checkedMul(count, elementSize);
    const auto end = size ? format::checkedAdd(offset, *size) : std::nullopt;
    s.sizeOverflows = !end;
    s.size = size ? *size : ~quint64(0);
    s.pastEnd = !end || *end > fileSize;
    return s;
}
} // namespace

FileLayout FileLayout::of(const BpatFile &file)
{
    FileLayout layout;
    layout.m_fileSize = file.fileSize();
    const quint64 fileSize = layout.m_fileSize;
    if (file.isNull())
        return layout;

    QList<FileSection> data;
    data.append(makeSection(FileSection::Kind::Header, tr("header"), 0, 1, format::HeaderSize, fileSize));
    if (file.hasHeader()) {
        const BpatHeader &h = file.header();
        if (file.hasV3Extension())
            data.append(makeSection(FileSection::Kind::V3Extension, tr("v3 extension"), format::HeaderSize, 1,
                                    format::V3ExtensionSize, fileSize));
        const quint64 entrySize = format::clipEntrySize(h.version) ? format::clipEntrySize(h.version) : format::ClipEntrySize;
        data.append(makeSection(FileSection::Kind::ClipTable, tr("clip table"), h.clipTableOffset, h.clipCount,
                                entrySize, fileSize));
        if (h.socketCount > 0)
            data.append(makeSection(FileSection::Kind::SocketTable, tr("socket table"), h.socketTableOffset,
                                    h.socketCount, format::SocketEntrySize, fileSize));
        data.append(makeSection(FileSection::Kind::StringTable, tr("string table"), h.stringTableOffset,
                                h.stringTableSize, 1, fileSize));
        const auto paletteSize = format::checkedMul(quint64(h.frameTotal) * h.boneCount, format::MatrixSize);
        FileSection palette = makeSection(FileSection::Kind::Palette, tr("palette data"), h.paletteDataOffset,
                                          paletteSize ? *paletteSize : ~quint64(0), 1, fileSize);
        palette.sizeOverflows = palette.sizeOverflows || !paletteSize;
        palette.note = tr("%1 frames x %2 bones x 64 B").arg(h.frameTotal).arg(h.boneCount);
        data.append(palette);
        if (h.socketCount > 0) {
            const auto offset = file.socketDataOffset();
            const auto size = file.socketDataByteSize();
            FileSection sockets = makeSection(FileSection::Kind::SocketData, tr("socket data"),
                                              offset ? *offset : ~quint64(0), size ? *size : ~quint64(0), 1, fileSize);
            sockets.sizeOverflows = sockets.sizeOverflows || !offset || !size;
            sockets.note = tr("%1 frames x %2 sockets x 48 B").arg(h.frameTotal).arg(h.socketCount);
            data.append(sockets);
        }
        const BpatV3Extension &x = file.v3Extension();
        if (file.hasV3Extension() && x.contactEntryCount > 0) {
            FileSection contacts = makeSection(FileSection::Kind::ContactTable, tr("contact table"), x.contactDataOffset,
                                               x.contactEntryCount, format::ContactRecordSize, fileSize);
            contacts.note = tr("%1 frames x 8 B (sole_y, foot_y)").arg(x.contactEntryCount);
            data.append(contacts);
        }
        if (file.dialect() == format::Dialect::V3Late && h.boneCount <= format::MaxBones) {
            if (x.bindPaletteOffset != 0)
                data.append(makeSection(FileSection::Kind::BindPalette, tr("bind palette"), x.bindPaletteOffset, h.boneCount,
                                        format::MatrixSize, fileSize));
            if (x.boneParentOffset != 0)
                data.append(makeSection(FileSection::Kind::BoneParents, tr("bone parents"), x.boneParentOffset, h.boneCount, 1,
                                        fileSize));
        }
    }
    for (FileSection &s : data) {
        if (s.pastEnd)
            s.note = s.note.isEmpty() ? tr("extends past the end of the file") : s.note + tr("; past the end of the file");
    }
    // Overlaps between the sections the header describes (empty sections overlap nothing).
    for (int i = 0; i < data.size(); ++i) {
        for (int j = i + 1; j < data.size(); ++j) {
            FileSection &a = data[i];
            FileSection &b = data[j];
            if (a.size == 0 || b.size == 0)
                continue;
            if (a.offset < b.end() && b.offset < a.end()) {
                a.overlaps = b.overlaps = true;
                a.note += (a.note.isEmpty() ? QString() : QStringLiteral("; ")) + tr("overlaps %1").arg(b.name);
                b.note += (b.note.isEmpty() ? QString() : QStringLiteral("; ")) + tr("overlaps %1").arg(a.name);
            }
        }
    }
    std::stable_sort(data.begin(), data.end(),
                     [](const FileSection &a, const FileSection &b) { return a.offset < b.offset; });

    // What lies between the described sections, and after the last one.
    QList<FileSection> all;
    quint64 cursor = 0;
    for (const FileSection &s : std::as_const(data)) {
        if (s.offset > cursor && cursor < fileSize) {
            FileSection gap;
            gap.offset = cursor;
            gap.size = std::min(s.offset, fileSize) - cursor;
            const bool trailingBlock = s.kind == FileSection::Kind::ContactTable || s.kind == FileSection::Kind::BindPalette
                                       || s.kind == FileSection::Kind::BoneParents;
            const bool isPad = gap.size < format::PaletteAlignment && !all.isEmpty()
                               && ((s.kind == FileSection::Kind::Palette && all.last().kind == FileSection::Kind::StringTable)
                                   || trailingBlock);
            gap.kind = isPad ? FileSection::Kind::Padding : FileSection::Kind::Gap;
            gap.name = isPad ? tr("padding") : tr("unaccounted bytes");
            gap.note = isPad ? tr("zero pad to 16") : tr("not described by the header");
            if (gap.size > 0)
                all.append(gap);
        }
        all.append(s);
        cursor = std::max(cursor, std::min(s.end(), fileSize));
    }
    if (cursor < fileSize) {
        FileSection trailing;
        trailing.kind = FileSection::Kind::Trailing;
        trailing.name = tr("trailing bytes");
        trailing.offset = cursor;
        trailing.size = fileSize - cursor;
        trailing.note = tr("after the last section");
        all.append(trailing);
    }
    layout.m_sections = all;
    return layout;
}

bool FileLayout::hasOverlaps() const
{
    return std::any_of(m_sections.begin(), m_sections.end(), [](const FileSection &s) { return s.overlaps; });
}

} // namespace bpat::studio
