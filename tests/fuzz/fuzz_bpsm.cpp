// Fuzzes the BPSM reader and validator, every index and the first/last vertex of every clip
// frame, and the snapshot copy.
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmValidator.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    const BpsmFile file = BpsmFile::fromData(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    (void)BpsmValidator().validate(file);
    if (!file.hasHeader())
        return 0;
    for (quint32 i = 0; i < 64; ++i)
        (void)file.index(i);
    (void)file.index(0xFFFFFFFFu);
    for (quint32 frame : {0u, 1u, 0xFFFFFFFFu}) {
        for (quint32 v : {0u, 1u, 0xFFFFFFFFu})
            (void)file.vertex(frame, v);
    }
    QString error;
    (void)file.toSnapshot(&error);
    return 0;
}
