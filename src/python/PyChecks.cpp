// bpat.open, bpat.detect, bpat.validate, bpat.codes and bpat.analyze: reading and checking files
// through the format registry, the validators and the motion analysis, as `bpat validate` and
// `bpat analyze` do.
#include "PyBindings.h"
#include "PyBpatFile.h"
#include "PyJson.h"
#include "PyWork.h"

#include "bpat/GameEra.h"
#include "bpat/Validator.h"
#include "diagnostics/ValidationCodes.h"
#include "formats/FormatRegistry.h"
#include "io/NativeName.h"
#include "motion/GaitAnalyzer.h"
#include "motion/GaitJson.h"
#include "motion/ProfileValidator.h"

namespace bpat::python {

namespace {

// profile None: 'spec', or 'game' when a game era is given (as `bpat validate --game-era` alone).
ValidationOptions validationOptions(const py::object &profileArg, const py::object &era, bool deep, int maxIssues,
                                    const py::object &motion, int threads)
{
    const QString profile =
        profileArg.is_none() ? (era.is_none() ? QStringLiteral("spec") : QStringLiteral("game")) : profileArg.cast<QString>();
    const auto chosen = profileFromName(profile);
    if (!chosen)
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
              QStringLiteral("unknown profile '%1' (expected spec, game or motion)").arg(profile));
    std::optional<GameEra> chosenEra = GameEra::Current;
    if (!era.is_none()) {
        chosenEra = gameEra::fromName(era.cast<QString>());
        if (!chosenEra)
            raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
                  QStringLiteral("unknown game era '%1' (expected %2)")
                      .arg(era.cast<QString>(), gameEra::names().join(QStringLiteral(", "))));
        if (*chosen != ValidationProfile::Game)
            raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
                  QStringLiteral("game_era judges the game profile: profile='game'"));
    }
    if (maxIssues < 0)
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("max_issues must be 0 (all) or more"));
    ValidationOptions options = ValidationOptions::make(*chosen, deep, maxIssues);
    options.gameEra = *chosenEra;
    options.threads = threads;
    if (!motion.is_none()) {
        for (const auto &[key, value] : motion.cast<py::dict>()) {
            QString why;
            if (!options.motion.set(key.cast<QString>(), value.cast<double>(), &why))
                raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("motion: %1").arg(why));
        }
    }
    return options;
}

// Runs a validation without the GIL; a deep one on a thread of its own that Ctrl-C cancels.
ValidationResult runValidation(const ValidationOptions &given,
                               const std::function<ValidationResult(const ValidationOptions &)> &validate)
{
    ValidationResult result;
    if (!given.deep) {
        withoutGil([&] { result = validate(given); });
        return result;
    }
    runCancellable([&](const std::atomic<bool> &cancel) {
        ValidationOptions options = given;
        options.cancel = &cancel;
        result = validate(options);
    });
    return result;
}

py::object resultRecord(const QString &path, const QString &kind, const ValidationOptions &options, const ValidationResult &r)
{
    py::dict f;
    f["path"] = NativeName::display(path);
    f["kind"] = kind;
    f["profile"] = profileName(options.profile);
    f["game_era"] =
        options.profile == ValidationProfile::Game ? py::cast(gameEra::name(options.gameEra)) : py::object(py::none());
    f["deep"] = options.deep;
    f["valid"] = r.valid();
    f["errors"] = r.counts.errors;
    f["warnings"] = r.counts.warnings;
    f["infos"] = r.counts.infos;
    f["issues"] = diagnostics(r.issues);
    f["truncated"] = r.truncated;
    f["cancelled"] = r.cancelled;
    return record("ValidationResult", f);
}

py::object validatePath(const py::handle &pathArg, const py::object &profile, const py::object &era, bool deep, int maxIssues,
                        const py::object &motion, int threads)
{
    if (py::isinstance<PyBpatFile>(pathArg))
        return validateOpened(pathArg.cast<const PyBpatFile &>().file(), profile, era, deep, maxIssues, motion, threads);
    const QString path = pathArgument(pathArg);
    ValidationOptions options = validationOptions(profile, era, deep, maxIssues, motion, threads);
    options.releaseBehind = true; // mapped to be checked once, as the CLI does
    const ValidationResult r =
        runValidation(options, [&](const ValidationOptions &o) { return FormatRegistry::validate(path, o); });
    return resultRecord(path, FormatRegistry::forPath(path).id, options, r);
}

QString kindName(FileKind kind)
{
    for (const FileFormat &f : FormatRegistry::formats()) {
        if (f.kind == kind)
            return f.id;
    }
    return QString();
}

py::object openPath(const py::handle &pathArg)
{
    const QString path = pathArgument(pathArg);
    const FileKind kind = withoutGil([&] { return FormatRegistry::detect(path); });
    switch (kind) {
    case FileKind::Bpsm: return openSnapshot(path);
    case FileKind::Bprm: return openBody(path);
    case FileKind::InputAnimation: return openRecording(path);
    case FileKind::Bpat:
    case FileKind::Unknown: // BPAT's reader says what it is not (BAD_MAGIC, FILE_TOO_SMALL, IO_ERROR)
        return py::cast(openBpat(path));
    default: break;
    }
    raise(ErrorKind::File, QStringLiteral("UNSUPPORTED_KIND"),
          QStringLiteral("%1 is a %2 file, which the Python module does not open yet (bpat.validate checks it)")
              .arg(NativeName::display(path), kindName(kind)),
          path);
}

