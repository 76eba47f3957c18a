#pragma once
// Opening and reading files whose names come from input (a manifest's "recipe" or "curves", a
// path on the command line): only regular files, never blocking, never reading more than a
// limit. QFile alone does none of this: QFile::size() is 0 for /dev/zero, a FIFO or a /proc
// file, so a size check passes and readAll() then reads without end (/dev/zero) or blocks (a
// FIFO blocks already in open() until a writer appears).
//
// On Unix the file is opened with O_NONBLOCK (a FIFO cannot block the open) and the open
// descriptor is fstat()ed, so what is checked is what is read, not a name that could be
// replaced in between. Elsewhere the type is checked with QFileInfo before opening.
#include <QByteArray>
#include <QString>

class QFile;

namespace bpat {

class RegularFile
{
public:
    enum class Status {
        Ok,
        Missing,    // no such file
        NotRegular, // a directory, FIFO, socket or device
        Unreadable, // cannot be opened or read (permissions, I/O error)
        TooLarge,   // more than the limit
    };

    // What a file of this st_mode is, for messages: "a directory", "a FIFO", "a character
    // device", "a block device", "a socket", or "not a plain file". Saving (AtomicFile) names
    // refused targets the same way.
    static QString kindOfMode(quint32 mode);

    struct Contents
    {
        Status status = Status::Unreadable;
        QByteArray bytes; // the whole file when status is Ok
        QString error;    // why not, without the path: "not a regular file (a FIFO)"
        bool ok() const { return status == Status::Ok; }
    };

    // Opens `path` read-only into `file` (which must not be open) when it is a regular file;
    // otherwise returns why, with `error` set (without the path).
    static Status open(QFile &file, const QString &path, QString *error = nullptr);

    // Reads the whole of a regular file of at most `maxBytes` bytes. Reads at most
    // maxBytes + 1 bytes whatever size the file system reports, to tell an over-size file.
    static Contents read(const QString &path, qint64 maxBytes);

    // "16 MiB", "1 GiB", "1000 bytes": for messages about a limit.
    static QString sizeText(qint64 bytes);
};

} // namespace bpat
