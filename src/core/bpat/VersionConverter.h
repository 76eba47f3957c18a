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

struct ConvertResult
{
    bool ok = false;
    QString error;
    QStringList warnings; // what was dropped or could not be filled
};

class VersionConverter
{
public:
    static ConvertResult convert(BpatDocument &document, const ConvertOptions &options);

    // The globals of one frame of one clip (the bind pose choice of --bind-clip / --bind-frame).
    static std::optional<QList<QMatrix4x4>> framePose(const BpatDocument &document, int clip, quint32 frame,
                                                      QString *error = nullptr);
    // One contact record per frame of every clip (or only of clips without records), as the
    // game's baker computes them.
    static void computeContacts(BpatDocument &document, const QList<int> &feet, RigDescription::SoleRule rule,
                                const QList<QMatrix4x4> &bindGlobals, bool onlyMissing = false);
    // After clips were added to a v3 document (rebake --into, merge): gives clips without
    // contact records theirs when the others have them (or drops the table when they cannot
    // be computed, with a warning). Returns the warnings.
    static QStringList completeNewClips(BpatDocument &document, const std::optional<RigDescription> &rig = std::nullopt);
};

} // namespace bpat
