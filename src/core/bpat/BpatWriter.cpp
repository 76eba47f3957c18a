#include "bpat/BpatWriter.h"

#include "bpat/BpatFile.h" // BpatHeader
#include "bpat/BpatFormat.h"
#include "io/AtomicFile.h"

#include <QBuffer>
#include <QHash>
#include <algorithm>

namespace bpat {

namespace fmt = bpat::format;

namespace {

// The interned string table: each distinct name once, clip names first, then socket names.
struct StringTable
{
    QByteArray bytes;
    QList<quint32> clipOffsets;
    QList<quint32> socketOffsets;
    QList<quint32> clipLengths;
    QList<quint32> socketLengths;

    explicit StringTable(const BpatDocument &doc)
    {
        QHash<QByteArray, quint32> seen;
        auto intern = [&](const QString &name, QList<quint32> &offsets, QList<quint32> &lengths) {
            const QByteArray utf8 = name.toUtf8();
            auto it = seen.constFind(utf8);
            if (it == seen.constEnd()) {
                it = seen.insert(utf8, quint32(bytes.size()));
                bytes.append(utf8);
                bytes.append('\0');
            }
            offsets.append(*it);
            lengths.append(quint32(utf8.size()));
        };
        for (const BpatClip &c : doc.clips())
            intern(c.name, clipOffsets, clipLengths);
        for (const BpatSocket &s : doc.sockets())
            intern(s.name, socketOffsets, socketLengths);
    }
};

} // namespace

bool writeFloats(QIODevice *device, const QList<float> &floats)
{
    if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
        const qint64 bytes = qint64(floats.size()) * qint64(sizeof(float));
        return AtomicFile::writeAll(device, reinterpret_cast<const char *>(floats.constData()), bytes);
    } else {
        QByteArray chunk(floats.size() * 4, Qt::Uninitialized);
        for (qsizetype i = 0; i < floats.size(); ++i)
            fmt::writeF32(reinterpret_cast<uchar *>(chunk.data()) + 4 * i, floats.at(i));
        return AtomicFile::writeAll(device, chunk);
    }
}

BpatWriter::BpatWriter(const BpatDocument &document)
    : m_doc(document)
{
}

BpatLayout BpatWriter::layout() const
{
    const StringTable strings(m_doc);
    const quint32 version = m_doc.version();
    BpatLayout l;
    l.clipTableOffset = fmt::clipTableStart(version);
    const quint64 socketTable = l.clipTableOffset + quint64(m_doc.clipCount()) * fmt::clipEntrySize(version);
    l.socketTableOffset = m_doc.socketCount() > 0 ? socketTable : 0;
    l.stringTableOffset = socketTable + quint64(m_doc.socketCount()) * fmt::SocketEntrySize;
    l.stringTableSize = quint32(strings.bytes.size());
    l.paletteDataOffset = fmt::alignUp(l.stringTableOffset + l.stringTableSize, fmt::PaletteAlignment);
    l.socketDataOffset = l.paletteDataOffset + quint64(m_doc.frameTotal()) * m_doc.boneCount() * fmt::MatrixSize;
    l.fileSize = l.socketDataOffset + quint64(m_doc.frameTotal()) * quint64(m_doc.socketCount()) * fmt::SocketRowSize;
    if (version == 3) {
        // The game's writer aligns its cursor after every trailing block, present or not.
        quint64 cursor = fmt::alignUp(l.fileSize, 16);
        if (m_doc.hasContacts() || m_contactsStreamed) {
            l.contactDataOffset = cursor;
            cursor += quint64(m_doc.frameTotal()) * fmt::ContactRecordSize;
            l.fileSize = cursor;
        }
        cursor = fmt::alignUp(cursor, 16);
        const bool late = m_doc.dialect() == fmt::Dialect::V3Late;
        if (late && m_doc.hasBindPalette()) {
            l.bindPaletteOffset = cursor;
            cursor += quint64(m_doc.boneCount()) * fmt::MatrixSize;
            l.fileSize = cursor;
        }
        cursor = fmt::alignUp(cursor, 16);
        if (late && !m_doc.boneParents().isEmpty()) {
            l.boneParentOffset = cursor;
            cursor += m_doc.boneCount();
            l.fileSize = cursor;
        }
    }
    return l;
}

bool BpatWriter::check(QString *error) const
{
    const QStringList problems = m_allowInvalid ? m_doc.layoutProblems() : m_doc.problems();
    if (problems.isEmpty())
        return true;
    if (error)
        *error = QStringLiteral("cannot write a BPAT file: ") + problems.join(QStringLiteral("; "));
    return false;
}

QByteArray BpatWriter::headerAndTablesOver(const BpatLayout &layout, QByteArrayView shown) const
{
    if (quint64(shown.size()) < layout.paletteDataOffset)
        return {};
    QByteArray out = headerAndTables(layout);
    const QByteArrayView rest = shown.sliced(qsizetype(layout.paletteDataOffset));
    out.append(rest.data(), rest.size());
    return out;
}

