// Fuzzes the glTF importer: JSON type checks, tinygltf's parser, the model check, accessor
// reads, channel evaluation and joint mapping, then the BPAT check of whatever was imported.
// External buffers resolve against a folder that does not exist, so no file is read.
#include "bpat/BpatSaver.h"
#include "gltf/GltfImporter.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString nowhere = QStringLiteral("/nonexistent-bpat-fuzz-dir");
    GltfImportResult result = GltfImporter::importBytes(bytes, nowhere, {});
    if (result.document)
        (void)BpatSaver::check(*result.document);
    GltfImportOptions options;
    options.speciesId = 0; // the humanoid rig: exercises the name mapping and its errors
    options.fps = 7;
    result = GltfImporter::importBytes(bytes, nowhere, options);
    if (result.document)
        (void)BpatSaver::check(*result.document);
    return 0;
}
