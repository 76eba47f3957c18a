#include "io/RegularFile.h"

#include "io/NativeName.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace bpat {

namespace {

RegularFile::Status fail(RegularFile::Status status, const QString &why, QString *error)
{
    if (error)
        *error = why;
    return status;
}

} // namespace

QString RegularFile::kindOfMode(quint32 mode)
{
#ifdef Q_OS_UNIX
    const mode_t m = mode_t(mode);
    if (S_ISDIR(m))
        return QStringLiteral("a directory");
    if (S_ISFIFO(m))
        return QStringLiteral("a FIFO");
    if (S_ISCHR(m))
        return QStringLiteral("a character device");
    if (S_ISBLK(m))
        return QStringLiteral("a block device");
    if (S_ISSOCK(m))
        return QStringLiteral("a socket");
#else
    Q_UNUSED(mode);
#endif
    return QStringLiteral("not a plain file");
}

RegularFile::Status RegularFile::open(QFile &file, const QString &path, QString *error)
{
#ifdef Q_OS_UNIX
    const QByteArray name = NativeName::encode(path); // every byte of a non-UTF-8 name
    int fd = -1;
    do {
        fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        const int e = errno;
        return fail(e == ENOENT ? Status::Missing : Status::Unreadable,
                    e == ENOENT ? QStringLiteral("no such file")
                                : QStringLiteral("cannot open for reading (%1)").arg(QString::fromLocal8Bit(std::strerror(e))),
                    error);
    }
    struct stat st;
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        return fail(Status::Unreadable, QStringLiteral("cannot stat (%1)").arg(QString::fromLocal8Bit(std::strerror(e))), error);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(Status::NotRegular, QStringLiteral("not a regular file (%1)").arg(kindOfMode(quint32(st.st_mode))), error);
    }
    // A regular file: reads would not block anyway; go back to ordinary blocking reads.
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags != -1)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return fail(Status::Unreadable, QStringLiteral("cannot open for reading (%1)").arg(file.errorString()), error);
    }
    return Status::Ok;
#else
    const QFileInfo info(path);
    if (!info.exists())
        return fail(Status::Missing, QStringLiteral("no such file"), error);
    if (!info.isFile())
        return fail(Status::NotRegular,
                    QStringLiteral("not a regular file (%1)")
                        .arg(info.isDir() ? QStringLiteral("a directory") : QStringLiteral("a device, pipe or socket")),
                    error);
    file.setFileName(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(Status::Unreadable, QStringLiteral("cannot open for reading (%1)").arg(file.errorString()), error);
    return Status::Ok;
#endif
}

RegularFile::Contents RegularFile::read(const QString &path, qint64 maxBytes)
{
    Contents out;
    QFile file;
    out.status = open(file, path, &out.error);
    if (!out.ok())
        return out;
    // A regular file that already says it is over the limit is refused before a byte is read
    // (it used to be read up to the limit + 1 first: 1 GiB in memory to say "larger than 1 GiB").
    if (file.size() > std::max<qint64>(maxBytes, 0)) {
        out.status = Status::TooLarge;
        out.error = QStringLiteral("larger than %1").arg(sizeText(maxBytes));
        return out;
    }
    // Never trust size() for the amount: it can change while reading and is 0 for files of
    // /proc. Read in chunks up to one byte over the limit.
    const qint64 limit = std::max<qint64>(maxBytes, 0) + 1;
    const qint64 chunk = 1 << 20;
    // The size a regular file reports, as a hint only: one allocation instead of a copy each
    // time the buffer grows (a 200 MB file peaked at 1.4 times its size).
    out.bytes.reserve(qsizetype(std::min(std::max<qint64>(file.size(), 0), limit)));
    while (out.bytes.size() < limit) {
        const QByteArray part = file.read(std::min(chunk, limit - out.bytes.size()));
        if (part.isEmpty()) {
            if (file.error() != QFileDevice::NoError) {
                out.status = Status::Unreadable;
                out.error = QStringLiteral("cannot read (%1)").arg(file.errorString());
                out.bytes.clear();
                return out;
            }
            break; // end of file
        }
        out.bytes.append(part);
    }
    if (out.bytes.size() > maxBytes) {
        out.status = Status::TooLarge;
        out.error = QStringLiteral("larger than %1").arg(sizeText(maxBytes));
        out.bytes.clear();
    }
    return out;
}

QString RegularFile::sizeText(qint64 bytes)
{
    if (bytes >= (1ll << 30) && bytes % (1ll << 30) == 0)
        return QStringLiteral("%1 GiB").arg(bytes >> 30);
    if (bytes >= (1ll << 20) && bytes % (1ll << 20) == 0)
        return QStringLiteral("%1 MiB").arg(bytes >> 20);
    return QStringLiteral("%1 bytes").arg(bytes);
}

} // namespace bpat
