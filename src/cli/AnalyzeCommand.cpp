// `bpat analyze FILE [--clip NAME]... [--json|--csv] [--cycle-time S]...`: the game's gait
// report for every clip (humanoids: the game's own numbers; quadrupeds: per foot), see
// specs/motion-analysis.md and docs/cli.md.
#include "bpat/BpatFile.h"
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "io/NativeName.h"
#include "motion/GaitAnalyzer.h"
#include "motion/GaitJson.h"

#include <QCommandLineParser>
#include <algorithm>
#include <QJsonArray>

namespace bpat::cli {

namespace {

QString fixed(double v, int decimals = 4)
{
    return QString::number(v, 'f', decimals);
}

QString speeds(const ClipGait &g)
{
    QStringList parts;
    for (const auto &[t, v] : g.skateFreeSpeeds)
        parts << fixed(v, 3);
    return parts.join(QLatin1Char('/'));
}

QString stretch(const ClipGait &g)
{
    if (!g.hasStretch)
        return QStringLiteral("-");
    // The rig's names of the pair; the game's report's label beside them for the humanoid.
    if (g.stretchMeasure == ClipGait::StretchMeasure::RigLength)
        return QStringLiteral("%1 %2 (%3), frame %4").arg(fixed(g.worstStretch), g.worstLink, g.worstBone).arg(g.worstFrame);
    return QStringLiteral("%1 %2, frame %3").arg(fixed(g.worstStretch), g.worstLink).arg(g.worstFrame);
}

// The text table's header: the columns every clip has, the report's `metrics` (7 wide each), the
// skate-free speeds and the stretch column, as the rows below them are laid out.
QString tableHeader(const QStringList &metrics, const QString &speeds, const QString &stretch)
{
    QString line = QStringLiteral("%1 %2 %3 %4")
                       .arg(QStringLiteral("clip"), -24)
                       .arg(QStringLiteral("frames"), 6)
                       .arg(QStringLiteral("fps"), 6)
                       .arg(QStringLiteral("loop"), 4);
    for (const QString &m : metrics)
        line += QLatin1Char(' ') + QStringLiteral("%1").arg(m, 7);
    return line + QStringLiteral("  %1  ").arg(speeds, -26) + stretch + QLatin1Char('\n');
}

QString textReport(const BpatFile &file, const GaitAnalyzer &analyzer, const QList<ClipGait> &clips, const QList<double> &cycles)
{
    const MotionRig &rig = analyzer.rig();
    QStringList cycleNames;
    for (double t : cycles)
        cycleNames << GaitJson::cycleKey(t);
    QString t =
        QStringLiteral("%1: %2 (%3), %4 report; bones: %5\n")
            .arg(shown(file.path()),
                 file.speciesName().isEmpty() ? QStringLiteral("species %1").arg(file.header().speciesId) : file.speciesName(),
                 format::dialectName(file.dialect()), MotionRig::kindName(rig.kind), rig.rigSource);
    const bool humanoid = rig.kind == MotionRig::Kind::Humanoid;
    const QString speedsColumn = QStringLiteral("skate-free m/s (%1 s)").arg(cycleNames.join(QLatin1Char('/')));
    if (humanoid) {
        t += tableHeader({QStringLiteral("travel"), QStringLiteral("retreat"), QStringLiteral("lift"), QStringLiteral("hand"),
                          QStringLiteral("bob"), QStringLiteral("sway"), QStringLiteral("twist"), QStringLiteral("width")},
                         speedsColumn, QStringLiteral("limb stretch (length / rig length)"));
    } else {
        t += tableHeader({QStringLiteral("travel"), QStringLiteral("lift"), QStringLiteral("retreat")}, speedsColumn,
                         QStringLiteral("length change (length / median in the clip)"));
    }
    for (const ClipGait &g : clips) {
        const QString head = QStringLiteral("%1 %2 %3 %4 ")
                                 .arg(shown(g.name), -24)
                                 .arg(g.frames, 6)
                                 .arg(formatFloat(g.fps), 6)
                                 .arg(g.loops ? QStringLiteral("yes") : QStringLiteral("no"), 4);
        if (!g.reported) {
            t += head + g.note + QLatin1Char('\n');
        } else if (humanoid) {
            t += head
                + QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8  %9  %10\n")
                      .arg(fixed(g.footTravel), 7)
                      .arg(fixed(g.contactRetreat), 7)
                      .arg(fixed(g.footLift), 7)
                      .arg(fixed(g.handSwing), 7)
                      .arg(fixed(g.pelvisBob), 7)
                      .arg(fixed(g.pelvisSway), 7)
                      .arg(fixed(g.shoulderTwist), 7)
                      .arg(fixed(g.stepWidth), 7)
                      .arg(speeds(g), -26)
                      .arg(stretch(g));
        } else if (!g.feet.isEmpty()) {
            t += head
                + QStringLiteral("%1 %2 %3  %4  %5\n")
                      .arg(fixed(g.footTravel), 7)
                      .arg(fixed(g.footLift), 7)
                      .arg(fixed(g.contactRetreat), 7)
                      .arg(speeds(g), -26)
                      .arg(stretch(g));
        } else {
            t += head
                + QStringLiteral("%1 %2 %3  %4  %5\n")
                      .arg(QStringLiteral("-"), 7)
                      .arg(QStringLiteral("-"), 7)
                      .arg(QStringLiteral("-"), 7)
                      .arg(QStringLiteral("- (no feet known)"), -26)
                      .arg(stretch(g));
        }
    }
    if (!humanoid && rig.kind == MotionRig::Kind::Quadruped)
        t += QStringLiteral(
            "quadruped: travel and lift are the largest of the four feet, retreat their median; per foot in --json and --csv\n");
    return t;
}

QString csvReport(const QList<ClipGait> &clips, const QList<double> &cycles, const MotionRig &rig)
{
    QStringList header{QStringLiteral("clip"), QStringLiteral("frames"), QStringLiteral("fps"), QStringLiteral("loops")};
    const bool humanoid = rig.kind == MotionRig::Kind::Humanoid;
    if (humanoid) {
        header << QStringLiteral("foot_travel") << QStringLiteral("contact_retreat") << QStringLiteral("foot_lift")
               << QStringLiteral("hand_swing") << QStringLiteral("pelvis_bob") << QStringLiteral("pelvis_sway")
               << QStringLiteral("shoulder_twist") << QStringLiteral("step_width");
    } else {
        header << QStringLiteral("foot_travel") << QStringLiteral("foot_lift") << QStringLiteral("contact_retreat");
        for (const QString &label : rig.footLabels)
            header << label + QStringLiteral("_travel") << label + QStringLiteral("_lift")
                   << label + QStringLiteral("_contact_retreat");
    }
    for (double c : cycles)
        header << QStringLiteral("skate_free_speed_%1").arg(GaitJson::cycleKey(c));
    header << QStringLiteral("worst_bone_stretch") << QStringLiteral("worst_bone") << QStringLiteral("stretch_measure")
           << QStringLiteral("worst_link") << QStringLiteral("worst_stretch_frame");
    QString t = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const ClipGait &g : clips) {
        const QString name = shown(g.name);
        QStringList row{name.contains(QLatin1Char(',')) ? QLatin1Char('"') + name + QLatin1Char('"') : name,
                        QString::number(g.frames), formatFloat(g.fps), g.loops ? QStringLiteral("1") : QStringLiteral("0")};
        if (!g.reported) {
            while (row.size() < header.size())
                row << QString();
        } else {
            if (humanoid) {
                for (double v : {g.footTravel, g.contactRetreat, g.footLift, g.handSwing, g.pelvisBob, g.pelvisSway,
                                 g.shoulderTwist, g.stepWidth})
                    row << fixed(v, 6);
            } else {
                row << fixed(g.footTravel, 6) << fixed(g.footLift, 6) << fixed(g.contactRetreat, 6);
                for (int f = 0; f < rig.footLabels.size(); ++f) {
                    const FootGait foot = g.feet.value(f);
                    row << fixed(foot.travel, 6) << fixed(foot.lift, 6) << fixed(foot.contactRetreat, 6);
                }
            }
            for (const auto &[c, v] : g.skateFreeSpeeds)
                row << (rig.kind == MotionRig::Kind::Other ? QString() : fixed(v, 6));
            row << (g.hasStretch ? fixed(g.worstStretch, 6) : QString()) << g.worstBone
                << (g.hasStretch ? ClipGait::measureKey(g.stretchMeasure) : QString()) << g.worstLink
                << (g.hasStretch ? QString::number(g.worstFrame) : QString());
        }
        t += row.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return t;
}

int runAnalyze(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption clip(QStringLiteral("clip"), QStringLiteral("Only this clip (name or index); repeatable."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON (docs/cli.md has the keys)."));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Print CSV, one clip a row."));
    const QCommandLineOption cycle(
        QStringLiteral("cycle-time"),
        QStringLiteral("Also give the skate-free speed for a cycle of S seconds (repeatable; 0.70, 0.85 and 1.00 always)."),
        QStringLiteral("S"));
    parser.addOptions({clip, json, csv, cycle});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A BPAT file of any version."));
    if (const auto exit = parseArguments(
            parser, args,
            QStringLiteral(
                "The game's gait report for each clip: foot travel, planted-foot retreat and "
                "skate-free speed, lift, swing, bob, sway, twist, step width, limb stretch (humanoid: against the game's rig "
                "lengths) or length change (other rigs: against each bone's median in the clip).")))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return usageError(parser, command, QStringLiteral("expected exactly one FILE"));
    if (parser.isSet(json) && parser.isSet(csv))
        return usageError(parser, command, QStringLiteral("--json and --csv exclude each other"));
    QList<double> cycles = GaitAnalyzer::defaultCycleTimes();
    for (const QString &text : parser.values(cycle)) {
        bool ok = false;
        const double seconds = text.toDouble(&ok);
        if (!ok || !(seconds > 0.0) || !(seconds < 1e6))
            return usageError(parser, command, QStringLiteral("--cycle-time %1: expected a number of seconds > 0").arg(text));
        if (!cycles.contains(seconds))
            cycles.append(seconds);
    }
    const bool asJson = parser.isSet(json);
    const QString path = parser.positionalArguments().constFirst();
    QString error;
    const auto file = BpatFile::open(path, &error);
    if (!file)
        return jsonFailure(command, asJson, QStringLiteral("IO_ERROR"), path, error);
    if (!file->hasMagic())
        return jsonFailure(command, asJson, file->hasHeader() ? QStringLiteral("BAD_MAGIC") : QStringLiteral("FILE_TOO_SMALL"),
                           path, QStringLiteral("%1 is not a BPAT file").arg(NativeName::display(path)));
    if (!file->clipTableInBounds() || !file->paletteInBounds())
        return jsonFailure(command, asJson,
                           file->clipTableInBounds() ? QStringLiteral("PALETTE_OUT_OF_BOUNDS")
                                                     : QStringLiteral("CLIP_TABLE_OUT_OF_BOUNDS"),
                           path,
                           QStringLiteral("%1: the clip table or the palette is not inside the file (run bpat validate)")
                               .arg(NativeName::display(path)));
    QList<int> chosen;
    for (const QString &name : parser.values(clip)) {
        const int index = file->findClipByNameOrIndex(name);
        if (index < 0)
            return jsonFailure(command, asJson, QStringLiteral("CLIP_NOT_FOUND"), path, QStringLiteral("no clip '%1'").arg(name));
        chosen.append(index);
    }
    if (chosen.isEmpty()) {
        for (int c = 0; c < file->clips().size(); ++c)
            chosen.append(c);
    }
    const GaitAnalyzer analyzer(*file);
    QList<ClipGait> reports;
    for (int c : chosen)
        reports.append(analyzer.analyze(c, cycles));
    if (file->isStale())
        return jsonFailure(command, asJson, QStringLiteral("FILE_CHANGED"), path,
                           QStringLiteral("an input file shrank while it was being read"));
    if (asJson) {
        printJson(GaitJson::report(*file, NativeName::display(path), analyzer.rig(), reports));
    } else if (parser.isSet(csv)) {
        printOut(csvReport(reports, cycles, analyzer.rig()));
    } else {
        printOut(textReport(*file, analyzer, reports, cycles));
    }
    // Success only when something was analysed and nothing asked for was left out because the
    // file does not hold it (a bone_count of 0, frames past the end).
    const auto unreadable = std::find_if(reports.cbegin(), reports.cend(), [](const ClipGait &g) { return g.unreadable; });
    if (unreadable != reports.cend())
        return failure(command,
                       QStringLiteral("%1: %2 of %3 clips could not be analysed (clip %4: %5; run bpat validate)")
                           .arg(path)
                           .arg(std::count_if(reports.cbegin(), reports.cend(), [](const ClipGait &g) { return g.unreadable; }))
                           .arg(reports.size())
                           .arg(unreadable->name, unreadable->note));
    if (std::none_of(reports.cbegin(), reports.cend(), [](const ClipGait &g) { return g.reported; }))
        return failure(command, QStringLiteral("%1: nothing analysed: no clip asked for has 4 frames or more").arg(path));
    return ExitOk;
}

const CommandRegistrar registrar(
    {QStringLiteral("analyze"),
     QStringLiteral("analyze FILE [--clip NAME]... [--json|--csv] [--cycle-time S]: the game's gait report per clip"),
     runAnalyze});

} // namespace

} // namespace bpat::cli
