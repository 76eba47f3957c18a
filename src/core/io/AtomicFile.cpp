#include "io/AtomicFile.h"

#include "io/NativeName.h"
#include "io/RegularFile.h"

#include <QFileInfo>
#include <QMutex>
#include <QSaveFile>
#include <QSet>

#include <atomic>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <climits>
#include <cstdlib>
#include <sys/stat.h>
#ifdef Q_OS_LINUX
#include <fcntl.h>
#endif
#endif

namespace bpat {

namespace {

QString refuse(const QString &path, const QString &what, QString *error)
{
    if (error)
        *error = QStringLiteral("%1: not a regular file (%2); nothing was written").arg(path, what);
    return QString();
}

std::atomic<bool> s_replaceReadOnly{false};

// Files allowed to be replaced although read-only, by device and inode; each allowance is used
// once (the save gives the file a new inode anyway).
QMutex s_allowedMutex;
QSet<std::pair<quint64, quint64>> &allowedFiles()
{
    static QSet<std::pair<quint64, quint64>> files;
    return files;
}

#ifdef Q_OS_UNIX
bool readOnlyMode(mode_t mode)
{
    return S_ISREG(mode) && (mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0;
}

// A read-only target that was not allowed: refused (an allowance is used up here).
QString refuseReadOnly(const QString &path, const struct stat &st, QString *error)
{
    if (!readOnlyMode(st.st_mode) || s_replaceReadOnly.load())
        return QString();
    {
        QMutexLocker lock(&s_allowedMutex);
        if (allowedFiles().remove({quint64(st.st_dev), quint64(st.st_ino)}))
            return QString();
    }
    QString why = QStringLiteral("%1: read-only (mode %2): not replaced unless asked to (bpat: --force); nothing was "
                                 "written")
                      .arg(path)
                      .arg(uint(st.st_mode & 07777), 4, 8, QLatin1Char('0'));
    if (error)
        *error = why;
    return why;
}
#endif

} // namespace

bool AtomicFile::writeAll(QIODevice *device, const char *data, qint64 size)
{
    const qint64 from = device->pos();
    while (size > 0) {
        const qint64 written = device->write(data, size);
        if (written <= 0)
            return false;
        data += written;
        size -= written;
    }
#ifdef Q_OS_LINUX
    // Writeback behind the writes: each 8 MiB the file completes is handed to the disk at once
    // (asynchronously), so the commit's fsync waits only for the tail instead of the whole
    // file, and a long save does not pile up dirty pages. A file device only; a failure here
    // changes nothing (the fsync still writes everything).
    constexpr qint64 Step = 8 << 20;
    const qint64 to = device->pos();
    if (to / Step != from / Step) {
        if (auto *file = qobject_cast<QFileDevice *>(device); file && file->handle() >= 0)
            ::sync_file_range(file->handle(), from / Step * Step, to / Step * Step - from / Step * Step, SYNC_FILE_RANGE_WRITE);
    }
#endif
    return true;
}

QString AtomicFile::resolveTarget(const QString &path, QString *error)
{
#ifdef Q_OS_UNIX
    const QByteArray name = NativeName::encode(path);
    struct stat link;
    if (::lstat(name.constData(), &link) != 0)
        return path; // nothing there yet (or not reachable: opening the temporary says why)
    if (S_ISREG(link.st_mode))
        return refuseReadOnly(path, link, error).isEmpty() ? path : QString();
    if (!S_ISLNK(link.st_mode))
        return refuse(path, RegularFile::kindOfMode(quint32(link.st_mode)), error);
    struct stat target;
    if (::stat(name.constData(), &target) != 0) {
        if (errno == ELOOP)
            return refuse(path, QStringLiteral("a symbolic link loop"), error);
        if (errno == ENOENT)
            return refuse(path, QStringLiteral("a dangling symbolic link to %1").arg(QFileInfo(path).symLinkTarget()), error);
        return path; // a link into a folder we cannot search: QSaveFile reports it
    }
    if (!S_ISREG(target.st_mode))
        return refuse(path, QStringLiteral("a symbolic link to %1").arg(RegularFile::kindOfMode(quint32(target.st_mode))), error);
    if (!refuseReadOnly(path, target, error).isEmpty())
        return QString();
    char resolved[PATH_MAX];
    if (!::realpath(name.constData(), resolved))
        return refuse(path, QStringLiteral("a symbolic link that cannot be resolved"), error);
    return QFile::decodeName(resolved);
#else
    const QFileInfo info(path);
    if (!info.exists()) {
        if (info.isSymLink())
            return refuse(path, QStringLiteral("a dangling symbolic link"), error);
        return path;
    }
    if (info.isSymLink()) {
        const QString target = info.canonicalFilePath();
        if (target.isEmpty() || !QFileInfo(target).isFile())
            return refuse(path, QStringLiteral("a symbolic link to something other than a file"), error);
        return target;
    }
    if (!info.isFile())
        return refuse(path, info.isDir() ? QStringLiteral("a directory") : QStringLiteral("a device"), error);
    return path;
#endif
}

bool AtomicFile::isReadOnly(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat st;
    return ::stat(NativeName::encode(path).constData(), &st) == 0 && readOnlyMode(st.st_mode);
#else
    const QFileInfo info(path);
    return info.isFile() && !info.isWritable();
#endif
}

void AtomicFile::setReplaceReadOnly(bool replace)
{
    s_replaceReadOnly = replace;
}

void AtomicFile::allowReplacing(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat st;
    if (::stat(NativeName::encode(path).constData(), &st) == 0) {
        QMutexLocker lock(&s_allowedMutex);
        allowedFiles().insert({quint64(st.st_dev), quint64(st.st_ino)});
    }
#else
    Q_UNUSED(path);
#endif
}

bool AtomicFile::sameFile(const QString &a, const QString &b)
{
#ifdef Q_OS_UNIX
    struct stat sa, sb;
    if (::stat(NativeName::encode(a).constData(), &sa) != 0 || ::stat(NativeName::encode(b).constData(), &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
#else
    const QString ca = QFileInfo(a).canonicalFilePath();
    return !ca.isEmpty() && ca == QFileInfo(b).canonicalFilePath();
#endif
}

bool AtomicFile::write(const QString &path, const Body &body, QString *error)
{
    const auto fail = [&](const QString &what, const QString &why) {
        if (error)
            *error = QStringLiteral("%1: %2 (%3)").arg(path, what, why);
        return false;
    };
    const QString target = resolveTarget(path, error);
    if (target.isEmpty())
        return false;
    // QSaveFile names its file through Qt's UTF-8 encoding: a name holding bytes that are not
    // UTF-8 (NativeName) would be written under another name, with U+FFFD in it.
    if (NativeName::hasEscapes(target))
        return fail(QStringLiteral("cannot save under a name that is not UTF-8"), NativeName::display(target));
    QSaveFile file(target);
    // Unbuffered: every write reaches the system at once, so its failure is seen where it happens.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(QStringLiteral("cannot open for writing"), file.errorString());
    QString why;
    if (!body(&file, &why)) {
        file.cancelWriting();
        return fail(QStringLiteral("write failed"), why.isEmpty() ? file.errorString() : why);
    }
#ifdef Q_OS_UNIX
    // The new file keeps the mode of the one it replaces (QSaveFile's temporary has the
    // umask's): a 0640 file stays 0640, a read-only one replaced on request stays read-only.
    struct stat replaced;
    if (::stat(NativeName::encode(target).constData(), &replaced) == 0 && S_ISREG(replaced.st_mode)
        && ::fchmod(file.handle(), replaced.st_mode & 07777) != 0) {
        file.cancelWriting();
        return fail(QStringLiteral("cannot keep the file's mode"), QString::fromLocal8Bit(std::strerror(errno)));
    }
#endif
    if (!file.commit())
        return fail(QStringLiteral("cannot replace the file"), file.errorString());
    return true;
}

bool AtomicFile::write(const QString &path, const QByteArray &bytes, QString *error)
{
    return write(
        path,
        [&bytes](QIODevice *device, QString *why) {
            if (writeAll(device, bytes))
                return true;
            *why = device->errorString();
            return false;
        },
        error);
}

} // namespace bpat
