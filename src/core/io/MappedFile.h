#pragma once
// The bytes a file format reader decodes, read in place: a regular file opened without blocking
// (RegularFile) and mapped with QFile::map, or bytes already in memory (a rebake preview, tests,
// the fuzzers). BpatFile and BpsmFile keep one each and decode their headers and tables from it;
// nothing here copies the file.
//
// A mapped file is guarded for as long as it is mapped (MappingGuard, created by open() before
// the first byte is read and released after unmapping): a file that shrinks underneath reads as
// zeros past its new end instead of killing the process with SIGBUS, whoever reads it (the
// validator, BpatDocument::fromFile, a palette upload, a dump). isStale() then says the bytes
// read may be wrong; readers that build something lasting from them check it when done.
#include "io/TableEntry.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <memory>
#include <optional>

class QFile;

namespace bpat {

class MappingGuard;

class MappedFile
{
public:
    MappedFile();
    ~MappedFile(); // unmaps
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;

    // Maps `path`. On failure returns why, without the path ("no such file", "is a directory,
    // not a BPAT file", "file is empty (...)"); `format` and `headerSize` word those messages.
    QString open(const QString &path, const QString &format, int headerSize);
    // Holds `data` in memory instead (`path` is only a label).
    void adopt(QByteArray data, const QString &label);

    // True once a read of the mapping touched a page the file no longer has (it shrank after it
    // was opened): those reads returned zeros. Always false for adopted bytes.
    bool isStale() const;
    // True when the file is not the one mapped any more: isStale(), or the open file's size or
    // modification time differs from what they were when it was mapped (it shrank, grew or was
    // rewritten in place, whether or not a read touched a lost page yet). False for adopted bytes.
    bool changedSinceOpen() const;

    // The bytes [offset, offset + size) will not be read again soon: a mapped file's whole pages
    // in that range leave the process's resident set (they stay in the page cache, and a later
    // read maps them again). Streaming a large file through keeps the resident set flat.
    // Adopted bytes are left alone.
    void release(quint64 offset, quint64 length) const;

    // The one way a reader's shared data (a MappedFile subclass with a decode() that reads its
    // header and tables) is made: mapped from `path` and decoded, with a message naming the path
    // when it cannot be mapped or shrank while its tables were decoded (those read partly as
    // zeros); or decoded from bytes in memory.
    template<typename Data>
    static std::shared_ptr<Data> openDecoded(const QString &path, const QString &format, int headerSize, QString *error)
    {
        auto data = std::make_shared<Data>();
        QString why = data->open(path, format, headerSize);
        if (why.isEmpty()) {
            data->decode();
            why = data->staleAfterDecode();
        }
        if (why.isEmpty())
            return data;
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, why);
        return nullptr;
    }
    template<typename Data> static std::shared_ptr<Data> adoptDecoded(QByteArray bytes, const QString &path)
    {
        auto data = std::make_shared<Data>();
        data->adopt(std::move(bytes), path);
        data->decode();
        return data;
    }
    QByteArrayView view() const { return QByteArrayView(bytes, qsizetype(size)); }

    QString path;
    const uchar *bytes = nullptr;
    quint64 size = 0;

    // A name in the file's string table: `length` UTF-8 bytes at `offset` of a table of
    // `tableSize` bytes at `tableOffset`, followed by a NUL. `tableInBounds` says the whole
    // table lies inside the file (checked by the caller, overflow-safe).
    NameStatus readName(bool tableInBounds, quint64 tableOffset, quint64 tableSize, quint32 offset, quint32 length,
                        QString *name) const;
    // Entry `index` of a table of `entrySize`-byte entries at `tableOffset` (the whole table in
    // the file, checked by the caller): its place, and its name (every table entry starts with
    // u32 name_offset, u32 name_length) resolved in the string table described as for readName.
    // Returns the entry's bytes for the caller to decode the rest.
    const uchar *readEntry(TableEntry &entry, quint64 tableOffset, quint32 index, quint64 entrySize, bool stringTableInBounds,
                           quint64 stringTableOffset, quint64 stringTableSize) const;

private:
    QString staleAfterDecode() const; // empty unless isStale()
    std::unique_ptr<QFile> m_file;    // keeps the mapping alive
    uchar *m_mapping = nullptr;
    std::unique_ptr<MappingGuard> m_guard; // for the mapping's whole life
    qint64 m_modifiedNs = 0;               // st_mtim when mapped
    QByteArray m_buffer;                   // adopt()
};

} // namespace bpat
