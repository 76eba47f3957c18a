#pragma once
// What this build is: the release version (the project's, 0.2.0) and the git revision it was
// built from (`git describe --tags --always --dirty`, "unknown" outside a git checkout), for
// `bpat --version`, `bpat-studio --version` and Help > About. Outputs (files written, glTF
// generators) name the version only, so they stay the same from one build to the next.
#include <QString>

namespace bpat::BuildInfo {

QString version();  // "0.2.0"
QString revision(); // "v0.2.0-12-g1a2b3c4", "1a2b3c4-dirty" or "unknown"
QString describe(); // "0.2.0 (git 1a2b3c4)" or "0.2.0 (revision unknown)"

} // namespace bpat::BuildInfo
