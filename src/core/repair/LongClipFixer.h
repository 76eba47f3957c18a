#pragma once
// A clip too long to hold in one edit, repaired and written in runs of RunFrames frames with
// Margin frames read around each (StreamFixer sends it here): the pops (each within its run, the
// runs cut away from them) and the bone lengths (against the whole clip's medians, measured
// first); the loop seam, the foot lock and the ground need the whole clip and say so.
//
// A run with no pop in it is only moved (the bone lengths are translations): it is repaired in
// place (TranslatedRun, the same bytes and outcome as through a ClipMotion) on a pool of threads,
// a few runs ahead of the writer, which takes them in order; a run with a pop, or one that
// TranslatedRun cannot hold, goes the general way (ClipMotion, ClipRepairs) on this thread. So a
// long bone-length repair takes about the longer of repairing and writing, not their sum.
#include "bpat/BpatFile.h"
#include "repair/ClipRepairs.h"
#include "repair/FixReport.h"
#include "repair/RunWriter.h"

#include <atomic>

namespace bpat {

class LongClipFixer
{
public:
    static constexpr quint32 RunFrames = 1024;
    static constexpr quint32 Margin = 24; // frames read around a run (a pop's widest window and its slopes)

    struct Clip
    {
        const BpatFile &file;
        const MotionSkeleton &skeleton;
        int clip = -1;
        const ClipRepairPlan &plan;
        const RepairContext &context;
        const FixOptions &options;
        const QList<IkLeg> &chains;
        const QStringList &legNotes;
    };

    // Repairs and writes the clip through `out`, its outcome into `report` (repairs, change,
    // rows and records, notes). False with *why when a run cannot be read or written, or on cancel.
    static bool fix(const Clip &job, RunWriter &out, ClipFixReport &report, const std::atomic<bool> *cancel, QString *why);
};

} // namespace bpat
