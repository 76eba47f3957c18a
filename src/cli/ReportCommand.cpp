// bpat report FILE|DIR [--against OLD] [--frames N] [--size WxH] [--camera VIEW] [--body MODE]
//   -o OUT.html
// The review page (ReportPage): per file its species, dialect, clips and verdicts (spec profile
// with the deep checks, and the current game's reader); per clip a filmstrip, the gait report and
// the motion lint's findings. With --against, what `bpat diff` finds against the older file or
// folder: changed clips with before and after filmstrips side by side (after with the ghost of
// before), the gait metrics' deltas, and one line for each clip that did not change.
#include "CliSupport.h"
#include "CommandRegistry.h"
#include "PictureSupport.h"
#include "ReportPage.h"

#include "AnimatedImage.h"
#include "Filmstrip.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "diff/DiffReport.h"
#include "diff/FileDiff.h"
#include "formats/FormatRegistry.h"
#include "io/AtomicFile.h"
#include "io/NativeName.h"
#include "io/RegularFile.h"
#include "motion/GaitAnalyzer.h"
#include "motion/GaitJson.h"
#include "motion/LocalChannels.h"
#include "species/Species.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QMap>
#include <algorithm>

using namespace bpat;
using namespace bpat::cli;

namespace {

struct Pictures
{
    studio::ClipRenderer *renderer = nullptr; // null: no pictures (why in `note`)
    QString note;
    int frames = 6;
    QSize size{200, 150};
    studio::ClipRenderer::Camera camera = studio::ClipRenderer::Camera::Side;
    studio::ClipRenderer::Body body = studio::ClipRenderer::Body::Full;
};

ReportPicture dataUri(const QImage &strip)
{
    if (strip.isNull())
        return {};
    const QByteArray webp = studio::AnimatedImage::stillWebp(strip, 80);
    if (!webp.isEmpty())
        return {QStringLiteral("data:image/webp;base64,") + QString::fromLatin1(webp.toBase64()), strip.size()};
    return {QStringLiteral("data:image/png;base64,") + QString::fromLatin1(pngBytes(strip).toBase64()), strip.size()};
}

// A clip's filmstrip as a data: URI; empty (and *error) when it cannot be drawn.
ReportPicture filmstrip(Pictures &p, const BpatFile &file, int clip, QString *error)
{
    if (!p.renderer || !p.renderer->setFile(file, error))
        return {};
    p.renderer->setBody(p.body);
    if (clip < 0 || clip >= p.renderer->clips().size()) {
        *error = QStringLiteral("clip %1 lies outside the palette").arg(clip);
        return {};
    }
    const QList<quint32> frames = spreadFrames(p.renderer->clips().at(clip).frameCount, p.frames);
    const QList<QImage> cells = renderFrames(*p.renderer, clip, frames, p.size, p.camera, true, error);
    if (cells.isEmpty())
        return {};
    return dataUri(studio::Filmstrip::compose(cells, {}));
}

QString number(double value)
{
    return QString::number(value, 'g', 4);
}

// The gait report's metrics as rows "name: value" (nested objects as "name.key").
void flatten(const QString &prefix, const QJsonValue &value, QList<QPair<QString, QString>> &rows)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            flatten(prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key(), it.value(), rows);
    } else if (value.isArray() && !value.toArray().isEmpty() && value.toArray().first().isObject()) {
        const QJsonArray items = value.toArray();
        for (qsizetype i = 0; i < items.size() && i < 16; ++i) {
            const QJsonObject item = items.at(i).toObject();
            const QString name = item.value(QLatin1String("name")).toString(item.value(QLatin1String("foot")).toString());
            flatten(QStringLiteral("%1[%2]").arg(prefix, name.isEmpty() ? QString::number(i) : name), item, rows);
        }
    } else if (value.isArray()) {
        QStringList items;
        for (const auto &item : value.toArray())
            items << (item.isDouble() ? number(item.toDouble()) : item.toVariant().toString());
        rows.append({prefix, items.join(QStringLiteral(", "))});
    } else if (value.isDouble()) {
        rows.append({prefix, number(value.toDouble())});
    } else if (value.isBool()) {
        rows.append({prefix, value.toBool() ? QStringLiteral("yes") : QStringLiteral("no")});
    } else if (value.isNull()) {
        rows.append({prefix, QStringLiteral("none")});
    } else {
        rows.append({prefix, value.toString()});
    }
}

