#include "io/MappedFile.h"

#include "io/MappingGuard.h"
#include "io/NativeName.h"
#include "io/RegularFile.h"

#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>
#include <QtEndian>

#ifdef Q_OS_UNIX
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace {

#ifdef Q_OS_UNIX
qint64 modifiedNs(const struct stat &st)
{
    return qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}
#endif

} // namespace

namespace bpat {

MappedFile::MappedFile() = default;

MappedFile::~MappedFile()
{
    // Unmap first: the guard must outlive every read of the mapping.
    if (m_file && m_mapping)
        m_file->unmap(m_mapping);
    m_guard.reset();
}

bool MappedFile::isStale() const
{
    return m_guard && m_guard->isStale();
}

QString MappedFile::open(const QString &filePath, const QString &format, int headerSize)
{
    path = filePath;
    // QFileInfo cannot name a file whose name is not UTF-8 (NativeName); RegularFile can.
    if (!NativeName::hasEscapes(filePath)) {
        const QFileInfo info(filePath);
        if (!info.exists())
            return QStringLiteral("no such file");
        if (info.isDir())
            return QStringLiteral("is a directory, not a %1 file").arg(format);
    }
    // Only a regular file, opened without blocking: a FIFO would block open() until a writer
    // came, and a device would be mapped or read as whatever it produces.
    m_file = std::make_unique<QFile>();
    QString why;
    if (RegularFile::open(*m_file, filePath, &why) != RegularFile::Status::Ok)
        return why;
    const qint64 fileSize = m_file->size();
    if (fileSize == 0)
        return QStringLiteral("file is empty (0 bytes; a %1 file has at least a %2-byte header)").arg(format).arg(headerSize);
    m_mapping = m_file->map(0, fileSize);
    if (!m_mapping)
        return QStringLiteral("cannot map the file (%1)").arg(m_file->errorString());
    // Guarded before anything reads it, for as long as it is mapped.
    m_guard = std::make_unique<MappingGuard>(m_mapping, fileSize);
    if (!m_guard->isActive() && MappingGuard::installHandler()) {
        m_guard.reset();
        m_file->unmap(m_mapping);
        m_mapping = nullptr;
        return QStringLiteral("cannot guard the mapping (%1 files are open at once)").arg(MappingGuard::kMaxMappings);
    }
    bytes = m_mapping;
    size = quint64(fileSize);
#ifdef Q_OS_UNIX
    struct stat st;
    if (::fstat(m_file->handle(), &st) == 0)
        m_modifiedNs = modifiedNs(st);
#endif
    return QString();
}

bool MappedFile::changedSinceOpen() const
{
    if (isStale())
        return true;
    if (!m_file || !m_mapping)
        return false;
#ifdef Q_OS_UNIX
    struct stat st;
    if (::fstat(m_file->handle(), &st) != 0)
        return true;
    return quint64(st.st_size) != size || modifiedNs(st) != m_modifiedNs;
#else
    return quint64(m_file->size()) != size;
#endif
}

void MappedFile::release(quint64 offset, quint64 length) const
{
#ifdef Q_OS_UNIX
    if (!m_mapping || offset >= size)
        return;
    length = std::min(length, size - offset);
    const quint64 page = quint64(::sysconf(_SC_PAGESIZE));
    // Whole pages inside the range only: the pages at its edges may still be read.
    const quint64 from = (quintptr(m_mapping) + offset + page - 1) / page * page;
    const quint64 to = (quintptr(m_mapping) + offset + length) / page * page;
    if (to > from) // read-only file pages: dropping them only means reading them from the cache again
        ::madvise(reinterpret_cast<void *>(quintptr(from)), size_t(to - from), MADV_DONTNEED);
#else
    Q_UNUSED(offset);
    Q_UNUSED(length);
#endif
}

QString MappedFile::staleAfterDecode() const
{
    return isStale() ? QStringLiteral("the file shrank while it was being opened; open it again once it is written") : QString();
}

void MappedFile::adopt(QByteArray data, const QString &label)
{
    path = label;
    m_buffer = std::move(data);
    bytes = reinterpret_cast<const uchar *>(m_buffer.constData());
    size = quint64(m_buffer.size());
}

NameStatus MappedFile::readName(bool tableInBounds, quint64 tableOffset, quint64 tableSize, quint32 offset, quint32 length,
                                QString *name) const
{
    // name_offset + name_length + 1 <= string_table_size, and the table itself in the file.
    if (!tableInBounds || quint64(offset) + length + 1 > tableSize)
        return NameStatus::OutOfStringTable;
    const uchar *table = bytes + tableOffset;
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    *name = decoder.decode(QByteArrayView(reinterpret_cast<const char *>(table + offset), qsizetype(length)));
    if (table[quint64(offset) + length] != 0)
        return NameStatus::NotTerminated;
    if (decoder.hasError())
        return NameStatus::NotUtf8;
    return NameStatus::Ok;
}

const uchar *MappedFile::readEntry(TableEntry &entry, quint64 tableOffset, quint32 index, quint64 entrySize,
                                   bool stringTableInBounds, quint64 stringTableOffset, quint64 stringTableSize) const
{
    entry.index = int(index);
    entry.entryOffset = tableOffset + quint64(index) * entrySize;
    const uchar *e = bytes + entry.entryOffset;
    entry.nameOffset = qFromLittleEndian<quint32>(e);
    entry.nameLength = qFromLittleEndian<quint32>(e + 4);
    entry.nameStatus =
        readName(stringTableInBounds, stringTableOffset, stringTableSize, entry.nameOffset, entry.nameLength, &entry.name);
    return e;
}

} // namespace bpat
