// bpat.fix: `bpat fix` for scripts, the core's FileFixer (the code of the command and of the
// window's Fix actions): the repaired file written in the input's version, validated, then
// atomically; the report (per clip what changed, with its object-space error, and the lint's
// counts before and after) as a dict with the keys of `bpat fix --json`. Runs without the GIL
// and stops on Ctrl-C with nothing written; refusals raise bpat.Error subclasses with the code.
#include "PyBindings.h"
#include "PyJson.h"
#include "PyWork.h"

#include "repair/FileFixer.h"

namespace bpat::python {

namespace {

ErrorKind kindOf(const QString &code)
{
    if (code == QLatin1String("CLIP_NOT_FOUND"))
        return ErrorKind::NotFound;
    if (code == QLatin1String("NOTHING_ASKED"))
        return ErrorKind::Usage;
    if (code == QLatin1String("IO_ERROR"))
        return ErrorKind::File;
    return ErrorKind::Refused;
}

int framesArgument(const py::object &value, const char *name, int lowest)
{
    const int n = value.cast<int>();
    if (n < lowest || n > 1000)
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
              QStringLiteral("%1: expected a number of frames from %2 to 1000").arg(QLatin1String(name)).arg(lowest));
    return n;
}

py::dict fix(const py::handle &sourceArg, const py::handle &outputArg, const py::object &clips, bool loopSeam, bool footLock,
             bool smoothPops, bool boneLengths, const py::object &ground, bool all, const py::object &seamWindow,
             const py::object &blend, const py::object &footPhases, const py::object &motionTolerance)
{
    const QString source = pathArgument(sourceArg);
    const QString output = pathArgument(outputArg);
    FixOptions options;
    if (py::isinstance<py::str>(clips))
        options.clips = {clips.cast<QString>()};
    else if (!clips.is_none())
        for (const py::handle &c : clips)
            options.clips << py::str(c).cast<QString>();
    options.loopSeam = loopSeam;
    options.footLock = footLock;
    options.smoothPops = smoothPops;
    options.boneLengths = boneLengths;
    options.all = all;
    if (!ground.is_none()) {
        const QString mode = ground.cast<QString>();
        if (mode == QLatin1String("lift"))
            options.ground = GroundOptions::Mode::Lift;
        else if (mode == QLatin1String("ik"))
            options.ground = GroundOptions::Mode::Ik;
        else
            raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
                  QStringLiteral("ground: expected 'lift' or 'ik', got '%1'").arg(mode));
    }
    if (!seamWindow.is_none())
        options.seam.window = framesArgument(seamWindow, "seam_window", 1);
    if (!blend.is_none())
        options.lock.blendFrames = framesArgument(blend, "blend", 0);
    if (!footPhases.is_none()) {
        const QString from = footPhases.cast<QString>();
        if (from == QLatin1String("table"))
            options.lock.phases = FootLockOptions::Phases::ContactTable;
        else if (from != QLatin1String("heights"))
            raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
                  QStringLiteral("foot_phases: expected 'heights' or 'table', got '%1'").arg(from));
    }
    if (!motionTolerance.is_none()) {
        for (const auto &[key, value] : motionTolerance.cast<py::dict>()) {
            QString error;
            if (!options.thresholds.set(py::str(key).cast<QString>(), value.cast<double>(), &error))
                raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("motion_tolerance: %1").arg(error));
        }
    }
    if (!options.asksAnything())
        raise(ErrorKind::Usage, QStringLiteral("NOTHING_ASKED"),
              QStringLiteral("no repair asked: loop_seam, foot_lock, smooth_pops, bone_lengths, ground or all"));
    FileFixResult result;
    runCancellable([&](const std::atomic<bool> &cancel) { result = FileFixer::fix(source, output, options, &cancel); });
    if (!result.saved) {
        if (result.errorCode == QLatin1String("WRITE_FAILED"))
            raiseRefused(result.errorCode, result.error, output, result.validation.issues);
        raise(kindOf(result.errorCode), result.errorCode, result.error, source);
    }
    return fromJson(result.toJson(source, output));
}

} // namespace

void bindFix(py::module_ &m)
{
    m.def("fix", &fix, py::arg("source"), py::arg("output"), py::arg("clips") = py::none(), py::arg("loop_seam") = false,
          py::arg("foot_lock") = false, py::arg("smooth_pops") = false, py::arg("bone_lengths") = false,
          py::arg("ground") = py::none(), py::arg("all") = false, py::arg("seam_window") = py::none(),
          py::arg("blend") = py::none(), py::arg("foot_phases") = py::none(), py::arg("motion_tolerance") = py::none(),
          "`bpat fix`: repairs what the motion lint finds (loop seams, skating feet, pops, stretched bones, feet under "
          "the ground) and writes the result in the input's version; returns the report of `bpat fix --json`.");
}

} // namespace bpat::python
