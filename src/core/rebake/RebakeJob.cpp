#include "rebake/RebakeJob.h"

#include "io/AtomicFile.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatStreamWriter.h"
#include "bpat/BpatWriter.h"
#include "bpat/FileConverter.h"
#include "bpat/GameEra.h"
#include "bpat/VersionConverter.h"
#include "anim/InputAnimationReader.h"
#include "bpat/Validator.h"

#include <QSet>

namespace bpat {

namespace {

// Whether some curve has keys that reach into [from, to] (a range between two keys counts: it
// interpolates them).
bool hasKeysIn(const InputAnimation &animation, double from, double to)
{
    for (const CurveRef &ref : animation.curves()) {
        if (ref.keyCount() > 0 && ref.firstTime() <= to && ref.lastTime() >= from)
            return true;
    }
    return false;
}

// The game profile judges a written file by the game of the version written: a v1 file the user
// asked for is checked against the v1 reader (and the current game's refusal is a warning).
ValidationResult validateBytes(const QByteArray &bytes, ValidationProfile profile, const QString &path)
{
    const BpatFile file = BpatFile::fromData(bytes, path);
    ValidationOptions options;
    options.profile = profile;
    options.gameEra = gameEra::ofDialect(file.dialect());
    options.deep = true;
    return Validator(options).validate(file);
}

// An error as "the same finding": its code at its location ("header.species_id",
// "palette[clip=walk,frame=7,bone=12]"), so an --into file's own errors are recognised in the
// output without excusing a new error of the same kind somewhere else (a new clip's NaN, say).
QString findingKey(const Diagnostic &d)
{
    return d.code + QLatin1Char('@') + d.location.toString();
}

// Non-finite values are never excused (the output would fail `bpat validate --deep`): an --into
// file's NaN in a clip the rebake keeps refuses the output, naming where it is; one in the clip
// the rebake replaces is gone with it.
QSet<QString> errorFindings(const ValidationResult &result)
{
    QSet<QString> findings;
    for (const Diagnostic &d : result.issues) {
        if (d.severity == Severity::Error && d.code != codes::NON_FINITE && d.code != codes::BIND_MATRIX_INVALID)
            findings.insert(findingKey(d));
    }
    return findings;
}

// Valid in both profiles; an existing file's own spec-profile errors (same code, same place)
// are not held against it, but for its non-finite values. Fills out.validation (the spec
// findings) and out.errors.
void judgeOutput(const ValidationResult &game, const ValidationResult &spec, const QSet<QString> &existingSpecErrors,
                 RebakeOutcome &out)
{
    out.validation = spec.issues;
    out.gameValidation = game.issues;
    for (const Diagnostic &d : game.issues) {
        if (d.severity == Severity::Error)
            out.errors << QStringLiteral("output invalid (game profile): %1").arg(d.message);
    }
    for (const Diagnostic &d : spec.issues) {
        if (d.severity == Severity::Error && !existingSpecErrors.contains(findingKey(d)))
            out.errors
                << QStringLiteral("output invalid (spec profile): %1 (%2 at %3)").arg(d.message, d.code, d.location.toString());
    }
}

// The version a request converts to: --format-version, else late v3 for a new file; nullopt
// for --into without --format-version (the file keeps its own).
std::optional<format::Dialect> targetVersion(const RebakeRequest &req)
{
    if (req.formatVersion)
        return req.formatVersion;
    if (req.intoPath.isEmpty())
        return format::Dialect::V3Late;
    return std::nullopt;
}

// A new file's bind pose is the recipe's rest pose (the rig it was made for), not frame 0: a
// recording's first frame may hold collapsed (untracked) hands.
ConvertOptions convertOptions(const RebakeRequest &req, format::Dialect target)
{
    ConvertOptions options{target, {}, {}};
    if (req.intoPath.isEmpty())
        options.bindGlobals = req.recipe.restGlobals();
    return options;
}

// What the current game makes of the version written, when it is not late v3.
void noteCurrentGame(const BpatDocument &doc, RebakeOutcome &out)
{
    const QString note = gameEra::currentGameNote(doc.dialect());
    if (!note.isEmpty() && !out.warnings.contains(note))
        out.warnings << note;
}

} // namespace

format::Dialect RebakeJob::defaultVersion(std::optional<format::Dialect> intoDialect)
{
    return intoDialect.value_or(format::Dialect::V3Late);
}

struct RebakeJob::Prepared
{
    // false: --into's clips are not copied (BpatDocument::planFromFile); they stream from
    // `intoFile`'s mapping when the output is written.
    bool frames = true;
    std::optional<BpatFile> intoFile;
    BpatDocument doc;                 // the target: --into's document, or an empty one from the recipe
    QSet<QString> existingSpecErrors; // --into's own spec-profile errors
    QList<InputAnimation> animations; // per requested clip
    qint64 totalFrames = 0;
};

RebakeJob::RebakeJob(RebakeRequest request)
    : m_request(std::move(request))
{
}

RebakeOutcome RebakeJob::build(const RebakeOptions &options) const
{
    RebakeOutcome out;
    out.bytes = buildBytes(options, out);
    return out;
}

bool RebakeJob::prepare(RebakeOutcome &out, Prepared &p) const
{
    const RebakeRequest &req = m_request;
    const QStringList problems = req.recipe.problems();
    if (!problems.isEmpty()) {
        out.errors << QStringLiteral("recipe '%1' is not usable:").arg(req.recipe.name) << problems;
        return false;
    }
    if (req.clips.isEmpty()) {
        out.errors << QStringLiteral("nothing to rebake: expected at least one clip");
        return false;
    }
    if (!req.overwriteInput) {
        for (const RebakeClipRequest &clip : req.clips) {
            if (AtomicFile::sameFile(req.outputPath, clip.curvesPath)) {
                out.errors << QStringLiteral("%1 is the recording clip '%2' is made from: refusing to write over an input "
                                             "(choose another output, or pass --overwrite-input to replace it)")
                                  .arg(req.outputPath, clip.name);
                return false;
            }
        }
    }

    // The target document: the existing file, or an empty one shaped by the recipe.
    BpatDocument &doc = p.doc;
    QSet<QString> &existingSpecErrors = p.existingSpecErrors;
    if (!req.intoPath.isEmpty()) {
        QString error;
        const std::optional<BpatFile> file = BpatFile::open(req.intoPath, &error);
        if (!file) {
            out.errors << QStringLiteral("cannot open %1: %2").arg(req.intoPath, error);
            return false;
        }
        ValidationOptions gameOptions;
        gameOptions.profile = ValidationProfile::Game;
        gameOptions.gameEra = gameEra::ofDialect(file->dialect()); // the game it was made for
        const ValidationResult existing = Validator(gameOptions).validate(*file);
        if (!existing.valid()) {
            out.errors << QStringLiteral("%1 is not a valid BPAT file (game profile): %2")
                              .arg(req.intoPath, existing.issues.isEmpty() ? QString() : existing.issues.first().message);
            return false;
        }
        ValidationOptions specOptions;
        specOptions.deep = true;
        specOptions.releaseBehind = true; // the target streams from its mapping afterwards, run by run
        existingSpecErrors = errorFindings(Validator(specOptions).validate(*file));
        std::optional<BpatDocument> loaded =
            p.frames ? BpatDocument::fromFile(*file, &error) : BpatDocument::planFromFile(*file, &error);
        if (!p.frames)
            p.intoFile = *file;
        if (!loaded) {
            out.errors << QStringLiteral("cannot read %1: %2").arg(req.intoPath, error);
            return false;
        }
        doc = std::move(*loaded);
        if (int(doc.boneCount()) != req.recipe.boneCount()) {
            out.errors << QStringLiteral("%1 has %2 bones but recipe '%3' has %4: bone counts must match")
                              .arg(req.intoPath)
                              .arg(doc.boneCount())
                              .arg(req.recipe.name)
                              .arg(req.recipe.boneCount());
            return false;
        }
    } else {
        doc = BpatDocument(req.recipe.speciesId, quint32(req.recipe.boneCount()));
        QList<BpatSocket> sockets;
        for (const RecipeSocket &s : req.recipe.sockets)
            sockets.append(BpatSocket{s.name, quint32(s.anchor), s.offset});
        doc.setSockets(sockets);
    }

    // Read every recording and size every clip before baking, so progress has one total.
    QList<InputAnimation> &animations = p.animations;
    qint64 &totalFrames = p.totalFrames;
    QSet<QString> names;
    for (const RebakeClipRequest &c : req.clips) {
        if (c.name.isEmpty()) {
            out.errors << QStringLiteral("%1: empty clip name").arg(c.curvesPath);
            return false;
        }
        if (names.contains(c.name)) {
            out.errors << QStringLiteral("clip '%1' is requested twice: expected unique clip names").arg(c.name);
            return false;
        }
        names.insert(c.name);
        std::optional<InputAnimation> animation;
        if (c.animation) {
            animation = *c.animation; // shares the curves' keys (implicitly shared lists)
        } else {
            InputAnimationReader reader;
            animation = reader.readFile(c.curvesPath);
            if (!animation) {
                out.errors << QStringLiteral("cannot read %1: %2").arg(c.curvesPath, reader.errorString());
                return false;
            }
        }
        QString error;
        const std::optional<quint32> frames =
            Rebaker::frameCount(Rebaker::rangeFrom(c.range), Rebaker::rangeTo(c.range, *animation), c.range.fps, &error);
        if (!frames) {
            out.errors << QStringLiteral("clip '%1' (%2): %3").arg(c.name, c.curvesPath, error);
            return false;
        }
        // A recording with curves but no keys (or none near the range) would bake one frame of
        // collapsed matrices: refuse it instead of "succeeding".
        if (!hasKeysIn(*animation, Rebaker::rangeFrom(c.range), Rebaker::rangeTo(c.range, *animation))) {
            out.errors << QStringLiteral("clip '%1' (%2): the recording has no keys in the chosen range; nothing to rebake")
                              .arg(c.name, c.curvesPath);
            return false;
        }
        out.frameCounts.append(*frames);
        totalFrames += *frames;
        animations.append(std::move(*animation));
    }
    if (qint64(doc.frameTotal()) + totalFrames > qint64(Rebaker::MaxFrames)) {
        out.errors << QStringLiteral("%1 frames in all: expected at most %2")
                          .arg(qint64(doc.frameTotal()) + totalFrames)
                          .arg(Rebaker::MaxFrames);
        return false;
    }

    return true;
}

QByteArray RebakeJob::buildBytes(const RebakeOptions &options, RebakeOutcome &out) const
{
    const RebakeRequest &req = m_request;
    Prepared prepared;
    if (!prepare(out, prepared))
        return {};
    BpatDocument &doc = prepared.doc;
    const QSet<QString> &existingSpecErrors = prepared.existingSpecErrors;
    const QList<InputAnimation> &animations = prepared.animations;
    const qint64 totalFrames = prepared.totalFrames;

    const RecipePoser poser(req.recipe);
    qint64 framesBefore = 0;
    for (qsizetype i = 0; i < req.clips.size(); ++i) {
        const RebakeClipRequest &c = req.clips.at(i);
        RebakeOptions clipOptions = options;
        if (options.progress) {
            clipOptions.progress = [&options, framesBefore, totalFrames](qint64 done, qint64) {
                options.progress(framesBefore + done, totalFrames);
            };
        }
        QString error;
        std::optional<BpatClip> clip = Rebaker::bakeClip(animations.at(i), poser, c.range, c.name, c.loops, clipOptions, &error);
        if (!clip) {
            out.cancelled = options.cancel && options.cancel->load();
            out.errors << (out.cancelled ? QStringLiteral("cancelled: nothing was written")
                                         : QStringLiteral("clip '%1': %2").arg(c.name, error));
            return {};
        }
        framesBefore += clip->frameCount;
        const int existing = doc.findClip(c.name);
        const bool added =
            existing >= 0 ? doc.replaceClip(existing, std::move(*clip), &error) : doc.addClip(std::move(*clip), &error);
        if (!added) {
            out.errors << QStringLiteral("clip '%1': %2").arg(c.name, error);
            return {};
        }
    }

    // The version: --format-version converts the whole document, a new file is late v3 unless
    // told otherwise; an --into file keeps its own, and the new clips get what it adds (contact
    // records).
    if (const std::optional<format::Dialect> target = targetVersion(req)) {
        const ConvertResult converted = VersionConverter::convert(doc, convertOptions(req, *target));
        if (!converted.ok) {
            out.errors << QStringLiteral("cannot write version %1: %2").arg(format::dialectName(*target), converted.error);
            return {};
        }
        out.warnings << converted.warnings;
    } else {
        out.warnings << VersionConverter::completeNewClips(doc);
    }
    noteCurrentGame(doc, out);
    for (const QString &p : doc.problems())
        out.errors << p;
    if (!out.errors.isEmpty())
        return {};
    QString error;
    QByteArray bytes = BpatWriter(doc).toBytes(&error);
    if (bytes.isEmpty()) {
        out.errors << QStringLiteral("cannot serialize: %1").arg(error);
        return {};
    }
    // Valid in both profiles; an existing file's own spec-profile errors (same code, same place)
    // are not held against it.
    judgeOutput(validateBytes(bytes, ValidationProfile::Game, req.outputPath),
                validateBytes(bytes, ValidationProfile::Spec, req.outputPath), existingSpecErrors, out);
    out.document = std::move(doc);
    out.bytesWritten = bytes.size();
    out.ok = out.errors.isEmpty();
    return bytes;
}

RebakeOutcome RebakeJob::run(const RebakeOptions &options) const
{
    // Streams, in every version: the file's head is written first, then every frame as the pool
    // computes it (deep-checked on the way), into QSaveFile's temporary; it replaces the output only when
    // the whole file is written and valid. Memory stays flat in the output's size: only two
    // runs of frames are held at a time.
    RebakeOutcome out;
    const RebakeRequest &req = m_request;
    Prepared prepared;
    prepared.frames = false; // --into's own clips stream from its mapping too
    if (!prepare(out, prepared))
        return out;
    BpatDocument &plan = prepared.doc;
    QSet<QString> requested;
    for (const RebakeClipRequest &c : req.clips)
        requested.insert(c.name);
    const bool keptFirstClip = prepared.intoFile && plan.clipCount() > 0 && !requested.contains(plan.clip(0).name);

    // The plan: the existing clips as they are, each requested clip as a placeholder of its
    // frame count whose palette stays empty (BpatStreamWriter streams it).
    QString error;
    for (qsizetype i = 0; i < req.clips.size(); ++i) {
        const RebakeClipRequest &c = req.clips.at(i);
        BpatClip placeholder;
        placeholder.name = c.name;
        placeholder.fps = float(c.range.fps);
        placeholder.loops = c.loops;
        const int existing = plan.findClip(c.name);
        const bool added = existing >= 0 ? plan.replaceClip(existing, placeholder, &error) : plan.addClip(placeholder, &error);
        if (!added) {
            out.errors << QStringLiteral("clip '%1': %2").arg(c.name, error);
            return out;
        }
        plan.clip(plan.findClip(c.name)).frameCount = out.frameCounts.at(i);
    }
    // The version, as build() sets it: --format-version converts the plan; otherwise an --into
    // file keeps its own and the new clips get what it adds (contact records). What needs the
    // streamed frames (their contacts, a bind pose that is the first frame) is left to the writer.
    StreamedFill fill;
    if (const std::optional<format::Dialect> target = targetVersion(req)) {
        ConvertOptions options = convertOptions(req, *target);
        // The default bind pose, frame 0 of clip 0, is in --into's mapping when that clip is
        // kept: read it now, so the conversion checks and uses it as on the whole document.
        if (keptFirstClip && !plan.hasBindPalette())
            options.bindGlobals = FileConverter::framePose(*prepared.intoFile, 0, 0);
        const ConvertResult converted = VersionConverter::convert(plan, options);
        if (!converted.ok) {
            out.errors << QStringLiteral("cannot write version %1: %2").arg(format::dialectName(*target), converted.error);
            return out;
        }
        out.warnings << converted.warnings;
        fill = converted.streamed;
    } else {
        out.warnings << VersionConverter::completeNewClips(plan, std::nullopt, &fill);
    }
    noteCurrentGame(plan, out);
    // What would stop the file being written, but for the placeholders' empty palettes (and
    // contacts still to compute).
    const QStringList layout = plan.layoutProblems();
    for (const QString &p : plan.problems()) {
        if (!layout.contains(p) && !(fill.contacts && p.startsWith(QStringLiteral("contact records:"))))
            out.errors << p;
    }
    if (!out.errors.isEmpty())
        return out;

    BpatStreamWriter writer(plan, fill);
    // The structural checks need only the head, the file's size and (late v3) the bind palette
    // and parents: done before anything is written, so a layout the validator would refuse
    // never costs a bake; when the bind pose is the first frame, once the frames are written.
    std::optional<ValidationResult> gameLayout, specLayout;
    const auto checkLayout = [&]() {
        gameLayout = writer.structuralCheck(ValidationProfile::Game, req.outputPath, &error);
        specLayout = gameLayout ? writer.structuralCheck(ValidationProfile::Spec, req.outputPath, &error) : std::nullopt;
        return specLayout.has_value();
    };
    if (writer.trailerKnown() && !checkLayout()) {
        out.errors << error;
        return out;
    }
    ValidationOptions deepOptions;
    deepOptions.deep = true;
    writer.setDeepChecks(deepOptions);

    const RecipePoser poser(req.recipe);
    qint64 framesBefore = 0;
    bool bakeFailed = false;
    bool judged = false;
    const auto body = [&](QIODevice *device, QString *why) {
        if (!writer.begin(device, why))
            return false;
        const bool keepSkin =
            prepared.intoFile && prepared.intoFile->storesSkinningMatrices() && plan.dialect() == format::Dialect::V3Late;
        while (writer.currentClip() >= 0) {
            const QString name = plan.clip(writer.currentClip()).name;
            if (!requested.contains(name)) {
                // A clip of the --into file, as stored there.
                if (!FileConverter::streamClip(*prepared.intoFile, writer.currentClip(), writer, keepSkin, why))
                    return false;
                continue;
            }
            qsizetype i = 0;
            while (req.clips.at(i).name != name)
                ++i;
            const RebakeClipRequest &c = req.clips.at(i);
            RebakeOptions clipOptions = options;
            if (options.progress) {
                clipOptions.progress = [&options, framesBefore, total = prepared.totalFrames](qint64 done, qint64) {
                    options.progress(framesBefore + done, total);
                };
            }
            QString writeError;
            const auto sink = [&writer, &writeError](const float *palette, quint32, quint32 count, QString *) {
                return writer.appendFrames(palette, count, &writeError);
            };
            QString bakeError;
            if (!Rebaker::bakeFrames(prepared.animations.at(i), poser, c.range, sink, clipOptions, &bakeError)) {
                if (!writeError.isEmpty()) {
                    *why = writeError;
                    return false;
                }
                bakeFailed = true;
                out.cancelled = options.cancel && options.cancel->load();
                out.errors << (out.cancelled ? QStringLiteral("cancelled: nothing was written")
                                             : QStringLiteral("clip '%1': %2").arg(c.name, bakeError));
                return false;
            }
            framesBefore += out.frameCounts.at(i);
        }
        if (!writer.finish(why))
            return false;
        if (!specLayout && !checkLayout()) {
            *why = error;
            return false;
        }
        judged = true;
        judgeOutput(writer.withDeepFindings(*gameLayout, ValidationProfile::Game),
                    writer.withDeepFindings(*specLayout, ValidationProfile::Spec), prepared.existingSpecErrors, out);
        if (!out.errors.isEmpty())
            return false; // invalid: the output is left as it was
        if (options.cancel && options.cancel->load()) {
            out.cancelled = true;
            out.errors << QStringLiteral("cancelled: nothing was written");
            return false;
        }
        return true;
    };
    if (!AtomicFile::write(req.outputPath, body, &error)) {
        if (!bakeFailed && !(judged && !out.errors.isEmpty()))
            out.errors << QStringLiteral("cannot write %1").arg(error);
        return out;
    }
    if (plan.dialect() == format::Dialect::V3Late && fill.bindFromFirstFrame)
        plan.setBindPalette(writer.bindPalette());
    out.document = std::move(plan);
    out.bytesWritten = qint64(writer.layout().fileSize);
    out.ok = true;
    return out;
}

} // namespace bpat
