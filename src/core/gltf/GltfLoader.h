#pragma once
// Parses an untrusted .gltf or .glb with tinygltf, safely, in stages that each refuse with a
// message before the next one costs anything:
//   1. a .glb's container (GlbContainer: chunks inside the file);
//   2. one pass over the JSON text (GltfJsonScan: nesting depth, string lengths, value count);
//   3. Qt's JSON parser: text it cannot read is refused, never passed over;
//   4. the JSON types tinygltf would skip silently (GltfJsonCheck) and the budgets of what the
//      file claims (GltfJsonBudget: array sizes, buffer bytes, accessor components);
//   5. the external buffers (GltfExternalFiles: the folder rule, regular files of exactly the
//      declared size);
//   6. tinygltf, with those files as its only file system and every exception caught.
// Images are never decoded or read, and nothing is written. The limits are in GltfLimits.h.
#include <QByteArray>
#include <QString>
#include <QStringList>

namespace tinygltf {
class Model;
}

namespace bpat {

class GltfLoader
{
public:
    // `bytes` is the whole file; relative buffer URIs resolve inside `baseDir` (empty: none do).
    // False with *error when the file cannot be read as glTF 2.0; *warning holds what tinygltf
    // noted; *inputs (when given) the external files read, canonical paths.
    static bool load(const QByteArray &bytes, const QString &baseDir, tinygltf::Model *model, QString *error, QString *warning,
                     QStringList *inputs = nullptr);
};

} // namespace bpat
