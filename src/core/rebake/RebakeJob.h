#pragma once
// A whole rebake: read the recordings, bake each clip with the Rebaker into a BPAT file (a new
// file from the recipe, or an existing file with the clips added or replaced), validated in
// both profiles; the output is replaced (QSaveFile) only when all of it is written and valid.
// A failure or a cancel at any point leaves the output file untouched. run() streams frames to
// the file as they are computed; build() makes the whole file in memory (previews). Used by `bpat rebake`
// (single clip or --manifest) and by the Rebake dialog (on a worker thread).
#include "bpat/BpatDocument.h"
#include "diagnostics/Diagnostic.h"
#include "rebake/RebakeRecipe.h"
#include "rebake/Rebaker.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace bpat {

struct RebakeClipRequest
{
    QString curvesPath; // the .bin recording
    QString name;       // clip name
    RebakeRange range;
    bool loops = false;
    // The recording already read from curvesPath (the app's open recording): used instead of
    // reading the file again. Null: the job reads curvesPath.
    std::shared_ptr<const InputAnimation> animation = nullptr;
};

struct RebakeRequest
{
    QString outputPath;
    RebakeRecipe recipe;
    QList<RebakeClipRequest> clips;
    QString intoPath; // empty: a new file from the recipe; else add/replace clips in this BPAT
    // Writing the output over one of the recordings it is made from destroys the recording: it
    // is refused unless this is set (`--overwrite-input`). Writing it over intoPath is the
    // point of --into and always allowed.
    bool overwriteInput = false;
    // The version to write (bpat rebake --format-version, the dialog's choice). Unset: a new
    // file is late v3 (what the current game reads; a recording has no version of its own, its
    // bind palette is the recipe's rest pose) and an --into file keeps its version (new clips get
    // what that version adds).
    std::optional<format::Dialect> formatVersion = std::nullopt;
};

struct RebakeOutcome
{
    bool ok = false;
    bool cancelled = false;
    QStringList errors;     // what went wrong (empty when ok)
    QStringList warnings;   // what a version conversion dropped or could not fill, and
                            // (an older version than late v3) that the current game refuses it
    Diagnostics validation; // findings on the output (warnings when ok), spec profile
    // The game profile's findings on the output, judged by the game of the version written (the
    // current game for late v3): RIG_BONE_COUNT_MISMATCH and the other game-only warnings.
    Diagnostics gameValidation;
    // The document written: build() fills every palette; run() streams the rebaked clips to
    // the file, so their palettes and socket rows are left empty here (frame counts, names, fps
    // and loops are set; read the written file for the matrices).
    std::optional<BpatDocument> document;
    QList<quint32> frameCounts; // per requested clip
    qint64 bytesWritten = 0;
    QByteArray bytes; // build() only: the serialized file (also when invalid)
};

class RebakeJob
{
public:
    explicit RebakeJob(RebakeRequest request);

    const RebakeRequest &request() const { return m_request; }
    // The version a request without formatVersion writes: the --into file's dialect when there
    // is one, else late v3.
    static format::Dialect defaultVersion(std::optional<format::Dialect> intoDialect);

    // Everything but writing: the document the job would write (for previews) and its bytes,
    // with their validation. outcome.ok means it is valid and could be written.
    RebakeOutcome build(const RebakeOptions &options = {}) const;
    // Bakes straight into the output file (QSaveFile): frames stream to the file as they are
    // computed and are deep-checked as they pass, so memory stays flat in the output's size.
    // The file is replaced only when it is complete, valid in both profiles and not cancelled;
    // its bytes are exactly build()'s.
    RebakeOutcome run(const RebakeOptions &options = {}) const;

private:
    struct Prepared;
    // Checks the request, opens --into, reads every recording and sizes every clip.
    bool prepare(RebakeOutcome &out, Prepared &prepared) const;
    // Fills `out`; returns the serialized, validated file bytes (empty when nothing could be
    // serialized; present but not ok when the validator rejects them).
    QByteArray buildBytes(const RebakeOptions &options, RebakeOutcome &out) const;

    RebakeRequest m_request;
};

} // namespace bpat
