#pragma once
// A rebake manifest (what `bpat rebake --manifest` reads): rebakes a whole BPAT from several
// recordings in one go, as the game's baker does for a species. JSON (see docs/rebake.md):
//   { "output": "hands.bpat", "recipe": "hands" | "path/to/recipe.json", "into": "optional.bpat",
//     "clips": [ { "curves": "rec.bin", "name": "wave", "fps": 60, "loops": true,
//                  "from": 0.0, "to": 2.5 }, ... ] }
// Relative paths are relative to the manifest's folder. Errors name the JSON path.
#include "diagnostics/Diagnostic.h"
#include "rebake/RebakeJob.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace bpat {

class RebakeManifest
{
public:
    // `baseDir` resolves relative paths. nullopt when there is any error (in `diagnostics`).
    static std::optional<RebakeRequest> parse(const QByteArray &json, const QString &baseDir, Diagnostics *diagnostics);
    // Reads a regular file of at most MaxFileBytes (else MANIFEST_UNREADABLE), then parses it.
    static std::optional<RebakeRequest> readFile(const QString &path, Diagnostics *diagnostics);
    static constexpr qint64 MaxFileBytes = 16 << 20;
    // A recipe by built-in name, else as a JSON file path (RecipeJson::readFile: a regular file
    // of at most 16 MiB, so "recipe": "/dev/zero" or a FIFO is refused, not read or waited on).
    static std::optional<RebakeRecipe> loadRecipe(const QString &nameOrPath, Diagnostics *diagnostics);
};

} // namespace bpat