QList<QPair<QString, QString>> gaitRows(const GaitAnalyzer &analyzer, int clip)
{
    const QJsonObject json = GaitJson::clip(analyzer.analyze(clip));
    QList<QPair<QString, QString>> rows;
    if (json.value(QLatin1String("metrics")).isObject())
        flatten(QString(), json.value(QLatin1String("metrics")), rows);
    else if (json.contains(QLatin1String("note")))
        rows.append({QStringLiteral("note"), json.value(QLatin1String("note")).toString()});
    return rows;
}

QList<QStringList> gaitDelta(const QList<QPair<QString, QString>> &before, const QList<QPair<QString, QString>> &after)
{
    QMap<QString, QString> old;
    for (const auto &[k, v] : before)
        old.insert(k, v);
    QList<QStringList> rows;
    for (const auto &[k, v] : after) {
        const QString was = old.value(k, QStringLiteral("-"));
        bool okA = false, okB = false;
        const double a = was.toDouble(&okA), b = v.toDouble(&okB);
        const QString change = okA && okB
            ? (a == b ? QStringLiteral("same") : (b > a ? QStringLiteral("+") : QString()) + number(b - a))
            : was == v ? QStringLiteral("same")
                       : QStringLiteral("differs");
        rows.append({k, was, v, change});
    }
    return rows;
}

// The bones that moved most (up to three), their local rotation before and after.
QList<ReportPlot> bonePlots(const BpatFile &old, int clipA, const BpatFile &file, int clipB, QList<diff::BoneDifference> bones)
{
    std::sort(bones.begin(), bones.end(),
              [](const diff::BoneDifference &a, const diff::BoneDifference &b) { return a.rotationDeg > b.rotationDeg; });
    const LocalChannels before(old), after(file);
    QList<ReportPlot> plots;
    for (const diff::BoneDifference &bone : bones) {
        if (plots.size() == 3 || bone.rotationDeg <= 0.0)
            break;
        const LocalChannels::Track a = before.track(clipA, bone.bone, EulerOrder::XYZ);
        const LocalChannels::Track b = after.track(clipB, bone.bone, EulerOrder::XYZ);
        ReportPlot plot;
        plot.title = QStringLiteral("%1 (bone %2): local rotation in degrees, XYZ Euler; at most %3 deg apart")
                         .arg(bone.name.isEmpty() ? QStringLiteral("bone %1").arg(bone.bone) : bone.name)
                         .arg(bone.bone)
                         .arg(number(bone.rotationDeg));
        for (int axis = 0; axis < 3; ++axis) {
            const QString name = QString(QLatin1Char("XYZ"[axis]));
            plot.series.append({name + QStringLiteral(" before"), a.values[LocalChannels::EulerX + axis], axis, true});
            plot.series.append({name, b.values[LocalChannels::EulerX + axis], axis, false});
        }
        plots.append(plot);
    }
    return plots;
}

ReportFinding finding(const Diagnostic &d)
{
    return {severityName(d.severity), d.code, d.message, d.location.toString()};
}

QString summaryOf(const BpatClipInfo &clip)
{
    return QStringLiteral("%1 frames, %2 fps, %3")
        .arg(clip.frameCount)
        .arg(number(double(clip.fps)), clip.loopsByte == 1 ? QStringLiteral("loops") : QStringLiteral("one-shot"));
}