QByteArray BpatWriter::headerAndTables(const BpatLayout &l) const
{
    const StringTable strings(m_doc);
    QByteArray out(qsizetype(l.paletteDataOffset), '\0');
    uchar *p = reinterpret_cast<uchar *>(out.data());
    BpatHeader h; // written by the field list BpatFile reads it with
    h.version = m_doc.version();
    h.speciesId = m_doc.speciesId();
    h.boneCount = m_doc.boneCount();
    h.socketCount = quint32(m_doc.socketCount());
    h.clipCount = quint32(m_doc.clipCount());
    h.frameTotal = m_doc.frameTotal();
    h.stringTableSize = l.stringTableSize;
    h.clipTableOffset = l.clipTableOffset;
    h.socketTableOffset = l.socketTableOffset;
    h.stringTableOffset = l.stringTableOffset;
    h.paletteDataOffset = l.paletteDataOffset;
    std::memcpy(p + fmt::header::Magic, fmt::Magic, 4);
    fmt::writeFields(h, p);

    if (m_doc.version() == 3)
        writeV3Extension(p, l);
    const quint64 entrySize = fmt::clipEntrySize(m_doc.version());
    quint32 frameOffset = 0;
    for (int i = 0; i < m_doc.clipCount(); ++i) {
        const BpatClip &c = m_doc.clip(i);
        uchar *e = p + l.clipTableOffset + quint64(i) * entrySize;
        fmt::writeU32(e + fmt::clip::NameOffset, strings.clipOffsets.at(i));
        fmt::writeU32(e + fmt::clip::NameLength, strings.clipLengths.at(i));
        fmt::writeU32(e + fmt::clip::FrameCount, c.frameCount);
        fmt::writeU32(e + fmt::clip::FrameOffset, frameOffset);
        fmt::writeF32(e + fmt::clip::Fps, c.fps);
        e[fmt::clip::Loops] = c.loops ? 1 : 0;
        writeClipEntryExtras(e, i);
        frameOffset += c.frameCount;
    }
    const quint64 socketTable = l.clipTableOffset + quint64(m_doc.clipCount()) * entrySize;
    for (int i = 0; i < m_doc.socketCount(); ++i) {
        const BpatSocket &s = m_doc.sockets().at(i);
        uchar *e = p + socketTable + quint64(i) * fmt::SocketEntrySize;
        fmt::writeU32(e + fmt::socket::NameOffset, strings.socketOffsets.at(i));
        fmt::writeU32(e + fmt::socket::NameLength, strings.socketLengths.at(i));
        fmt::writeU32(e + fmt::socket::AnchorBone, s.anchorBone);
        fmt::writeF32(e + fmt::socket::LocalOffset, s.localOffset.x());
        fmt::writeF32(e + fmt::socket::LocalOffset + 4, s.localOffset.y());
        fmt::writeF32(e + fmt::socket::LocalOffset + 8, s.localOffset.z());
    }
    std::memcpy(p + l.stringTableOffset, strings.bytes.constData(), size_t(strings.bytes.size()));
    return out;
}

bool BpatWriter::write(QIODevice *device, QString *error) const
{
    if (!check(error))
        return false;
    const BpatLayout l = layout();
    auto ioFail = [&]() {
        if (error)
            *error = device->errorString();
        return false;
    };
    const QByteArray head = headerAndTables(l);
    if (!AtomicFile::writeAll(device, head))
        return ioFail();
    const bool late = m_doc.dialect() == fmt::Dialect::V3Late;
    for (int i = 0; i < m_doc.clipCount(); ++i) {
        if (!writeFloats(device, late ? lateV3Palette(i) : m_doc.clip(i).palette))
            return ioFail();
    }
    if (m_doc.socketCount() > 0) {
        for (const BpatClip &c : m_doc.clips()) {
            if (!writeFloats(device, c.socketRows))
                return ioFail();
        }
    }
    if (m_doc.version() == 3
        && !writeV3Trailer(device, l,
                           l.socketDataOffset + quint64(m_doc.frameTotal()) * quint64(m_doc.socketCount()) * fmt::SocketRowSize))
        return ioFail();
    return true;
}

QByteArray BpatWriter::clipOver(const BpatLayout &layout, QByteArrayView shown, int clip) const
{
    if (clip < 0 || clip >= m_doc.clipCount() || quint64(shown.size()) != layout.fileSize)
        return QByteArray();
    // Where write() puts the clip's pieces: after the earlier clips' pieces of each section.
    quint64 palette = layout.paletteDataOffset, sockets = layout.socketDataOffset, contacts = layout.contactDataOffset;
    for (int i = 0; i < clip; ++i) {
        const BpatClip &c = m_doc.clip(i);
        palette += quint64(c.palette.size()) * 4;
        sockets += quint64(c.socketRows.size()) * 4;
        contacts += quint64(c.contacts.size()) * 4;
    }
    QByteArray bytes(shown.data(), shown.size());
    const auto put = [&](quint64 offset, const QList<float> &floats) {
        const quint64 size = quint64(floats.size()) * 4;
        if (offset > layout.fileSize || size > layout.fileSize - offset)
            return false;
        auto *out = reinterpret_cast<uchar *>(bytes.data()) + offset;
        for (qsizetype i = 0; i < floats.size(); ++i)
            fmt::writeF32(out + 4 * i, floats.at(i));
        return true;
    };
    const BpatClip &c = m_doc.clip(clip);
    const bool late = m_doc.dialect() == fmt::Dialect::V3Late;
    if (!put(palette, late ? lateV3Palette(clip) : c.palette) || (m_doc.socketCount() > 0 && !put(sockets, c.socketRows))
        || (layout.contactDataOffset != 0 && !put(contacts, c.contacts)))
        return QByteArray();
    return bytes;
}

QByteArray BpatWriter::toBytes(QString *error) const
{
    QByteArray bytes;
    bytes.reserve(qsizetype(std::min<quint64>(layout().fileSize, quint64(1) << 30))); // grown once, not by doubling
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!write(&buffer, error))
        return QByteArray();
    return bytes;
}

bool BpatWriter::save(const QString &path, QString *error) const
{
    if (!check(error))
        return false;
    return AtomicFile::write(
        path, [this](QIODevice *device, QString *why) { return write(device, why); }, error);
}

} // namespace bpat
