#pragma once
// A whole rebake: read the recordings, bake each clip with the Rebaker, assemble a BPAT
// document (a new file from the recipe, or an existing file with the clips added or replaced),
// validate the serialized bytes in both profiles, and only then write them with QSaveFile.
// A failure or a cancel at any point leaves the output file untouched. Used by `bpat rebake`
// (single clip or --manifest) and by the Rebake dialog (on a worker thread).
#include "bpat/BpatDocument.h"
#include "diagnostics/Diagnostic.h"
#include "rebake/RebakeRecipe.h"
#include "rebake/Rebaker.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

struct RebakeClipRequest
{
    QString curvesPath;   // the .bin recording
    QString name;         // clip name
    RebakeRange range;
    bool loops = false;
};

struct RebakeRequest
{
    QString outputPath;
    RebakeRecipe recipe;
    QList<RebakeClipRequest> clips;
    QString intoPath;     // empty: a new file from the recipe; else add/replace clips in this BPAT
    // Writing the output over one of the recordings it is made from destroys the recording: it
    // is refused unless this is set (`--overwrite-input`). Writing it over intoPath is the
    // point of --into and always allowed.
    bool overwriteInput = false;
    // The version to write (bpat rebake --format-version, the dialog's choice). Unset: a new
    // file is v1 and an --into file keeps its version (new clips get what that version adds).
    std::optional<format::Dialect> formatVersion = std::nullopt;
};

struct RebakeOutcome
{
    bool ok = false;
    bool cancelled = false;
    QStringList errors;             // what went wrong (empty when ok)
    QStringList warnings;           // what a version conversion dropped or could not fill
    Diagnostics validation;         // findings on the output (warnings when ok)
    std::optional<BpatDocument> document;
    QList<quint32> frameCounts;     // per requested clip
    qint64 bytesWritten = 0;
    QByteArray bytes;               // build() only: the serialized file (also when invalid)
};

class RebakeJob
{
public:
    explicit RebakeJob(RebakeRequest request);

    const RebakeRequest &request() const { return m_request; }

    // Everything but writing: the document the job would write (for previews) and its bytes,
    // with their validation. outcome.ok means it is valid and could be written.
    RebakeOutcome build(const RebakeOptions &options = {}) const;
    // build(), then write with QSaveFile when valid and not cancelled.
    RebakeOutcome run(const RebakeOptions &options = {}) const;

private:
    // Fills `out`; returns the serialized, validated file bytes (empty when nothing could be
    // serialized; present but not ok when the validator rejects them).
    QByteArray buildBytes(const RebakeOptions &options, RebakeOutcome &out) const;

    RebakeRequest m_request;
};

} // namespace bpat