// Everything but pictures and the diff: verdicts, facts, clips with their gait reports and findings.
ReportFile describe(const QString &path, const QString &shownPath, std::optional<BpatFile> *opened)
{
    ReportFile report;
    report.path = shownPath;
    ValidationOptions spec;
    spec.deep = true;
    spec.maxIssues = 50;
    const ValidationResult structural = FormatRegistry::validate(path, spec);
    report.verdict = structural.counts.errors ? QStringLiteral("invalid")
        : structural.counts.warnings          ? QStringLiteral("warnings")
                                              : QStringLiteral("valid");
    for (const Diagnostic &d : structural.issues)
        report.findings.append(finding(d));
    if (structural.truncated)
        report.findings.append(
            {QStringLiteral("info"), QStringLiteral("TRUNCATED"),
             QStringLiteral("%1 more findings: run bpat validate --deep")
                 .arg(structural.counts.errors + structural.counts.warnings + structural.counts.infos - structural.issues.size()),
             QString()});
    report.facts.append({QStringLiteral("kind"), FormatRegistry::forPath(path).name});
    if (FormatRegistry::detect(path) != FileKind::Bpat)
        return report;
    QString error;
    *opened = BpatFile::open(path, &error);
    if (!*opened || !(*opened)->hasMagic()) {
        report.verdict = QStringLiteral("unreadable");
        opened->reset();
        return report;
    }
    const BpatFile &file = **opened;
    const QString species = Species::nameOf(file.header().speciesId);
    report.facts = {
        {QStringLiteral("species"), species.isEmpty() ? QStringLiteral("unknown (id %1)").arg(file.header().speciesId) : species},
        {QStringLiteral("dialect"), format::dialectName(file.dialect())},
        {QStringLiteral("bones"), QString::number(file.header().boneCount)},
        {QStringLiteral("clips"), QString::number(file.clips().size())},
        {QStringLiteral("frames"), QString::number(file.header().frameTotal)},
        {QStringLiteral("size"), QStringLiteral("%1 bytes").arg(file.fileSize())}};
    ValidationOptions game;
    game.profile = ValidationProfile::Game;
    const ValidationResult gameResult = FormatRegistry::validate(path, game);
    report.gameVerdict = gameResult.counts.errors == 0
        ? QStringLiteral("reads this file.")
        : QStringLiteral("refuses this file: ") + gameResult.issues.constFirst().message;
    if (!file.clipTableInBounds() || !file.paletteInBounds())
        return report; // no clip can be read: the findings say why
    ValidationOptions motion;
    motion.profile = ValidationProfile::Motion;
    const ValidationResult lint = FormatRegistry::validate(path, motion);
    const GaitAnalyzer analyzer(file);
    for (int c = 0; c < file.clips().size(); ++c) {
        ReportClip clip;
        clip.name = file.clips().at(c).name;
        clip.summary = summaryOf(file.clips().at(c));
        clip.gait = gaitRows(analyzer, c);
        for (const Diagnostic &d : lint.issues) {
            if (d.location.clip == c && d.code != QLatin1String("MOTION_NOT_CHECKED"))
                clip.findings.append(finding(d));
        }
        report.clips.append(clip);
    }
    return report;
}

