#pragma once
// Converts a BpatDocument between BPAT versions and dialects (v1, v2, early v3, late v3) the way
// ../shared/specs/bpat-versions.md (section 7) describes. Global bone matrices are kept as they
// are (the document holds globals in every version); what a version adds is filled in going up
// (flags from the clip name, each clip its own variant family, contacts computed like the game's
// baker from the rig's feet, bind palette and parents for late v3) and what the target cannot
// hold is dropped going down, each drop listed as a warning.
#include "bpat/BpatDocument.h"
#include "mesh/RigDescription.h"

#include <QList>
#include <QMatrix4x4>
#include <QStringList>
#include <optional>

namespace bpat {

struct ConvertOptions
{
    format::Dialect target = format::Dialect::V3Late;
    // The bind (rest) pose as global matrices, one per bone. Needed for late v3 and for contacts;
    // default: the document's own bind palette, else the first frame of the first clip.
    std::optional<QList<QMatrix4x4>> bindGlobals;
    // Parents and feet; default: the project's rig of the species and bone count, if any.
    std::optional<RigDescription> rig;
};

// What a conversion leaves to BpatStreamWriter when the document is a streaming plan: clips
// still to be streamed (empty palette, frameCount > 0) have no frames yet, so their contact
// records, and the bind pose when it is the first frame of the first clip, are made as the
// frames pass, by the same code convert() uses on a whole document.
struct StreamedFill
{
    bool contacts = false; // compute the records of every clip that has none
    QList<int> feet;
    RigDescription::SoleRule soleRule = RigDescription::SoleRule::Skin;
    // The bind pose for the contacts, when known before streaming.
    std::optional<QList<QMatrix4x4>> bind;
    // The bind pose is frame 0 of clip 0 (not streamed yet): for the contacts, and in late v3
    // also the bind palette (the plan holds a placeholder of the right size until then).
    bool bindFromFirstFrame = false;

    bool isEmpty() const { return !contacts && !bindFromFirstFrame; }
};

struct ConvertResult
{
    bool ok = false;
    QString error;
    QStringList warnings;  // what was dropped or could not be filled
    StreamedFill streamed; // a plan's clips to be streamed: what the writer fills in
};

class VersionConverter
{
public:
    // A streaming plan (some clips with an empty palette and frames to come) is converted as far
    // as it can be without their frames; the rest is listed in ConvertResult::streamed.
    static ConvertResult convert(BpatDocument &document, const ConvertOptions &options);
    // What converting `document` to `target` would drop, worded as convert() words its warnings,
    // without converting anything (cheap: the tables only; a plan will do). For dialogs that
    // say what a version choice loses before anything is written.
    static QStringList dropped(const BpatDocument &document, format::Dialect target);

    // The globals of one frame of one clip (the bind pose choice of --bind-clip / --bind-frame).
    static std::optional<QList<QMatrix4x4>> framePose(const BpatDocument &document, int clip, quint32 frame,
                                                      QString *error = nullptr);
    // One contact record per frame of every clip (or only of clips without records), as the
    // game's baker computes them.
    static void computeContacts(BpatDocument &document, const QList<int> &feet, RigDescription::SoleRule rule,
                                const QList<QMatrix4x4> &bindGlobals, bool onlyMissing = false);
    // One frame's contact record (sole_y, foot_y) from its row-major global matrices;
    // `inverseBind` holds bindGlobals' inverses. computeContacts() is this for every frame.
    static std::pair<float, float> contactRecord(const float *frameGlobals, quint32 boneCount, const QList<int> &feet,
                                                 RigDescription::SoleRule rule, const QList<QMatrix4x4> &bindGlobals,
                                                 const QList<QMatrix4x4> &inverseBind);
    // After clips were added to a v3 document (rebake --into, merge): gives clips without
    // contact records theirs when the others have them (or drops the table when they cannot
    // be computed, with a warning). Returns the warnings.
    // A streaming plan (clips to be streamed) leaves their records, and the bind pose if it is
    // their first frame, to the writer through `streamed`.
    static QStringList completeNewClips(BpatDocument &document, const std::optional<RigDescription> &rig = std::nullopt,
                                        StreamedFill *streamed = nullptr);
};

} // namespace bpat
