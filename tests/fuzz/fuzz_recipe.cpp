// Fuzzes the rebake recipe JSON parser (and writes back what it accepted) and the bake
// manifest parser.
#include "rebake/RebakeManifest.h"
#include "rebake/RecipeJson.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace bpat;
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    Diagnostics diagnostics;
    if (auto recipe = RecipeJson::parse(json, &diagnostics)) {
        Diagnostics again;
        (void)RecipeJson::parse(RecipeJson::toJson(*recipe), &again);
    }
    Diagnostics manifest;
    (void)RebakeManifest::parse(json, QStringLiteral("/nonexistent-base"), &manifest);
    return 0;
}
