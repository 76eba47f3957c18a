// Fuzzes the glTF importer's binary path with a container that is always well formed, so the
// mutations reach the JSON and the BIN chunk instead of the header checks: the input is JSON
// text, then (after the first NUL byte, when there is one) the BIN chunk's bytes; the target
// pads both to 4 bytes and writes the .glb header and chunk headers around them. Seeds:
// Debian's assimp-testmodels .glb files and the real files' exports, unwrapped the same way by
// scripts/make-fuzz-seeds.sh. Dictionary: tests/fuzz/gltf.dict.
#include "GltfFuzzFolder.h"
#include "bpat/BpatSaver.h"
#include "gltf/GltfImporter.h"

#include <QByteArray>
#include <QtEndian>
#include <cstddef>
#include <cstdint>

namespace {

void word(QByteArray &out, quint32 value)
{
    char w[4];
    qToLittleEndian(value, w);
    out.append(w, 4);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype nul = input.indexOf('\0');
    QByteArray json = nul >= 0 ? input.left(nul) : input;
    QByteArray bin = nul >= 0 ? input.mid(nul + 1) : QByteArray();
    while (json.size() % 4)
        json.append(' ');
    while (bin.size() % 4)
        bin.append('\0');
    QByteArray glb("glTF");
    word(glb, 2);
    word(glb, quint32(12 + 8 + json.size() + (bin.isEmpty() ? 0 : 8 + bin.size())));
    word(glb, quint32(json.size()));
    word(glb, 0x4E4F534Au);
    glb.append(json);
    if (!bin.isEmpty()) {
        word(glb, quint32(bin.size()));
        word(glb, 0x004E4942u);
        glb.append(bin);
    }
    const GltfImportResult result = GltfImporter::importBytes(glb, fuzzgltf::folder(), {});
    if (result.document)
        (void)BpatSaver::check(*result.document);
    return 0;
}
