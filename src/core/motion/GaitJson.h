#pragma once
// The JSON form of gait reports, shared by `bpat analyze --json` and the Python module
// (docs/cli.md has the contract): {"file", "species", "clips": [{"name", "frames", "fps",
// "loops", "kind", "metrics": {...}}]}.
#include "motion/ClipGait.h"
#include "motion/MotionRig.h"

#include <QJsonObject>

namespace bpat {

class BpatFile;

namespace GaitJson {

// A clip's entry; "metrics" is null (with "note") when the clip has no report.
QJsonObject clip(const ClipGait &gait);
// The whole document of `bpat analyze --json` for reports of `file`'s clips: {"file" (`path` as
// given, for people), "species", "species_id", "dialect", "kind", "rig", "clips"}.
QJsonObject report(const BpatFile &file, const QString &path, const MotionRig &rig, const QList<ClipGait> &clips);
// "0.70": the key of a cycle time in "skate_free_speed".
QString cycleKey(double seconds);

} // namespace GaitJson

} // namespace bpat
