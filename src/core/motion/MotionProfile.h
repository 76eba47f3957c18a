#pragma once
// The `motion` validation profile: what ProfileValidator runs when asked for it. The
// file's structure is checked first as in the `spec` profile (with its deep checks when asked):
// a file with errors there cannot be judged, and only those errors are reported, with a
// MOTION_NOT_CHECKED note. Otherwise the findings are the motion lint's (MotionLint), with the
// severities it gives them (docs/validation.md, "Motion codes").
#include "bpat/Validator.h"

namespace bpat {

namespace MotionProfile {

ValidationResult validate(const BpatFile &file, const ValidationOptions &options);

} // namespace MotionProfile

} // namespace bpat
