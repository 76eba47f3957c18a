#include "ValidationRun.h"

#include "io/AtomicFile.h"
#include "diagnostics/ValidationReport.h"
#include "bpat/Validator.h"

#include <QFileInfo>
#include <atomic>

namespace bpat::studio {

QStringList validationProfiles()
{
    return {profileName(ValidationProfile::Spec), profileName(ValidationProfile::Game)};
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
    return Validator(ValidationOptions::make(profile)).validate(file).issues;
}

Diagnostics quickValidation(const BpatFile &file, ValidationProfile profile, GameEra era)
{
    ValidationOptions options = ValidationOptions::make(profile);
    options.gameEra = era;
    return Validator(options).validate(file).issues;
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
    return Validator(options).validate(file).issues;
}

bool writeJsonReport(const QString &path, const QString &filePath, const Diagnostics &diagnostics,
                     const QString &profile, QString *error, bool deep, GameEra era)
{
    ValidatedFile validated;
    validated.path = filePath;
    validated.result.issues = diagnostics;
    validated.result.counts = countDiagnostics(diagnostics);
    const ValidationReport::RunInfo run{toProfile(profile), deep, {},
                                        toProfile(profile) == ValidationProfile::Game ? gameEra::name(era) : QString()};
    return AtomicFile::write(path, ValidationReport::toJson(run, {validated}), error);
}

} // namespace bpat::studio
