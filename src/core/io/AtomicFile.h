#pragma once
// Every file BPAT Studio writes goes through here: QSaveFile writes a temporary beside the
// target and renames it over the target only once it is complete, so a failure, a cancel or a
// killed process leaves either the old file or the complete new one, never a mix.
//
// What the target is decides what a save does (resolveTarget(), checked before anything is
// written, so every save path gets the same rules):
// - no file yet, or a regular file: written to a temporary and renamed over it;
// - a symbolic link (or a chain of them) to a regular file: the file it points to is replaced
//   the same way and the link stays a link;
// - anything else is refused with a message naming the path and what it is: a directory, a
//   FIFO, a character or block device (/dev/null, /dev/full), a socket, a symbolic link loop,
//   a link to one of those, or a dangling link (as `cp` does, nothing is created at the far end
//   of a link that points nowhere). QSaveFile alone would rename a regular file over any of them
//   (as root it replaces /dev/null), or "succeed" on /dev/full;
// - a read-only regular file (every write bit off, mode 0444 say: also through a link) is
//   refused, naming it, unless replacing read-only files was asked for: by the process
//   (setReplaceReadOnly: `bpat ... --force`) or for that very file (allowReplacing: the window,
//   after asking). The rename would replace it whatever its mode, and as root anything goes.
// A file that is replaced keeps its mode (QSaveFile's temporary alone would have the umask's).
//
// A write that stops part-way (a disk that fills up) is reported by QFile as a short count with
// no error set; only writing the rest makes the system say why (ENOSPC). writeAll() keeps
// writing until everything is out or the device reports a real error, so the user reads "No
// space left on device" rather than "Unknown error".
#include <QByteArray>
#include <QIODevice>
#include <QString>
#include <functional>

namespace bpat {

class AtomicFile
{
public:
    // Writes the body (a serializer streaming into the device) to `path` atomically. The body
    // returns false with its reason on failure; nothing is replaced then. On failure *error reads
    // "<path>: <what failed> (<why>)".
    using Body = std::function<bool(QIODevice *device, QString *error)>;
    static bool write(const QString &path, const Body &body, QString *error);
    // The same for bytes already in memory.
    static bool write(const QString &path, const QByteArray &bytes, QString *error);

    // The file a save to `path` replaces: `path` itself for a new or regular file, the regular
    // file at the end of a symbolic link otherwise. An empty string, with *error set ("<path>:
    // not a regular file (a character device); nothing was written"), for a target that must
    // not be replaced.
    static QString resolveTarget(const QString &path, QString *error);

    // True when `path` (or the regular file a link leads to) exists and has every write bit off.
    static bool isReadOnly(const QString &path);
    // Whether this process replaces read-only targets (default: no). The CLI's --force.
    static void setReplaceReadOnly(bool replace);
    // The next save to this file may replace it although it is read-only (the user agreed).
    static void allowReplacing(const QString &path);

    // True when `a` and `b` name the same existing file (same device and inode, so also through
    // links and different spellings of the path). Commands use it to refuse writing over their
    // own input.
    static bool sameFile(const QString &a, const QString &b);

    // Writes all `size` bytes to `device`, retrying short writes; false once the device fails
    // (its errorString() then says why).
    static bool writeAll(QIODevice *device, const char *data, qint64 size);
    static bool writeAll(QIODevice *device, const QByteArray &bytes) { return writeAll(device, bytes.constData(), bytes.size()); }
};

} // namespace bpat