// The page's entry of `path`, against `oldPath` when there is one.
ReportFile entry(Pictures &pictures, const QString &path, const QString &shownPath, const QString &oldPath, bool against)
{
    std::optional<BpatFile> file;
    ReportFile report = describe(path, shownPath, &file);
    if (!pictures.renderer && file)
        report.pictureNote = pictures.note;
    QString error;
    if (!against) {
        for (int c = 0; file && c < report.clips.size(); ++c) {
            report.clips[c].filmstrip = filmstrip(pictures, *file, c, &error);
            if (report.clips[c].filmstrip.isEmpty() && pictures.renderer)
                report.clips[c].findings.prepend({QStringLiteral("info"), QStringLiteral("NO_PICTURE"), error, QString()});
        }
        return report;
    }
    if (oldPath.isEmpty()) {
        report.status = QStringLiteral("added");
        for (int c = 0; file && c < report.clips.size(); ++c) {
            report.clips[c].status = QStringLiteral("added");
            report.clips[c].filmstrip = filmstrip(pictures, *file, c, &error);
        }
        return report;
    }
    if (FormatRegistry::detect(path) != FileKind::Bpat) { // bodies, snapshots: the same bytes or not
        constexpr qint64 kMaxCompared = qint64(1) << 30;
        const RegularFile::Contents a = RegularFile::read(oldPath, kMaxCompared), b = RegularFile::read(path, kMaxCompared);
        const bool same = a.ok() && b.ok() && a.bytes == b.bytes;
        report.status = same ? QStringLiteral("unchanged") : QStringLiteral("changed");
        if (!same)
            report.changes << QStringLiteral("the bytes differ (bpat diff compares them in detail)");
        return report;
    }
    std::optional<BpatFile> old = BpatFile::open(oldPath, &error);
    if (!file || !old || !old->hasMagic()) {
        report.status = QStringLiteral("changed");
        report.changes << QStringLiteral("not compared: %1")
                              .arg(!file ? QStringLiteral("this version cannot be read")
                                         : QStringLiteral("the older version cannot be read"));
        return report;
    }
    const diff::DiffResult d = diff::FileDiff::compare(*old, *file);
    if (!d.error.isEmpty()) {
        report.status = QStringLiteral("changed");
        report.changes << QStringLiteral("not compared: ") + d.error;
        return report;
    }
    report.status = d.same() ? QStringLiteral("unchanged") : QStringLiteral("changed");
    QMap<QString, QStringList> clipChanges;
    QMap<QString, QList<diff::BoneDifference>> movedBones;
    for (const diff::Change &change : d.changes) {
        if (change.clip.isEmpty())
            report.changes << diff::DiffReport::line(change);
        else
            clipChanges[change.clip] << diff::DiffReport::line(change);
        if (change.kind == diff::ChangeKind::Motion)
            movedBones[change.clip] += change.bones;
    }
    const GaitAnalyzer oldAnalyzer(*old);
    // Before and after: the ghost of the older file over the newer one, paired as bpat diff paired them.
    const auto ghost = pictures.renderer ? studio::CompareGhost::build(
                           *file, *old,
                           [&] {
                               QList<diff::ClipPair> swapped; // the newer file is A here
                               for (const diff::ClipPair &pair : d.clipPairs)
                                   swapped.append({pair.clipB, pair.clipA, pair.renamed, pair.differs, pair.alignment});
                               return swapped;
                           }(),
                           &error)
                                         : nullptr;
    QList<ReportClip> clips;
    for (const diff::ClipPair &pair : d.clipPairs) {
        if (pair.clipB >= 0 && pair.clipB < report.clips.size()) {
            ReportClip clip = report.clips.at(pair.clipB);
            const QString oldName = pair.clipA >= 0 ? old->clips().at(pair.clipA).name : QString();
            clip.changes = clipChanges.value(oldName.isEmpty() ? clip.name : oldName);
            if (pair.clipA < 0) {
                clip.status = QStringLiteral("added");
                clip.changes = clipChanges.value(clip.name);
                clip.filmstrip = filmstrip(pictures, *file, pair.clipB, &error);
            } else if (!pair.differs && !pair.renamed) {
                clip.status = QStringLiteral("unchanged");
            } else {
                clip.status = pair.renamed ? QStringLiteral("renamed") : QStringLiteral("changed");
                if (pair.renamed)
                    clip.summary = QStringLiteral("was %1; %2").arg(oldName, clip.summary);
                clip.filmstripBefore = filmstrip(pictures, *old, pair.clipA, &error);
                if (pictures.renderer && pictures.renderer->setFile(*file, &error)) {
                    pictures.renderer->setBody(pictures.body);
                    pictures.renderer->setCompareGhost(ghost);
                    const QList<quint32> frames =
                        spreadFrames(pictures.renderer->clips().at(pair.clipB).frameCount, pictures.frames);
                    const QList<QImage> cells =
                        renderFrames(*pictures.renderer, pair.clipB, frames, pictures.size, pictures.camera, true, &error);
                    if (!cells.isEmpty())
                        clip.filmstrip = dataUri(studio::Filmstrip::compose(cells, {}));
                }
                clip.gaitDelta = gaitDelta(gaitRows(oldAnalyzer, pair.clipA), clip.gait);
                clip.plots = bonePlots(*old, pair.clipA, *file, pair.clipB, movedBones.value(oldName));
            }
            clips.append(clip);
        } else if (pair.clipA >= 0) {
            ReportClip clip;
            clip.name = old->clips().at(pair.clipA).name;
            clip.status = QStringLiteral("removed");
            clip.summary = summaryOf(old->clips().at(pair.clipA));
            clip.changes = clipChanges.value(clip.name);
            clip.filmstripBefore = filmstrip(pictures, *old, pair.clipA, &error);
            clips.append(clip);
        }
    }
    report.clips = clips;
    return report;
}

