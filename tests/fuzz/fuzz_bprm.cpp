// Fuzzes the BPRM reader and validator (with and without a rig), every index and vertex
// accessor at the edges, and the mesh copy.
#include "bprm/BprmFile.h"
#include "bprm/BprmValidator.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    const BprmFile file = BprmFile::fromData(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    (void)BprmValidator().validate(file);
    (void)BprmValidator(2).validate(file, BprmRig{21, QStringLiteral("rig")});
    if (!file.hasHeader())
        return 0;
    for (quint32 i : {0u, 1u, 2u, file.header().indexCount - 1, file.header().indexCount, 0xFFFFFFFFu})
        (void)file.index(i);
    for (quint32 v : {0u, 1u, file.header().vertexCount - 1, file.header().vertexCount, 0xFFFFFFFFu})
        (void)file.vertex(v);
    (void)file.highestWeightedBone();
    QString error;
    if (const auto mesh = file.toMesh(0, &error))
        (void)mesh->validate();
    return 0;
}
