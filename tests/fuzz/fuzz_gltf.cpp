// Fuzzes the glTF importer on whole files, .gltf or .glb as the bytes come: the container
// check, the JSON scan and type checks, the budgets, the folder rule for external buffers (a
// prepared folder, GltfFuzzFolder.h), tinygltf's parser, the model check, accessor reads,
// channel evaluation and joint mapping, then the BPAT check of whatever was imported. With
// tests/fuzz/gltf.dict (glTF's keys and values, addresses, chunk types). fuzz_gltf_glb builds a
// valid .glb around its input instead.
#include "GltfFuzzFolder.h"
#include "bpat/BpatSaver.h"
#include "gltf/GltfImporter.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    GltfImportResult result = GltfImporter::importBytes(bytes, fuzzgltf::folder(), {});
    if (result.document)
        (void)BpatSaver::check(*result.document);
    GltfImportOptions options;
    options.speciesId = 0; // the humanoid rig: exercises the name mapping and its errors
    options.fps = 7;
    result = GltfImporter::importBytes(bytes, fuzzgltf::folder(), options);
    if (result.document)
        (void)BpatSaver::check(*result.document);
    return 0;
}