int runReport(const QStringList &args)
{
    const QString command = args.value(0);
    QCommandLineParser parser;
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The HTML page to write (self-contained: pictures embedded)."),
                                    QStringLiteral("OUT.html"));
    const QCommandLineOption against(QStringLiteral("against"),
                                     QStringLiteral("The older version (a file, or a folder when FILE is one): the page shows "
                                                    "what bpat diff finds, with before and after filmstrips."),
                                     QStringLiteral("OLD"));
    const QCommandLineOption framesOption(QStringLiteral("frames"),
                                          QStringLiteral("Frames per filmstrip, spread over the clip (default 6)."),
                                          QStringLiteral("N"), QStringLiteral("6"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("Size of each frame (default 200x150)."),
                                        QStringLiteral("WxH"), QStringLiteral("200x150"));
    const QCommandLineOption cameraOption(QStringLiteral("camera"),
                                          QStringLiteral("front, side (default), three-quarter or top."), QStringLiteral("VIEW"),
                                          QStringLiteral("side"));
    const QCommandLineOption bodyOption(QStringLiteral("body"), QStringLiteral("full (default), minimal or stand-in."),
                                        QStringLiteral("MODE"), QStringLiteral("full"));
    const QCommandLineOption noPictures(QStringLiteral("no-pictures"), QStringLiteral("Write the page without filmstrips."));
    parser.addOptions({output, against, framesOption, sizeOption, cameraOption, bodyOption, noPictures});
    addForceOption(parser);
    parser.addPositionalArgument(QStringLiteral("FILE|DIR"), QStringLiteral("A BPAT file, or a folder of them."));
    if (const auto exit =
            parseOneInputOneOutput(parser, args,
                                   QStringLiteral("Writes a self-contained HTML review page of BPAT files: verdicts, "
                                                  "filmstrips, gait reports and motion findings; with --against, what "
                                                  "changed, before and after. Pictures need X or Xvfb (xvfb-run -a); "
                                                  "without them the page says so."),
                                   output, QStringLiteral("FILE or DIR"), QStringLiteral("OUT.html")))
        return *exit;
    Pictures pictures;
    const std::optional<quint32> frames = parseUInt(parser.value(framesOption));
    if (!frames || *frames < 1 || *frames > 48)
        return usageError(parser, command, QStringLiteral("--frames expects 1 to 48"));
    pictures.frames = int(*frames);
    const std::optional<QSize> size = parseSize(parser.value(sizeOption));
    if (!size || size->width() > 1024 || size->height() > 1024)
        return usageError(parser, command, QStringLiteral("--size expects WxH between 16 and 1024"));
    pictures.size = *size;
    const auto camera = studio::ClipRenderer::cameraFromName(parser.value(cameraOption));
    const auto body = studio::ClipRenderer::bodyFromName(parser.value(bodyOption));
    if (!camera || !body)
        return usageError(parser, command,
                          QStringLiteral("--camera expects front, side, three-quarter or top; --body full, minimal or stand-in"));
    pictures.camera = *camera;
    pictures.body = *body;

    const QString input = parser.positionalArguments().constFirst();
    const QString oldInput = parser.value(against);
    const QString out = parser.value(output);
    const QFileInfo inputInfo(input);
    if (!inputInfo.exists())
        return failure(command, QStringLiteral("%1: no such file or folder").arg(shown(input)));
    const bool folders = inputInfo.isDir();
    if (parser.isSet(against) && QFileInfo(oldInput).isDir() != folders)
        return usageError(parser, command,
                          QStringLiteral("--against must be a folder when FILE|DIR is one, and a file otherwise"));

    // Every file read, new and old: the page may be written over none of them.
    const ExpandedPaths expanded = expandInputPaths({input});
    QStringList inputs = expanded.files;
    ExpandedPaths oldExpanded;
    if (parser.isSet(against)) {
        oldExpanded = expandInputPaths({oldInput});
        inputs += oldExpanded.files;
    }
    if (const QString refused = refuseOutput(out, inputs); !refused.isEmpty())
        return failure(command, QStringLiteral("%1; nothing was written").arg(refused));

    studio::ClipRenderer renderer;
    QString error;
    if (parser.isSet(noPictures)) {
        pictures.note = QStringLiteral("no pictures (--no-pictures)");
    } else if (!renderer.begin(&error)) {
        pictures.note = QStringLiteral("no pictures: ") + error;
        warn(command, pictures.note);
    } else {
        pictures.renderer = &renderer;
    }

    QElapsedTimer timer;
    timer.start();
    const QDir root = folders ? QDir(input) : inputInfo.dir();
    const QDir oldRoot = folders ? QDir(oldInput) : QFileInfo(oldInput).dir();
    QList<ReportFile> files;
    QStringList seenOld;
    for (const QString &path : expanded.files) {
        const QString relative = root.relativeFilePath(path);
        QString oldPath;
        if (parser.isSet(against)) {
            oldPath = folders ? oldRoot.filePath(relative) : oldInput;
            if (!QFileInfo::exists(oldPath))
                oldPath.clear();
            else
                seenOld << QFileInfo(oldPath).absoluteFilePath();
        }
        files.append(entry(pictures, path, NativeName::display(relative), oldPath, parser.isSet(against)));
    }
    for (const QString &oldPath : oldExpanded.files) {
        if (!folders || seenOld.contains(QFileInfo(oldPath).absoluteFilePath()))
            continue;
        ReportFile removed;
        removed.path = NativeName::display(oldRoot.relativeFilePath(oldPath));
        removed.status = QStringLiteral("removed");
        removed.verdict = QStringLiteral("removed");
        files.append(removed);
    }
    for (const UnreadableDirectory &u : expanded.unreadable + oldExpanded.unreadable) {
        ReportFile unreadable;
        unreadable.path = NativeName::display(u.path);
        unreadable.verdict = QStringLiteral("unreadable");
        unreadable.findings.append({QStringLiteral("error"), QStringLiteral("IO_ERROR"), u.why, QString()});
        files.append(unreadable);
    }

    int changed = 0, invalid = 0;
    for (const ReportFile &f : files) {
        changed +=
            f.status == QLatin1String("changed") || f.status == QLatin1String("added") || f.status == QLatin1String("removed");
        invalid += f.verdict == QLatin1String("invalid") || f.verdict == QLatin1String("unreadable");
    }
    QStringList notes;
    notes << QStringLiteral("%1 file%2%3; %4 invalid or unreadable.")
                 .arg(files.size())
                 .arg(files.size() == 1 ? QString() : QStringLiteral("s"))
                 .arg(parser.isSet(against) ? QStringLiteral(", %1 changed against %2").arg(changed).arg(oldInput) : QString())
                 .arg(invalid);
    if (!pictures.renderer)
        notes << pictures.note;
    const QString title = parser.isSet(against) ? QStringLiteral("BPAT review: %1 against %2").arg(input, oldInput)
                                                : QStringLiteral("BPAT review: %1").arg(input);
    const QByteArray page = ReportPage::html(title, notes, files).toUtf8();
    if (!AtomicFile::write(out, page, &error))
        return failure(command, error);
    printOut(QStringLiteral("wrote %1: %2 files, %3 changed, %4 invalid or unreadable, %5 KiB in %6 ms\n")
                 .arg(shown(out))
                 .arg(files.size())
                 .arg(changed)
                 .arg(invalid)
                 .arg(page.size() / 1024)
                 .arg(timer.elapsed()));
    return ExitOk;
}

const CommandRegistrar registrar({QStringLiteral("report"),
                                  QStringLiteral("report FILE|DIR [--against OLD] [--frames N] [--size WxH] -o OUT.html"),
                                  runReport, true});

} // namespace
