#pragma once
// The JSON form of gait reports, shared by `bpat analyze --json` and the Python module
// (docs/cli.md has the contract): {"file", "species", "clips": [{"name", "frames", "fps",
// "loops", "kind", "metrics": {...}}]}.
#include "motion/ClipGait.h"

#include <QJsonObject>

namespace bpat {

namespace GaitJson {

// A clip's entry; "metrics" is null (with "note") when the clip has no report.
QJsonObject clip(const ClipGait &gait);
// "0.70": the key of a cycle time in "skate_free_speed".
QString cycleKey(double seconds);

} // namespace GaitJson

} // namespace bpat