py::dict analyzeFile(const BpatFile &file, const py::object &clips, const py::object &cycleTimes)
{
    const QString path = file.path();
    if (!file.clipTableInBounds() || !file.paletteInBounds())
        raise(ErrorKind::File, file.clipTableInBounds() ? codes::PALETTE_OUT_OF_BOUNDS : codes::CLIP_TABLE_OUT_OF_BOUNDS,
              QStringLiteral("%1: the clip table or the palette is not inside the file (run bpat.validate)")
                  .arg(NativeName::display(path)),
              path);
    QList<double> cycles = GaitAnalyzer::defaultCycleTimes();
    if (!cycleTimes.is_none()) {
        for (const py::handle &t : listArgument(cycleTimes, "cycle_times")) {
            const double seconds = t.cast<double>();
            if (!(seconds > 0.0) || !(seconds < 1e6))
                raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
                      QStringLiteral("cycle time %1: expected a number of seconds > 0").arg(seconds));
            if (!cycles.contains(seconds))
                cycles.append(seconds);
        }
    }
    QList<int> chosen;
    if (!clips.is_none()) {
        const PyBpatFile handle(file);
        for (const py::handle &c : listArgument(clips, "clips"))
            chosen.append(handle.clipIndex(c));
    } else {
        for (int c = 0; c < file.clips().size(); ++c)
            chosen.append(c);
    }
    QList<ClipGait> reports;
    const GaitAnalyzer analyzer(file);
    withoutGil([&] {
        for (int c : chosen)
            reports.append(analyzer.analyze(c, cycles));
    });
    if (file.isStale())
        raise(ErrorKind::File, codes::FILE_CHANGED, QStringLiteral("an input file shrank while it was being read"), path);
    return fromJson(GaitJson::report(file, NativeName::display(path), analyzer.rig(), reports));
}

} // namespace

py::object validateOpened(const BpatFile &file, const py::object &profile, const py::object &era, bool deep, int maxIssues,
                          const py::object &motion, int threads)
{
    const ValidationOptions options = validationOptions(profile, era, deep, maxIssues, motion, threads);
    const ValidationResult r =
        runValidation(options, [&](const ValidationOptions &o) { return ProfileValidator(o).validate(file); });
    return resultRecord(file.path(), QStringLiteral("bpat"), options, r);
}

py::dict analyzeOpened(const BpatFile &file, const py::object &clips, const py::object &cycleTimes)
{
    return analyzeFile(file, clips, cycleTimes);
}

void bindChecks(py::module_ &m)
{
    m.def("open", &openPath, py::arg("path"),
          "Opens a file by its kind (name and magic, as the command line): a bpat.BpatFile (any BPAT dialect, mapped in "
          "place), a bpat.SnapshotFile (BPSM, mapped), a bpat.BodyFile (BPRM, a rigged body, mapped) or a bpat.Recording "
          "(an input animation .bin, read). bpat.FileError with the code (IO_ERROR, BAD_MAGIC, FILE_TOO_SMALL, ANIM_*, "
          "BPSM_*, BPRM_*) when it cannot be read.");
    m.def(
        "detect",
        [](const py::handle &pathArg) -> py::object {
            const QString path = pathArgument(pathArg);
            const FileKind kind = withoutGil([&] { return FormatRegistry::detect(path); });
            return kind == FileKind::Unknown ? py::object(py::none()) : py::cast(kindName(kind));
        },
        py::arg("path"),
        "The kind of a file ('bpat', 'bpsm', 'input-animation'...), from its name and first bytes; None if unknown.");
    m.def(
        "folder_globs", [] { return FormatRegistry::folderGlobs(); },
        "The patterns `bpat validate DIR` looks for in folders ('*.bpat', '*.bpsm', '*.bprm').");
    m.def(
        "validate", &validatePath, py::arg("path"), py::arg("profile") = py::none(), py::arg("game_era") = py::none(),
        py::arg("deep") = false, py::arg("max_issues") = 0, py::arg("motion") = py::none(), py::arg("threads") = 0,
        "Every finding about one file, as `bpat validate --json` reports it, as a bpat.ValidationResult: profile 'spec' "
        "(the format documents; the default), 'game' (what the game accepts: the current game, or the reader of "
        "`game_era` 'v1', 'v2', 'v3-early'; a game_era alone means the game profile) or 'motion' (the motion lint; "
        "`motion` sets its thresholds, {'pop_factor': 5}); deep=True checks every matrix and socket row (without the GIL; Ctrl-C "
        "cancels). `path` may be an opened bpat.BpatFile. A file that cannot be read is a finding (IO_ERROR), not an "
        "exception.");
    m.def(
        "codes",
        [] {
            py::list out;
            for (const CodeInfo &c : ValidationCodes::all()) {
                py::dict d;
                d["code"] = c.code;
                d["spec_severity"] = severityName(c.specSeverity);
                d["game_severity"] = severityName(c.gameSeverity);
                d["deep"] = c.deep;
                d["description"] = c.description;
                out.append(d);
            }
            return out;
        },
        "The catalogue of BPAT validation codes (docs/validation.md): code, severities per profile, deep, description.");
    m.def(
        "analyze",
        [](const py::handle &fileArg, const py::object &clips, const py::object &cycleTimes) {
            if (py::isinstance<PyBpatFile>(fileArg))
                return analyzeFile(fileArg.cast<const PyBpatFile &>().file(), clips, cycleTimes);
            return analyzeFile(openBpat(pathArgument(fileArg)).file(), clips, cycleTimes);
        },
        py::arg("path"), py::arg("clips") = py::none(), py::arg("cycle_times") = py::none(),
        "The game's gait report per clip, the dict `bpat analyze --json` prints (specs/motion-analysis.md): foot travel, "
        "planted-foot retreat, skate-free speed per cycle time (0.70, 0.85 and 1.00 s, and any of `cycle_times`), lift, "
        "swing, bob, sway, twist, step width, worst bone stretch. `clips`: names or indices (default all).");
}

} // namespace bpat::python
