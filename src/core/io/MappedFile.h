#pragma once
// The bytes a file format reader decodes, read in place: a regular file opened without blocking
// (RegularFile) and mapped with QFile::map, or bytes already in memory (a rebake preview, tests,
// the fuzzers). BpatFile and BpsmFile keep one each and decode their headers and tables from it;
// nothing here copies the file.
#include "bpat/BpatFile.h" // NameStatus

#include <QByteArray>
#include <QString>
#include <memory>

class QFile;

namespace bpat {

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
    void adopt(QByteArray data, const QString &path);

    QString path;
    const uchar *bytes = nullptr;
    quint64 size = 0;

    // A name in the file's string table: `length` UTF-8 bytes at `offset` of a table of
    // `tableSize` bytes at `tableOffset`, followed by a NUL. `tableInBounds` says the whole
    // table lies inside the file (checked by the caller, overflow-safe).
    NameStatus readName(bool tableInBounds, quint64 tableOffset, quint64 tableSize, quint32 offset, quint32 length,
                        QString *name) const;

private:
    std::unique_ptr<QFile> m_file; // keeps the mapping alive
    uchar *m_mapping = nullptr;
    QByteArray m_buffer;           // adopt()
};

} // namespace bpat
