#pragma once
// A bake manifest: rebakes a whole BPAT from several recordings in one go, as the game's baker
// does for a species. JSON (see docs/rebake.md):
//   { "output": "hands.bpat", "recipe": "hands" | "path/to/recipe.json", "into": "optional.bpat",
//     "clips": [ { "curves": "rec.bin", "name": "wave", "fps": 60, "loops": true,
//                  "from": 0.0, "to": 2.5 }, ... ] }
// Relative paths are relative to the manifest's folder. Errors name the JSON path.
#include "Diagnostic.h"
#include "RebakeJob.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace bpat {

class BakeManifest
{
public:
    // `baseDir` resolves relative paths. nullopt when there is any error (in `diagnostics`).
    static std::optional<RebakeRequest> parse(const QByteArray &json, const QString &baseDir, Diagnostics *diagnostics);
    static std::optional<RebakeRequest> readFile(const QString &path, Diagnostics *diagnostics);
    // A recipe by built-in name, else as a JSON file path.
    static std::optional<RebakeRecipe> loadRecipe(const QString &nameOrPath, Diagnostics *diagnostics);
};

} // namespace bpat
