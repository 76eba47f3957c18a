#include "HeaderModel.h"

#include "bpat/BpatFormat.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "bpsm/BpsmFormat.h"
#include "ModelRoles.h"
#include "StudioContext.h"
#include "Theme.h"
#include "species/Species.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace bpat::studio {

HeaderModel::HeaderModel(StudioContext *context, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
{
    connect(context, &StudioContext::fileLoaded, this, &HeaderModel::rebuild);
    connect(context, &StudioContext::fileClosed, this, &HeaderModel::rebuild);
    rebuild();
}

static QString hexOffset(quint64 value)
{
    return QStringLiteral("%1 (0x%2)").arg(value).arg(value, 0, 16);
}

void HeaderModel::add(QString field, QString value, QVariant sortValue, qint64 offset, QString note, bool problem)
{
    m_rows.append({std::move(field), std::move(value), std::move(sortValue), offset, std::move(note), problem});
}

void HeaderModel::rebuild()
{
    beginResetModel();
    m_rows.clear();
    // The header is each format's own: the rows come from the document's typed file.
    if (const OpenDocument *document = m_context->document()) {
        if (const BpatFile *bpat = document->bpat())
            addBpatRows(*bpat);
        else if (const BpsmFile *bpsm = document->bpsm())
            addSnapshotRows(*bpsm);
        else if (const BprmFile *bprm = document->bprm())
            addBodyRows(*bprm);
    }
    endResetModel();
}

void HeaderModel::addBpatRows(const BpatFile &f)
{
    if (f.hasHeader()) {
        namespace h = format::header;
        const BpatHeader &hd = f.header();
        const QString magic = QString::fromLatin1(hd.magic.data(), 4);
        add(QStringLiteral("magic"), magic, magic, h::Magic, f.hasMagic() ? tr("BPAT") : tr("expected 'BPAT'"), !f.hasMagic());
        const bool knownVersion = hd.version >= 1 && hd.version <= format::LatestVersion;
        add(QStringLiteral("version"), QString::number(hd.version), hd.version, h::Version,
            knownVersion ? tr("dialect %1").arg(format::dialectName(f.dialect())) : tr("expected 1, 2 or 3"), !knownVersion);
        const QString species = f.speciesName();
        add(QStringLiteral("species_id"), QString::number(hd.speciesId), hd.speciesId, h::SpeciesId,
            species.isEmpty() ? tr("unknown species") : species, species.isEmpty());
        add(QStringLiteral("bone_count"), QString::number(hd.boneCount), hd.boneCount, h::BoneCount,
            m_context->rig() ? tr("rig: %1").arg(m_context->rig()->describeSource())
                             : tr("unknown rig: no rig of this species has this bone count; bones named by index"));
        add(QStringLiteral("socket_count"), QString::number(hd.socketCount), hd.socketCount, h::SocketCount, {});
        add(QStringLiteral("clip_count"), QString::number(hd.clipCount), hd.clipCount, h::ClipCount, {});
        add(QStringLiteral("frame_total"), QString::number(hd.frameTotal), hd.frameTotal, h::FrameTotal, {});
        add(QStringLiteral("string_table_size"), QString::number(hd.stringTableSize), hd.stringTableSize, h::StringTableSize,
            tr("bytes, including every NUL"));
        add(QStringLiteral("clip_table_offset"), hexOffset(hd.clipTableOffset), hd.clipTableOffset, h::ClipTableOffset,
            f.clipTableInBounds() ? QString() : tr("table not inside the file"), !f.clipTableInBounds());
        add(QStringLiteral("socket_table_offset"), hexOffset(hd.socketTableOffset), hd.socketTableOffset, h::SocketTableOffset,
            f.socketTableInBounds() ? QString() : tr("table not inside the file"), !f.socketTableInBounds());
        add(QStringLiteral("string_table_offset"), hexOffset(hd.stringTableOffset), hd.stringTableOffset, h::StringTableOffset,
            f.stringTableInBounds() ? QString() : tr("table not inside the file"), !f.stringTableInBounds());
        const bool aligned = hd.paletteDataOffset % format::PaletteAlignment == 0;
        add(QStringLiteral("palette_data_offset"), hexOffset(hd.paletteDataOffset), hd.paletteDataOffset, h::PaletteDataOffset,
            !f.paletteInBounds() ? tr("palette not inside the file")
                                 : (aligned ? tr("16-byte aligned") : tr("not 16-byte aligned")),
            !f.paletteInBounds() || !aligned);
        const auto socketData = f.socketDataOffset();
        add(QStringLiteral("socket_data_offset"), socketData ? hexOffset(*socketData) : tr("overflow"),
            socketData ? QVariant(*socketData) : QVariant(), -1,
            hd.socketCount == 0 ? tr("derived; unused without sockets")
                                : tr("derived: palette_data_offset + frame_total * bone_count * 64"),
            !socketData);
        const auto paletteSize = f.paletteByteSize();
        add(QStringLiteral("palette_bytes"), paletteSize ? QString::number(*paletteSize) : tr("overflow"),
            paletteSize ? QVariant(*paletteSize) : QVariant(), -1, tr("derived: frame_total * bone_count * 64"));
        if (f.hasV3Extension())
            addV3Rows(f);
    }
    add(QStringLiteral("file_size"), QString::number(f.fileSize()), f.fileSize(), -1,
        f.hasHeader() ? tr("bytes") : tr("shorter than the 64-byte header"), !f.hasHeader());
}

void HeaderModel::addV3Rows(const BpatFile &f)
{
    // The v3 extension header (bytes 64..95): early v3 calls 80..95 reserved.
    const BpatV3Extension &x = f.v3Extension();
    namespace e = format::ext;
    const bool late = f.dialect() == format::Dialect::V3Late;
    const bool contactsOk = x.contactEntryCount == 0 || f.contactTableInBounds();
    add(QStringLiteral("contact_data_offset"), hexOffset(x.contactDataOffset), x.contactDataOffset, e::ContactDataOffset,
        x.contactEntryCount == 0 ? tr("no contact table")
                                 : (contactsOk ? tr("8 bytes per frame: sole_y, foot_y") : tr("table not inside the file")),
        !contactsOk);
    add(QStringLiteral("contact_entry_count"), QString::number(x.contactEntryCount), x.contactEntryCount, e::ContactEntryCount,
        x.contactEntryCount == 0 || x.contactEntryCount == f.header().frameTotal ? QString() : tr("expected 0 or frame_total"),
        x.contactEntryCount != 0 && x.contactEntryCount != f.header().frameTotal);
    add(QStringLiteral("reserved0"), QString::number(x.reserved0), x.reserved0, e::Reserved0,
        x.reserved0 == 0 ? QString() : tr("expected 0"), x.reserved0 != 0);
    // A block only late v3 places (early v3: reserved), with what it holds when it is there.
    const auto lateBlock = [&](const QString &name, const QString &earlyName, quint64 offset, qint64 field, const QString &none,
                               const QString &holds, bool inBounds) {
        add(late ? name : earlyName, hexOffset(offset), offset, field,
            !late             ? tr("early v3: unused")
                : offset == 0 ? none
                : inBounds    ? holds
                              : tr("not inside the file"),
            late && offset != 0 && !inBounds);
    };
    lateBlock(QStringLiteral("bind_palette_offset"), QStringLiteral("reserved1"), x.bindPaletteOffset, e::BindPaletteOffset,
              tr("no bind palette"), tr("bone_count column-major bind matrices"), f.bindPaletteInBounds());
    lateBlock(QStringLiteral("bone_parent_offset"), QStringLiteral("reserved2"), x.boneParentOffset, e::BoneParentOffset,
              tr("no parent table"), tr("one parent byte per bone, 0xFF = root"), f.boneParentsInBounds());
}

void HeaderModel::addSnapshotRows(const BpsmFile &f)
{
    if (f.hasHeader()) {
        namespace h = bpsm::header;
        const BpsmHeader &hd = f.header();
        const QString magic = QString::fromLatin1(hd.magic.data(), 4);
        add(QStringLiteral("magic"), magic, magic, h::Magic,
            f.hasMagic() ? tr("BPSM minimal snapshot mesh") : tr("expected 'BPSM'"), !f.hasMagic());
        add(QStringLiteral("version"), QString::number(hd.version), hd.version, h::Version,
            hd.version == bpsm::CurrentVersion ? QString() : tr("expected %1").arg(bpsm::CurrentVersion),
            hd.version != bpsm::CurrentVersion);
        const QString species = Species::nameOf(hd.speciesId);
        add(QStringLiteral("species_id"), QString::number(hd.speciesId), hd.speciesId, h::SpeciesId,
            species.isEmpty() ? tr("unknown species") : species, species.isEmpty());
        add(QStringLiteral("lod"), QString::number(hd.lod), hd.lod, h::Lod, tr("level of detail"));
        add(QStringLiteral("vertex_count"), QString::number(hd.vertexCount), hd.vertexCount, h::VertexCount, tr("per frame"),
            hd.vertexCount == 0);
        add(QStringLiteral("index_count"), QString::number(hd.indexCount), hd.indexCount, h::IndexCount,
            tr("%1 triangles, shared by every frame").arg(hd.indexCount / 3), hd.indexCount % 3 != 0);
        add(QStringLiteral("clip_count"), QString::number(hd.clipCount), hd.clipCount, h::ClipCount, {});
        add(QStringLiteral("frame_total"), QString::number(hd.frameTotal), hd.frameTotal, h::FrameTotal, {});
        add(QStringLiteral("string_table_size"), QString::number(hd.stringTableSize), hd.stringTableSize, h::StringTableSize,
            tr("bytes, including every NUL"));
        add(QStringLiteral("reserved"), QString::number(hd.reserved), hd.reserved, h::Reserved,
            hd.reserved == 0 ? QString() : tr("expected 0"), hd.reserved != 0);
        const auto section = [&](const char *field, quint64 value, quint64 offset, bool inBounds) {
            add(QLatin1String(field), hexOffset(value), value, qint64(offset),
                inBounds ? QString() : tr("section not inside the file"), !inBounds);
        };
        section("clip_table_offset", hd.clipTableOffset, h::ClipTableOffset, f.clipTableInBounds());
        section("string_table_offset", hd.stringTableOffset, h::StringTableOffset, f.stringTableInBounds());
        section("index_data_offset", hd.indexDataOffset, h::IndexDataOffset, f.indexDataInBounds());
        section("vertex_data_offset", hd.vertexDataOffset, h::VertexDataOffset, f.vertexDataInBounds());
        const auto vertexEnd = f.vertexDataEnd();
        add(QStringLiteral("vertex_bytes"), vertexEnd ? QString::number(*vertexEnd - hd.vertexDataOffset) : tr("overflow"),
            vertexEnd ? QVariant(*vertexEnd - hd.vertexDataOffset) : QVariant(), -1,
            tr("derived: frame_total * vertex_count * %1").arg(bpsm::VertexSize), !vertexEnd);
    }
    add(QStringLiteral("file_size"), QString::number(f.fileSize()), f.fileSize(), -1,
        f.hasHeader() ? tr("bytes") : tr("shorter than the %1-byte header").arg(bpsm::HeaderSize), !f.hasHeader());
}

void HeaderModel::addBodyRows(const BprmFile &f)
{
    if (f.hasHeader()) {
        namespace h = bprm::header;
        const BprmHeader &hd = f.header();
        const QString magic = QString::fromLatin1(hd.magic.data(), 4);
        add(QStringLiteral("magic"), magic, magic, h::Magic, f.hasMagic() ? tr("BPRM rigged body") : tr("expected 'BPRM'"),
            !f.hasMagic());
        add(QStringLiteral("version"), QString::number(hd.version), hd.version, h::Version,
            hd.version == bprm::CurrentVersion ? QString() : tr("expected %1").arg(bprm::CurrentVersion),
            hd.version != bprm::CurrentVersion);
        const bool knownLod = hd.lod == bprm::LodFull || hd.lod == bprm::LodMinimal;
        add(QStringLiteral("lod"), QString::number(hd.lod), hd.lod, h::Lod,
            knownLod ? f.lodName() : tr("expected 0 (full) or 1 (minimal)"), !knownLod);
        add(QStringLiteral("vertex_count"), QString::number(hd.vertexCount), hd.vertexCount, h::VertexCount,
            tr("56 bytes each: bind pose, model space"), hd.vertexCount == 0);
        add(QStringLiteral("index_count"), QString::number(hd.indexCount), hd.indexCount, h::IndexCount,
            tr("%1 triangles").arg(hd.indexCount / 3), hd.indexCount % 3 != 0 || hd.indexCount == 0);
        add(QStringLiteral("reserved"), QString::number(hd.reserved), hd.reserved, h::Reserved,
            hd.reserved == 0 ? QString() : tr("expected 0"), hd.reserved != 0);
        add(QStringLiteral("index_data_offset"), hexOffset(hd.indexDataOffset), hd.indexDataOffset, h::IndexDataOffset,
            f.indexDataInBounds() ? QString() : tr("section not inside the file"), !f.indexDataInBounds());
        add(QStringLiteral("vertex_data_offset"), hexOffset(hd.vertexDataOffset), hd.vertexDataOffset, h::VertexDataOffset,
            f.vertexDataInBounds() ? QString() : tr("section not inside the file"), !f.vertexDataInBounds());
        const BodyFiles::PairedRig rig = BodyFiles::pairedRig(f.path());
        add(QStringLiteral("rig"), rig.boneCount > 0 ? QString::number(rig.boneCount) : tr("none"), rig.boneCount, -1,
            rig.boneCount > 0 ? tr("derived: %1").arg(rig.source)
                              : tr("no BPAT of its species beside it, a name naming no species"));
    }
    add(QStringLiteral("file_size"), QString::number(f.fileSize()), f.fileSize(), -1,
        f.hasHeader() ? tr("bytes") : tr("shorter than the %1-byte header").arg(bprm::HeaderSize), !f.hasHeader());
}

int HeaderModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HeaderModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NoOfColumns;
}

QVariant HeaderModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case FieldColumn: return row.field;
        case ValueColumn: return row.value;
        case OffsetColumn: return row.offset >= 0 ? QVariant(row.offset) : QVariant(tr("derived"));
        case NoteColumn: return row.note;
        }
        break;
    case SortRole:
        switch (index.column()) {
        case ValueColumn: return row.sortValue;
        case OffsetColumn: return row.offset;
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if (row.problem && index.column() != OffsetColumn)
            return QBrush(Theme::errorColor());
        if (row.offset < 0 && index.column() != NoteColumn)
            return QBrush(Theme::absentColor());
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == OffsetColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::FontRole:
        if (index.column() == FieldColumn) {
            QFont font;
            font.setFamily(QStringLiteral("monospace"));
            return font;
        }
        break;
    }
    return {};
}

QVariant HeaderModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FieldColumn: return tr("Field");
    case ValueColumn: return tr("Value");
    case OffsetColumn: return tr("Offset");
    case NoteColumn: return tr("Note");
    }
    return {};
}

int HeaderModel::rowOfField(const QString &field) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).field == field)
            return i;
    }
    return -1;
}

} // namespace bpat::studio
