#include "gltf/GltfLoader.h"

#include "gltf/GltfJsonCheck.h"
#include "gltf/TinyGltf.h"
#include "io/RegularFile.h"

#include <QFileInfo>
#include <limits>

namespace bpat {

namespace {

bool skipImage(tinygltf::Image *, const int, std::string *, std::string *, int, int, const unsigned char *, int, void *)
{
    return true; // motion only: images are neither decoded nor needed
}

// External buffers (a .bin beside a .gltf) are read only from regular files of bounded size:
// a URI naming a FIFO or a device must not block or stream forever, and nothing is written.
bool pathExists(const std::string &path, void *)
{
    return QFileInfo::exists(QString::fromStdString(path)); // readRegularFile() says if it is no regular file
}

std::string keepPath(const std::string &path, void *)
{
    return path; // no ~ or variable expansion
}

bool readRegularFile(std::vector<unsigned char> *out, std::string *err, const std::string &path, void *)
{
    const QString name = QString::fromStdString(path);
    const RegularFile::Contents contents = RegularFile::read(name, GltfLoader::maxExternalBuffer);
    if (contents.ok()) {
        out->assign(contents.bytes.begin(), contents.bytes.end());
        return true;
    }
    if (err)
        *err += QStringLiteral("%1: %2").arg(name, contents.error).toStdString() + "\n";
    return false;
}

bool refuseWrite(std::string *err, const std::string &, const std::vector<unsigned char> &, void *)
{
    if (err)
        *err += "the importer writes no files\n";
    return false;
}

} // namespace

bool GltfLoader::load(const QByteArray &bytes, const QString &baseDir, tinygltf::Model *model, QString *error,
                      QString *warning)
{
    warning->clear();
    if (bytes.size() > std::numeric_limits<int>::max()) { // tinygltf takes an unsigned int size
        *error = QStringLiteral("%1 bytes, more than a glTF file may hold (2 GiB)").arg(bytes.size());
        return false;
    }
    if (const QString typeError = GltfJsonCheck::check(bytes); !typeError.isEmpty()) {
        *error = typeError;
        return false;
    }
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(skipImage, nullptr);
    loader.SetFsCallbacks(tinygltf::FsCallbacks{pathExists, keepPath, readRegularFile, refuseWrite, nullptr});
    std::string err, warn;
    const std::string dir = baseDir.toStdString();
    bool loaded = false;
    if (bytes.startsWith("glTF"))
        loaded = loader.LoadBinaryFromMemory(model, &err, &warn, reinterpret_cast<const unsigned char *>(bytes.constData()),
                                             unsigned(bytes.size()), dir);
    else
        loaded = loader.LoadASCIIFromString(model, &err, &warn, bytes.constData(), unsigned(bytes.size()), dir);
    *warning = QString::fromStdString(warn).trimmed();
    if (!loaded)
        *error = QStringLiteral("not a readable glTF 2.0 file: %1").arg(QString::fromStdString(err.empty() ? warn : err).trimmed());
    return loaded;
}

} // namespace bpat
