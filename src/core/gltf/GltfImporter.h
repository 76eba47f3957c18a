#pragma once
// glTF 2.0 -> BPAT (docs/gltf.md). Each animation becomes a clip, sampled at a fixed rate
// (the option, else the "fps" the exporter stored in the animation's extras, else the
// animation's own key spacing, else 30 fps) from its first to its last key time, with glTF's
// interpolation evaluated exactly (GltfChannelSampler). A bone's palette matrix is its joint's
// world matrix (every ancestor node included) mapped back through GltfAxes.
//
// Bones: the skin's joints (the first skin; without one, the animated nodes), mapped by name
// to a rig: the one given (--rig), else those of the species given (--species), which must
// match exactly (the error names missing and extra joints), else any built-in rig with exactly
// the same names. A skeleton that matches no rig keeps its own joints as bones, in joint order.
// Child nodes of joints marked as sockets (extras "bpatSocket") become sockets. What the
// exporter noted for later BPAT versions comes back: markers, flags and variant families from
// an animation's extras, the version from the asset's, the bind palette from the skin's inverse
// bind matrices and the parents from the asset's table (else the rig's or the node tree's).
//
// The file is untrusted: GltfLoader refuses what is over a budget (GltfLimits.h) or outside the
// file's folder before tinygltf parses it, GltfModelCheck runs before anything is read, the work
// of all animations together is bounded before it is done, and errors name what is wrong. Nothing is written here: save() validates and writes atomically.
#include "bpat/BpatDocument.h"
#include "bpat/BpatSaver.h"
#include "mesh/RigDescription.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

struct GltfImportOptions
{
    std::optional<quint32> speciesId;  // --species
    std::optional<RigDescription> rig; // --rig FILE
    QStringList animations;            // names to import (empty: all), in the order given
    std::optional<double> fps;         // --fps
};

struct GltfImportResult
{
    std::optional<BpatDocument> document; // nullopt on failure
    QString error;
    QStringList notes;
    QString rigSource;      // "rig humanoid" or "own joints"
    QStringList boneNames;  // per palette bone
    QList<int> boneParents; // per palette bone (from the rig or the node tree)
    // The BPAT dialect the file was exported from (the exporter notes it in the asset's extras);
    // nullopt for a glTF that came from no BPAT file.
    std::optional<format::Dialect> sourceDialect;
    // Every file the import read (canonical paths): the glTF itself (importFile) and its external
    // buffers. A save must not write over any of them (bpat import, the app's Import glTF).
    QStringList inputs;
};

class GltfImporter
{
public:
    // Frames one imported clip may have, and palette floats in all (128 MiB: twenty times the
    // game's largest file). The other budgets are in GltfLimits.h.
    static constexpr quint32 maxFrames = 100000;
    static constexpr qint64 maxPaletteFloats = qint64(1) << 25;

    static GltfImportResult importFile(const QString &path, const GltfImportOptions &options);
    static GltfImportResult importBytes(const QByteArray &bytes, const QString &baseDir, const GltfImportOptions &options);

    // The BPAT format versions an import can be written as: 1, 2 and 3 (late v3).
    static QList<int> writableFormatVersions();
    // The version an import is written in unless told otherwise: its source BPAT's (3 for
    // either v3 dialect), or 3 (late v3, what the current game reads) for a glTF that came
    // from no BPAT.
    static int defaultFormatVersion(const GltfImportResult &result);
    // Converts a copy through VersionConverter (as `bpat rebake --format-version`), validates
    // and writes atomically in the given version (an error when it is not writable). What the
    // conversion filled or dropped goes to *warnings, and, for v1 and v2, that the current game
    // refuses the file.
    static BpatSaver::Result save(const BpatDocument &document, const QString &path, int formatVersion = 3,
                                  QStringList *warnings = nullptr);
};

} // namespace bpat
