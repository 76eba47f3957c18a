#pragma once
// The motion operations of `bpat edit` (issue 41), the core's MotionEditor as the window and
// bpat.edit() call it:
//   --offset CLIP:BONE:CHANNEL=FRAME:VALUE[:MODE],...[@FIRST:LAST]   offset keys (one layer per
//        option: CHANNEL as the bone graph names it, RotationX.. in degrees in --euler-order,
//        TranslationX.., ScaleX..; MODE auto, flat, linear or stepped; @FIRST:LAST a frame range)
//   --resample CLIP=FRAMES          resample (a loop as a loop; --set-fps beside it sets the rate)
//   --time-warp CLIP=FROM:TO        show frame FROM at frame TO, the rest eased around it
//   --reverse CLIP                  frames in reverse order, markers mirrored in phase
//   --mirror CLIP[=NEW]             left/right mirror into a new clip (default CLIP_mirrored)
//   --mirror-in-place CLIP          ... replacing the clip
#include "bpat/BpatDocument.h"
#include "motion/EulerAngles.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <utility>

namespace bpat::cli {

const QList<std::pair<const char *, const char *>> &motionOperationOptions();
bool isMotionOperation(const QString &option);

struct MotionOperationContext
{
    std::function<int(const QString &)> clipIndex; // by name or index, -1 when none
    EulerOrder order = EulerOrder::XYZ;            // of --offset's rotation channels
    QStringList *notes = nullptr;                  // what each operation did
};

// Applies one operation; empty on success, else the reason (the document unchanged).
QString applyMotionOperation(BpatDocument &document, const QString &option, const QString &value,
                             const MotionOperationContext &context);

} // namespace bpat::cli
