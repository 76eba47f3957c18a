#include "ValidationRun.h"

#include "io/AtomicFile.h"
#include "diagnostics/ValidationReport.h"
#include "motion/ProfileValidator.h"
#include "motion/MotionCodes.h"

#include <QFileInfo>
#include <atomic>

namespace bpat::studio {

QStringList validationProfiles()
{
    return {profileName(ValidationProfile::Spec), profileName(ValidationProfile::Game), profileName(ValidationProfile::Motion)};
}

bool isKnownProfile(const QString &profile)
{
    return profileFromName(profile).has_value();
}

static ValidationProfile toProfile(const QString &profile)
{
    return profileFromName(profile).value_or(ValidationProfile::Spec);
}

Diagnostics quickValidation(const BpatFile &file, ValidationProfile profile)
{
    // The motion profile reads every frame: quick enough for the game's files (a few ms), left to
    // Run Deep Checks (in the background, with progress and cancel) for a file of more than
    // QuickMotionPositions bone positions, whose structure is checked meanwhile.
    if (profile == ValidationProfile::Motion && file.hasHeader()
        && quint64(file.header().frameTotal) * file.header().boneCount > QuickMotionPositions) {
        Diagnostics out;
        for (const Diagnostic &d : Validator(ValidationOptions::make(ValidationProfile::Spec)).validate(file).issues) {
            if (d.severity == Severity::Error)
                out.append(d);
        }
        out.append(
            Diagnostic{MotionCodes::MOTION_NOT_CHECKED, Severity::Info,
                       QStringLiteral("%1 frames x %2 bones: Run Deep Checks to judge this file's motion in the background")
                           .arg(file.header().frameTotal)
                           .arg(file.header().boneCount),
                       std::nullopt, DiagnosticLocation::region(QStringLiteral("file"))});
        return out;
    }
    return ProfileValidator(ValidationOptions::make(profile)).validate(file).issues;
}

Diagnostics quickValidation(const BpatFile &file, ValidationProfile profile, GameEra era)
{
    ValidationOptions options = ValidationOptions::make(profile);
    options.gameEra = era;
    return ProfileValidator(options).validate(file).issues;
}

Diagnostics quickValidation(const BpatFile &file, const QString &profile)
{
    return quickValidation(file, toProfile(profile));
}

Diagnostics deepValidation(const BpatFile &file, const QString &profile, const DeepProgress &progress, GameEra era)
{
    std::atomic<bool> cancel{false};
    ValidationOptions options = ValidationOptions::make(toProfile(profile), true);
    options.gameEra = era;
    options.cancel = &cancel;
    options.progress = [&](quint64 done, quint64 total) {
        const double fraction = total > 0 ? double(done) / double(total) : 1.0;
        if (progress && !progress(fraction))
            cancel = true;
    };
    return ProfileValidator(options).validate(file).issues;
}

bool writeJsonReport(const QString &path, const QString &filePath, const Diagnostics &diagnostics, const QString &profile,
                     QString *error, bool deep, GameEra era)
{
    ValidatedFile validated;
    validated.path = filePath;
    validated.result.issues = diagnostics;
    validated.result.counts = countDiagnostics(diagnostics);
    const ValidationReport::RunInfo run{
        toProfile(profile), deep, {}, toProfile(profile) == ValidationProfile::Game ? gameEra::name(era) : QString()};
    return AtomicFile::write(path, ValidationReport::toJson(run, {validated}), error);
}

} // namespace bpat::studio
