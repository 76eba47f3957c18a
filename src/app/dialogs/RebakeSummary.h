#pragma once
// The Rebake dialog's Summary tab: the clips, frames and bones of a rebake, its validation
// findings, and the bone travel of the rebaked clip (where each bone starts and ends, how far
// its origin moves, frames where it is untracked) read from the written or previewed file. It
// reads every matrix, so the rebake job computes it on its own thread.
#include "bpat/BpatFile.h"
#include "rebake/RebakeJob.h"

#include <QCoreApplication>
#include <QString>

namespace bpat::studio {

class RebakeSummary
{
    Q_DECLARE_TR_FUNCTIONS(RebakeSummary)

public:
    static QString text(const bpat::RebakeOutcome &outcome, const bpat::RebakeRecipe &recipe, const bpat::BpatFile &file);
};

} // namespace bpat::studio
