#include "io/AtomicFile.h"

#include <QSaveFile>

namespace bpat {

bool AtomicFile::writeAll(QIODevice *device, const char *data, qint64 size)
{
    while (size > 0) {
        const qint64 written = device->write(data, size);
        if (written <= 0)
            return false;
        data += written;
        size -= written;
    }
    return true;
}

bool AtomicFile::write(const QString &path, const Body &body, QString *error)
{
    const auto fail = [&](const QString &what, const QString &why) {
        if (error)
            *error = QStringLiteral("%1: %2 (%3)").arg(path, what, why);
        return false;
    };
    QSaveFile file(path);
    // Unbuffered: every write reaches the system at once, so its failure is seen where it happens.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(QStringLiteral("cannot open for writing"), file.errorString());
    QString why;
    if (!body(&file, &why)) {
        file.cancelWriting();
        return fail(QStringLiteral("write failed"), why.isEmpty() ? file.errorString() : why);
    }
    if (!file.commit())
        return fail(QStringLiteral("cannot replace the file"), file.errorString());
    return true;
}

bool AtomicFile::write(const QString &path, const QByteArray &bytes, QString *error)
{
    return write(path, [&bytes](QIODevice *device, QString *why) {
        if (writeAll(device, bytes))
            return true;
        *why = device->errorString();
        return false;
    }, error);
}

} // namespace bpat
