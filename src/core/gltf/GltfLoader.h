#pragma once
// Parses an untrusted .gltf or .glb with tinygltf, safely: the JSON types tinygltf would skip
// silently are checked first (GltfJsonCheck), images are never decoded or read, external
// buffers are read only from regular files up to 1 GiB beside the file (a URI naming a FIFO
// or a device is refused, never waited on), and nothing is written.
#include <QByteArray>
#include <QString>

namespace tinygltf {
class Model;
}

namespace bpat {

class GltfLoader
{
public:
    static constexpr qint64 maxExternalBuffer = qint64(1) << 30;

    // `bytes` is the whole file; relative buffer URIs resolve against `baseDir`. False with
    // *error when the file cannot be read as glTF 2.0; *warning holds what tinygltf noted.
    static bool load(const QByteArray &bytes, const QString &baseDir, tinygltf::Model *model, QString *error,
                     QString *warning);
};

} // namespace bpat
