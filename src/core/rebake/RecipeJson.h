#pragma once
// Reads and writes rebake recipes as JSON (the format is documented in docs/rebake.md).
// Every error names the JSON path ("bones[3].drive.curve") and what was expected.
#include "diagnostics/Diagnostic.h"
#include "rebake/RebakeRecipe.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace bpat {

class RecipeJson
{
public:
    // Appends findings to `diagnostics` (errors and warnings such as unknown keys); nullopt when
    // there is any error. `fallbackName` names a recipe without a "name" key.
    static std::optional<RebakeRecipe> parse(const QByteArray &json, Diagnostics *diagnostics,
                                             const QString &fallbackName = QString());
    // Reads a regular file of at most MaxFileBytes (RECIPE_UNREADABLE: missing, unreadable, a
    // directory, FIFO or device; RECIPE_TOO_LARGE: bigger), then parses it.
    static std::optional<RebakeRecipe> readFile(const QString &path, Diagnostics *diagnostics);
    static constexpr qint64 MaxFileBytes = 16 << 20;
    static QByteArray toJson(const RebakeRecipe &recipe);
};

} // namespace bpat
