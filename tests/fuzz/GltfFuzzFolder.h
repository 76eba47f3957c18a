#pragma once
// The folder the glTF fuzz targets import from (fuzz_gltf, fuzz_gltf_glb): made once per process
// in a temporary directory, so that an input's external addresses meet what the folder rule
// (GltfExternalFiles) has to handle: a 48-byte motion.bin and a 4-byte b.bin inside, a FIFO,
// a subfolder, a link to a file outside and a link to the folder above, and secret.bin beside
// the folder (which no input may read). Addresses for them are in the dictionary (gltf.dict).
#include <QDir>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <sys/stat.h>

namespace fuzzgltf {

inline QString folder()
{
    static QTemporaryDir top; // removed at exit
    static const QString dir = [] {
        const QString model = top.filePath(QStringLiteral("model"));
        QDir().mkpath(model + QStringLiteral("/sub"));
        const auto write = [](const QString &path, const QByteArray &bytes) {
            QFile f(path);
            if (f.open(QIODevice::WriteOnly))
                f.write(bytes);
        };
        const float motion[] = {0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0};
        write(model + QStringLiteral("/motion.bin"), QByteArray(reinterpret_cast<const char *>(motion), sizeof motion));
        write(model + QStringLiteral("/b.bin"), QByteArray(4, '\x01'));
        write(top.filePath(QStringLiteral("secret.bin")), QByteArray(48, '\x7f'));
        QFile::link(top.filePath(QStringLiteral("secret.bin")), model + QStringLiteral("/link.bin"));
        QFile::link(top.path(), model + QStringLiteral("/up"));
        ::mkfifo(QFile::encodeName(model + QStringLiteral("/pipe.bin")).constData(), 0600);
        return model;
    }();
    return dir;
}

} // namespace fuzzgltf
