#pragma once
// The bridge between the inspector and the core Validator: quick checks on open, deep checks
// in the background (DeepCheckRunner, a job of the JobController: progress, cancel) and the
// JSON report of `bpat validate --json`.
#include "bpat/BpatFile.h"
#include "bpat/GameEra.h"
#include "diagnostics/Diagnostic.h"
#include "diagnostics/ValidationCodes.h"

#include <QStringList>
#include <functional>

namespace bpat::studio {

QStringList validationProfiles(); // "spec", "game", "motion"
// Files of more bone positions (frames x bones) than this get the motion profile from Run Deep
// Checks only, not on open.
constexpr quint64 QuickMotionPositions = quint64(4) << 20;
bool isKnownProfile(const QString &profile);
// The checks that read only the header and tables (fast; run on every open and reload).
Diagnostics quickValidation(const BpatFile &file, ValidationProfile profile);
// The game profile judged against `era` (the spec profile ignores it).
Diagnostics quickValidation(const BpatFile &file, ValidationProfile profile, GameEra era);
Diagnostics quickValidation(const BpatFile &file, const QString &profile);
// Quick checks plus the deep checks over every matrix. `progress` gets the fraction done (0..1)
// and returns false to stop (the result is then incomplete).
using DeepProgress = std::function<bool(double fraction)>;
Diagnostics deepValidation(const BpatFile &file, const QString &profile, const DeepProgress &progress,
                           GameEra era = GameEra::Current);
// The report as `bpat validate --json` writes it (tool, version, time, profile, deep), saved
// with QSaveFile.
bool writeJsonReport(const QString &path, const QString &filePath, const Diagnostics &diagnostics, const QString &profile,
                     QString *error, bool deep = false, GameEra era = GameEra::Current);

} // namespace bpat::studio
