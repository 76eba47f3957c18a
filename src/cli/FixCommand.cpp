// `bpat fix FILE -o OUT [--clip NAME]... [--loop-seam] [--foot-lock] [--smooth-pops]
// [--bone-lengths] [--ground lift|ik] [--all] [--json]`: repairs what the motion lint finds (a
// loop seam, skating feet, pops, stretched bones, feet under the ground) and writes the result
// in the input's own dialect (core repair/FileFixer: the code of bpat.fix() and of the window's
// Fix actions). Prints what changed per clip (frames, bones, object-space error) and the lint's
// counts before and after; nothing is written on any refusal.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "bpat/MotionThresholds.h"
#include "repair/FileFixer.h"

#include <QCommandLineParser>

namespace bpat::cli {

namespace {

int runFix(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption output = outputOption(QStringLiteral("The file to write (never the input)."));
    const QCommandLineOption clip(QStringLiteral("clip"),
                                  QStringLiteral("A clip to repair, by name or index (repeatable; default: every clip)."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption loopSeam(
        QStringLiteral("loop-seam"),
        QStringLiteral("Make looping clips cyclic: blend the end toward the pose that continues into "
                       "frame 0 (LOOP_SEAM)."));
    const QCommandLineOption footLock(QStringLiteral("foot-lock"),
                                      QStringLiteral("Lock planted feet to the ground with two-bone IK on the leg chains."));
    const QCommandLineOption smoothPops(QStringLiteral("smooth-pops"),
                                        QStringLiteral("Smooth the frames where a bone snaps (MOTION_POP)."));
    const QCommandLineOption boneLengths(QStringLiteral("bone-lengths"),
                                         QStringLiteral("Give stretched bones their median length back (BONE_STRETCH)."));
    const QCommandLineOption ground(QStringLiteral("ground"),
                                    QStringLiteral("Feet under the ground (FOOT_BELOW_GROUND): lift the pose, or ik the feet."),
                                    QStringLiteral("lift|ik"));
    const QCommandLineOption all(QStringLiteral("all"),
                                 QStringLiteral("Every repair the lint's findings ask for, in order (pops, bone lengths, seams, "
                                                "ground, contact records), then lint again."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    const QCommandLineOption seamWindow(
        QStringLiteral("seam-window"),
        QStringLiteral("Frames the loop seam blends (default: a quarter of the clip, at most 12)."), QStringLiteral("N"));
    const QCommandLineOption blend(QStringLiteral("blend"),
                                   QStringLiteral("Frames the foot lock blends in and out of each planted phase (default 3)."),
                                   QStringLiteral("N"));
    const QCommandLineOption phases(QStringLiteral("foot-phases"),
                                    QStringLiteral("Planted phases from the feet's heights (default) or the v3 contact table."),
                                    QStringLiteral("heights|table"));
    const QCommandLineOption tolerance(
        QStringLiteral("motion-tolerance"),
        QStringLiteral("A motion lint threshold (as bpat validate), e.g. pop_factor=5 (repeatable)."),
        QStringLiteral("KEY=VALUE"));
    parser.addOptions(
        {output, clip, loopSeam, footLock, smoothPops, boneLengths, ground, all, json, seamWindow, blend, phases, tolerance});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The BPAT file to repair (read only)."));
    if (const auto exit =
            parseOneInputOneOutput(parser, args,
                                   QStringLiteral("Repairs what the motion lint finds and writes the result as a new file "
                                                  "in the input's version."),
                                   output, QStringLiteral("FILE"), QStringLiteral("OUT")))
        return *exit;
    FixOptions options;
    options.clips = parser.values(clip);
    options.loopSeam = parser.isSet(loopSeam);
    options.footLock = parser.isSet(footLock);
    options.smoothPops = parser.isSet(smoothPops);
    options.boneLengths = parser.isSet(boneLengths);
    options.all = parser.isSet(all);
    if (parser.isSet(ground)) {
        const QString mode = parser.value(ground);
        if (mode == QLatin1String("lift"))
            options.ground = GroundOptions::Mode::Lift;
        else if (mode == QLatin1String("ik"))
            options.ground = GroundOptions::Mode::Ik;
        else
            return usageError(parser, command, QStringLiteral("--ground expects lift or ik, got '%1'").arg(mode));
    }
    if (!options.asksAnything())
        return usageError(parser, command,
                          QStringLiteral("no repair asked: give --loop-seam, --foot-lock, --smooth-pops, --bone-lengths, "
                                         "--ground lift|ik or --all"));
    const auto count = [&](const QCommandLineOption &option, int lowest, int *into) -> bool {
        if (!parser.isSet(option))
            return true;
        const std::optional<quint32> n = parseUInt(parser.value(option));
        if (!n || *n < quint32(lowest) || *n > 1000)
            return false;
        *into = int(*n);
        return true;
    };
    if (!count(seamWindow, 1, &options.seam.window))
        return usageError(parser, command, QStringLiteral("--seam-window expects a number of frames from 1 to 1000"));
    if (!count(blend, 0, &options.lock.blendFrames))
        return usageError(parser, command, QStringLiteral("--blend expects a number of frames from 0 to 1000"));
    if (parser.isSet(phases)) {
        const QString from = parser.value(phases);
        if (from == QLatin1String("table"))
            options.lock.phases = FootLockOptions::Phases::ContactTable;
        else if (from != QLatin1String("heights"))
            return usageError(parser, command, QStringLiteral("--foot-phases expects heights or table, got '%1'").arg(from));
    }
    for (const QString &kv : parser.values(tolerance)) {
        QString error;
        if (!options.thresholds.setFromText(kv, &error))
            return usageError(parser, command, QStringLiteral("--motion-tolerance %1").arg(error));
    }

    const QString input = parser.positionalArguments().constFirst();
    const QString out = parser.value(output);
    const FileFixResult r = FileFixer::fix(input, out, options);
    if (!r.saved)
        return jsonFailure(
            command, parser.isSet(json), r.errorCode, r.errorCode == QLatin1String("WRITE_FAILED") ? out : input,
            r.error
                + (r.error.contains(QLatin1String("nothing was written")) ? QString() : QStringLiteral("; nothing was written")));
    if (parser.isSet(json)) {
        printJson(r.toJson(input, out));
        return ExitOk;
    }
    printOut(r.report.toText(r.boneNames));
    for (const Diagnostic &d : r.report.newFindings)
        printErr(QStringLiteral("%1: warning: the repair brought in %2 at %3\n").arg(command, d.code, d.location.toString()));
    printOut(QStringLiteral("wrote %1 (%2, %3 of %4 clips changed)\n")
                 .arg(out, format::dialectName(r.dialect))
                 .arg(r.report.clipsChanged())
                 .arg(r.report.clips.size()));
    return ExitOk;
}

const CommandRegistrar registrar(Command{
    QStringLiteral("fix"),
    QStringLiteral("fix FILE -o OUT [--clip NAME]... [--loop-seam] [--foot-lock] [--smooth-pops] [--bone-lengths] "
                   "[--ground lift|ik] [--all] [--json] [--seam-window N] [--blend N] [--foot-phases heights|table] "
                   "[--motion-tolerance KEY=VALUE]..."),
    runFix});

} // namespace

} // namespace bpat::cli
