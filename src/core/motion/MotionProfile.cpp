#include "motion/MotionProfile.h"

#include "bpat/BpatFile.h"
#include "motion/MotionCodes.h"
#include "motion/MotionLint.h"

namespace bpat::MotionProfile {

ValidationResult validate(const BpatFile &file, const ValidationOptions &options)
{
    ValidationOptions structure = options;
    structure.profile = ValidationProfile::Spec;
    structure.maxIssues = 0;
    const ValidationResult spec = Validator(structure).validate(file);
    DiagnosticSink sink(ValidationProfile::Motion, options.maxIssues);
    if (!spec.valid() || spec.cancelled) {
        for (const Diagnostic &d : spec.issues) {
            if (d.severity == Severity::Error)
                sink.addAsIs(d);
        }
        if (spec.cancelled)
            sink.setCancelled();
        sink.addAsIs(Diagnostic{MotionCodes::MOTION_NOT_CHECKED, Severity::Info,
                                spec.cancelled
                                    ? QStringLiteral("the motion is not checked: the checks were cancelled")
                                    : QStringLiteral("the motion is not checked: the file has errors in the spec profile "
                                                     "(bpat validate --profile spec)"),
                                std::nullopt, DiagnosticLocation::region(QStringLiteral("file"))});
        return sink.take();
    }
    MotionLint lint(file, options.motion);
    lint.setReleaseBehind(options.releaseBehind);
    lint.setThreads(options.threads);
    bool cancelled = false;
    const std::function<void(quint64, quint64)> progress = options.progress
        ? std::function<void(quint64, quint64)>([&](quint64 done, quint64 total) { options.progress(done, total); })
        : std::function<void(quint64, quint64)>();
    const Diagnostics findings = lint.run(options.cancel, progress, &cancelled);
    for (const Diagnostic &d : findings)
        sink.addAsIs(d);
    if (cancelled)
        sink.setCancelled();
    return sink.take();
}

} // namespace bpat::MotionProfile
