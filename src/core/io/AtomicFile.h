#pragma once
// Every file BPAT Studio writes goes through here: QSaveFile writes a temporary beside the
// target and renames it over the target only once it is complete, so a failure, a cancel or a
// killed process leaves either the old file or the complete new one, never a mix.
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

    // Writes all `size` bytes to `device`, retrying short writes; false once the device fails
    // (its errorString() then says why).
    static bool writeAll(QIODevice *device, const char *data, qint64 size);
    static bool writeAll(QIODevice *device, const QByteArray &bytes)
    {
        return writeAll(device, bytes.constData(), bytes.size());
    }
};

} // namespace bpat
