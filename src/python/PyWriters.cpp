// bpat.convert, bpat.rebake, bpat.rebake_manifest, bpat.export_gltf, bpat.import_gltf: the
// writers of `bpat convert`, `rebake`, `export` and `import`, called as the commands call them
// (FileConverter, RebakeJob, GltfExporter, GltfImporter): outputs validated, then written
// atomically; nothing written on any refusal, which raises bpat.RefusedError with the code.
// Each runs without the GIL; a rebake and an export stop on Ctrl-C and leave the output as it was.
#include "PyBindings.h"
#include "PyWork.h"

#include "anim/InputAnimationReader.h"
#include "bpat/BpatFile.h"
#include "bpat/FileConverter.h"
#include "bpat/Validator.h"
#include "bprm/BodyFiles.h"
#include "gltf/GltfExporter.h"
#include "gltf/GltfImporter.h"
#include "io/AtomicFile.h"
#include "io/NativeName.h"
#include "rebake/BuiltinRecipes.h"
#include "rebake/RebakeJob.h"
#include "rebake/RebakeManifest.h"
#include "species/Species.h"

#include <QFileInfo>

namespace bpat::python {

namespace {

QString shown(const QString &path)
{
    return NativeName::display(path);
}

// Writing `out` over `input` would destroy the input: refused unless asked for.
void refuseOverInput(const QString &input, const QString &out, const QString &what)
{
    if (AtomicFile::sameFile(input, out))
        raise(ErrorKind::Refused, QStringLiteral("OUTPUT_IS_INPUT"),
              QStringLiteral("%1 is the input: refusing to write %2 over it").arg(shown(out), what), out);
}

// The first error of a file the core cannot read into a document, with the validator's code.
[[noreturn]] void raiseUnreadable(const BpatFile &file, const QString &why)
{
    const ValidationResult found = withoutGil([&] { return Validator().validate(file); });
    raiseRefused(QStringLiteral("DOCUMENT_UNREADABLE"), QStringLiteral("%1: cannot be read: %2").arg(shown(file.path()), why),
                 file.path(), found.issues);
}

BpatFile openForWriting(const QString &path)
{
    QString error;
    std::optional<BpatFile> file = withoutGil([&] { return BpatFile::open(path, &error); });
    if (!file)
        raise(ErrorKind::File, QStringLiteral("IO_ERROR"), error, path);
    return std::move(*file);
}

RigDescription rigArgument(const py::handle &rig)
{
    const QString path = pathArgument(rig);
    QString error;
    bool unreadable = false;
    std::optional<RigDescription> read = RigDescription::fromFile(path, &error, &unreadable);
    if (!read)
        raise(ErrorKind::File, unreadable ? QStringLiteral("IO_ERROR") : QStringLiteral("RIG_INVALID"),
              QStringLiteral("rig %1: %2").arg(shown(path), error), path);
    return std::move(*read);
}

py::dict convertFile(const py::handle &inArg, const py::handle &outArg, const py::handle &version, const py::object &bindClip,
                     const py::object &bindFrame, const py::object &bindFrom, const py::object &rig, bool overwriteInput)
{
    const QString in = pathArgument(inArg);
    const QString out = pathArgument(outArg);
    ConvertOptions options;
    options.target = format::Dialect(dialectArgument(version));
    if (!bindFrom.is_none() && (!bindClip.is_none() || !bindFrame.is_none()))
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("bind_from excludes bind_clip and bind_frame"));
    if (!overwriteInput)
        refuseOverInput(in, out, QStringLiteral("its conversion (overwrite_input=True replaces it)"));
    const BpatFile file = openForWriting(in);
    QString error;
    std::optional<BpatDocument> plan = withoutGil([&] { return BpatDocument::planFromFile(file, &error); });
    if (!plan)
        raiseUnreadable(file, error);
    if (!bindClip.is_none() || !bindFrame.is_none()) {
        int clip = 0;
        if (!bindClip.is_none()) {
            const auto index = indexArgument(bindClip);
            clip = index ? int(std::clamp<qint64>(*index, -1, std::numeric_limits<int>::max()))
                         : file.findClipByNameOrIndex(bindClip.cast<QString>());
            if (clip < 0 || clip >= file.clips().size())
                raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"),
                      QStringLiteral("bind_clip: no clip named or numbered '%1'").arg(py::str(bindClip).cast<QString>()), in);
        }
        const quint32 frame = bindFrame.is_none() ? 0 : bindFrame.cast<quint32>();
        options.bindGlobals = FileConverter::framePose(file, clip, frame, &error);
        if (!options.bindGlobals)
            raise(ErrorKind::NotFound, QStringLiteral("FRAME_NOT_FOUND"), QStringLiteral("bind_clip/bind_frame: %1").arg(error),
                  in);
    } else if (!bindFrom.is_none()) {
        const BpatFile source = openForWriting(pathArgument(bindFrom));
        options.bindGlobals = FileConverter::bindPoseFrom(source, plan->boneCount(), &error);
        if (!options.bindGlobals)
            raise(ErrorKind::Refused, QStringLiteral("BIND_POSE_UNUSABLE"), QStringLiteral("bind_from: %1").arg(error),
                  source.path());
    }
    if (!rig.is_none())
        options.rig = rigArgument(rig);
    const format::Dialect from = plan->dialect();
    const FileConvertResult r = withoutGil([&] { return FileConverter::convert(file, std::move(*plan), options, out); });
    if (!r.converted)
        raise(ErrorKind::Refused, QStringLiteral("CONVERT_REFUSED"),
              QStringLiteral("cannot convert: %1; nothing was written").arg(r.error), in);
    if (!r.saved)
        raiseRefused(QStringLiteral("WRITE_FAILED"), QStringLiteral("%1 not written: %2").arg(shown(out), r.error), out,
                     r.validation.issues);
    py::dict d;
    d["path"] = out;
    d["from"] = format::dialectName(from);
    d["to"] = format::dialectName(r.plan->dialect());
    d["clips"] = r.plan->clipCount();
    d["frames"] = r.plan->frameTotal();
    d["bones"] = r.plan->boneCount();
    d["warnings"] = r.warnings;
    d["findings"] = diagnostics(r.validation.issues);
    return d;
}

// Runs a rebake (new file, --into or a manifest) on a thread Ctrl-C cancels.
py::dict runRebake(const RebakeRequest &request, int threads)
{
    RebakeOutcome outcome;
    runCancellable([&](const std::atomic<bool> &cancel) {
        RebakeOptions options;
        options.threads = threads;
        options.cancel = &cancel;
        outcome = RebakeJob(request).run(options);
    });
    if (!outcome.ok)
        raiseRefused(QStringLiteral("REBAKE_REFUSED"), outcome.errors.join(QStringLiteral("; ")), request.outputPath,
                     outcome.validation);
    py::list clips;
    for (qsizetype i = 0; i < request.clips.size(); ++i) {
        py::dict c;
        c["name"] = request.clips.at(i).name;
        c["frames"] = outcome.frameCounts.value(i);
        c["fps"] = request.clips.at(i).range.fps;
        clips.append(c);
    }
    py::dict d;
    d["path"] = request.outputPath;
    d["clips"] = clips;
    d["bytes"] = outcome.bytesWritten;
    d["clip_count"] = outcome.document ? outcome.document->clipCount() : 0;
    d["bone_count"] = outcome.document ? outcome.document->boneCount() : 0;
    d["dialect"] = outcome.document ? format::dialectName(outcome.document->dialect()) : QString();
    d["recipe"] = request.recipe.name;
    d["warnings"] = outcome.warnings;
    d["findings"] = diagnostics(outcome.validation);
    return d;
}

py::dict rebake(const py::handle &recordingArg, const py::handle &outArg, const QString &recipeName, double fps,
                const py::object &start, const py::object &end, const py::object &clip, bool loops, const py::object &into,
                const py::object &formatVersion, int threads, bool overwriteInput)
{
    if (!(fps > 0.0) || !std::isfinite(fps))
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("fps: expected a number > 0"));
    if (threads < 0 || threads > RebakeOptions::maxThreads())
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
              QStringLiteral("threads: 0 (all) to %1 (the processor threads of this machine)").arg(RebakeOptions::maxThreads()));
    const QString recordingPath = pathArgument(recordingArg);
    Diagnostics found;
    std::optional<RebakeRecipe> recipe = RebakeManifest::loadRecipe(recipeName, &found);
    if (!recipe)
        raiseRefused(QStringLiteral("RECIPE_UNUSABLE"), QStringLiteral("recipe %1 cannot be used").arg(recipeName), recipeName,
                     found);
    // The recording read here, so that a file that is no recording says so with its ANIM_* code.
    InputAnimationReader reader;
    std::optional<InputAnimation> animation = withoutGil([&] { return reader.readFile(recordingPath); });
    if (!animation)
        raiseRefused(QStringLiteral("ANIM_READ_ERROR"), QStringLiteral("%1: %2").arg(shown(recordingPath), reader.errorString()),
                     recordingPath, reader.diagnostics());
    RebakeClipRequest clipRequest;
    clipRequest.curvesPath = recordingPath;
    clipRequest.name = clip.is_none() ? QFileInfo(recordingPath).completeBaseName() : clip.cast<QString>();
    clipRequest.loops = loops;
    clipRequest.range.fps = fps;
    if (!start.is_none())
        clipRequest.range.from = start.cast<double>();
    if (!end.is_none())
        clipRequest.range.to = end.cast<double>();
    clipRequest.animation = std::make_shared<const InputAnimation>(std::move(*animation));
    RebakeRequest request{
        pathArgument(outArg), std::move(*recipe), {clipRequest}, into.is_none() ? QString() : pathArgument(into)};
    if (!formatVersion.is_none())
        request.formatVersion = format::Dialect(dialectArgument(formatVersion));
    request.overwriteInput = overwriteInput;
    return runRebake(request, threads);
}

py::dict exportGltf(const py::handle &inArg, const py::handle &outArg, const py::object &clips, const QString &mesh,
                    const py::object &body)
{
    const QString in = pathArgument(inArg);
    const QString out = pathArgument(outArg);
    if (mesh != QLatin1String("none") && mesh != QLatin1String("creature") && mesh != QLatin1String("body"))
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
              QStringLiteral("mesh: expected 'none', 'creature' or 'body', got '%1'").arg(mesh));
    if (!body.is_none() && mesh != QLatin1String("body"))
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("body goes with mesh='body'"));
    refuseOverInput(in, out, QStringLiteral("glTF"));
    GltfExportOptions options;
    options.creatureMesh = mesh == QLatin1String("creature");
    if (mesh == QLatin1String("body")) {
        // The game's naming: <species>_full.bprm beside the file, else its minimal body.
        options.bodyPath = body.is_none() ? BodyFiles::exportBodyFor(in) : pathArgument(body);
        if (options.bodyPath.isEmpty())
            raise(ErrorKind::File, QStringLiteral("BODY_NOT_FOUND"),
                  QStringLiteral("no body beside %1 (<species>_full.bprm or _minimal.bprm): give one with body=").arg(shown(in)),
                  in);
    }
    if (!clips.is_none()) {
        for (const py::handle &c : listArgument(clips, "clips"))
            options.clips << c.cast<QString>();
    }
    GltfExportResult r;
    runCancellable([&](const std::atomic<bool> &cancel) {
        GltfExportOptions o = options;
        o.progress = [&cancel](int, int) { return !cancel.load(); };
        r = GltfExporter::exportFile(in, out, o);
    });
    if (!r.ok)
        raise(ErrorKind::Refused, QStringLiteral("EXPORT_REFUSED"), QStringLiteral("%1 not written: %2").arg(shown(out), r.error),
              out);
    py::dict d;
    d["path"] = out;
    d["bytes"] = r.bytes;
    d["animations"] = r.animationCount;
    d["nodes"] = r.nodeCount;
    d["vertices"] = r.vertexCount;
    d["materials"] = r.materialCount;
    d["body"] = options.bodyPath.isEmpty() ? py::object(py::none()) : py::cast(options.bodyPath);
    d["skeleton_source"] = r.skeletonSource;
    d["max_global_error"] = r.maxGlobalError;
    d["notes"] = r.notes;
    return d;
}

py::dict importGltf(const py::handle &inArg, const py::handle &outArg, const py::object &species, const py::object &rig,
                    const py::object &animations, const py::object &fps, const py::object &formatVersion)
{
    const QString in = pathArgument(inArg);
    const QString out = pathArgument(outArg);
    GltfImportOptions options;
    if (!species.is_none()) {
        std::optional<quint32> id;
        if (const auto index = indexArgument(species))
            id = *index >= 0 && *index <= Species::lastId() ? std::optional<quint32>(quint32(*index)) : std::nullopt;
        else if (const Species *named = Species::byName(species.cast<QString>()))
            id = named->id;
        if (!id)
            raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
                  QStringLiteral("species: '%1' is no known species id or name").arg(py::str(species).cast<QString>()));
        options.speciesId = *id;
    }
    if (!rig.is_none()) {
        refuseOverInput(pathArgument(rig), out, QStringLiteral("BPAT (it is the rig)"));
        options.rig = rigArgument(rig);
    }
    if (!animations.is_none()) {
        for (const py::handle &a : listArgument(animations, "animations"))
            options.animations << a.cast<QString>();
    }
    if (!fps.is_none()) {
        const double f = fps.cast<double>();
        if (!(f > 0) || f > 1000)
            raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
                  QStringLiteral("fps: expected a number above 0 and at most 1000"));
        options.fps = f;
    }
    std::optional<int> version;
    if (!formatVersion.is_none()) {
        const auto dialect = format::Dialect(dialectArgument(formatVersion));
        version = int(format::versionOf(dialect));
        if (dialect == format::Dialect::V3Early || !GltfImporter::writableFormatVersions().contains(*version))
            raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
                  QStringLiteral("format_version: an import is written as 1, 2 or 3 (late v3)"));
    }
    refuseOverInput(in, out, QStringLiteral("BPAT"));
    const GltfImportResult result = withoutGil([&] { return GltfImporter::importFile(in, options); });
    if (!result.document)
        raise(ErrorKind::Refused, QStringLiteral("IMPORT_REFUSED"),
              QStringLiteral("%1 not written: %2").arg(shown(out), result.error), in);
    // Every file the import read is an input (the glTF's external buffers too), never an output.
    for (const QString &input : result.inputs)
        refuseOverInput(input, out, QStringLiteral("BPAT (%1 reads it)").arg(shown(in)));
    QStringList warnings;
    const BpatSaver::Result saved = withoutGil([&] {
        // Unset: the version of the BPAT file the glTF came from, else late v3 (as bpat import).
        return GltfImporter::save(*result.document, out, version ? *version : GltfImporter::defaultFormatVersion(result),
                                  &warnings);
    });
    if (!saved.saved)
        raiseRefused(QStringLiteral("WRITE_FAILED"), QStringLiteral("%1 not written: %2").arg(shown(out), saved.error), out,
                     saved.validation.issues);
    const BpatDocument &doc = *result.document;
    py::dict d;
    d["path"] = out;
    d["species_id"] = doc.speciesId();
    d["bones"] = doc.boneCount();
    d["rig_source"] = result.rigSource;
    d["bone_names"] = result.boneNames;
    d["clips"] = doc.clipCount();
    d["frames"] = doc.frameTotal();
    d["sockets"] = doc.socketCount();
    d["notes"] = result.notes + warnings;
    d["findings"] = diagnostics(saved.validation.issues);
    return d;
}

} // namespace

void bindWriters(py::module_ &m)
{
    m.def("convert", &convertFile, py::arg("source"), py::arg("output"), py::arg("version"), py::arg("bind_clip") = py::none(),
          py::arg("bind_frame") = py::none(), py::arg("bind_from") = py::none(), py::arg("rig") = py::none(),
          py::arg("overwrite_input") = false,
          "`bpat convert`: writes `source` in another version (1, 2, 3 = late v3, or 'v3-early'...), streamed from the "
          "mapping (flat memory), validated, then written atomically. Returns a dict: path, from, to, clips, frames, "
          "bones, warnings (what was dropped or filled), findings.");
    m.def("rebake", &rebake, py::arg("recording"), py::arg("output"), py::arg("recipe") = "hands", py::arg("fps") = 60.0,
          py::arg("start") = py::none(), py::arg("end") = py::none(), py::arg("clip") = py::none(), py::arg("loops") = false,
          py::arg("into") = py::none(), py::arg("format_version") = py::none(), py::arg("threads") = 0,
          py::arg("overwrite_input") = false,
          "`bpat rebake`: an input animation recording baked into a BPAT clip by a recipe (a built-in name, see "
          "bpat.recipes(), or a recipe JSON file) at `fps`, from `start` to `end` seconds, into a new file or added to "
          "`into`. Streamed to the file, validated in both profiles, written atomically; Ctrl-C cancels and writes "
          "nothing. Returns a dict: path, clips [{name, frames, fps}], bytes, clip_count, bone_count, dialect, recipe, "
          "warnings, findings.");
    m.def(
        "rebake_manifest",
        [](const py::handle &manifest, const py::object &formatVersion, int threads, bool overwriteInput) {
            const QString path = pathArgument(manifest);
            Diagnostics found;
            std::optional<RebakeRequest> request = RebakeManifest::readFile(path, &found);
            if (!request)
                raiseRefused(QStringLiteral("MANIFEST_UNUSABLE"), QStringLiteral("%1 cannot be used").arg(shown(path)), path,
                             found);
            if (!formatVersion.is_none())
                request->formatVersion = format::Dialect(dialectArgument(formatVersion));
            request->overwriteInput = overwriteInput;
            return runRebake(*request, threads);
        },
        py::arg("manifest"), py::arg("format_version") = py::none(), py::arg("threads") = 0, py::arg("overwrite_input") = false,
        "`bpat rebake --manifest`: every clip of a bake manifest (docs/rebake.md) into one file. Returns what rebake() does.");
    m.def(
        "recipes", [] { return BuiltinRecipes::names(); }, "The built-in rebake recipes' names.");
    m.def("export_gltf", &exportGltf, py::arg("source"), py::arg("output"), py::arg("clips") = py::none(),
          py::arg("mesh") = "none", py::arg("body") = py::none(),
          "`bpat export`: a BPAT file as glTF 2.0 (.glb binary, else .gltf), skeleton, one animation per clip (or the "
          "named `clips`), sockets, and with mesh='creature' the viewport's skinned mesh, with mesh='body' the game's "
          "body (`body`, else <species>_full.bprm or _minimal.bprm beside the file) (docs/gltf.md). Written "
          "atomically; Ctrl-C cancels. Returns a dict: path, bytes, animations, nodes, vertices, materials, body, "
          "skeleton_source, max_global_error, notes.");
    m.def("import_gltf", &importGltf, py::arg("source"), py::arg("output"), py::arg("species") = py::none(),
          py::arg("rig") = py::none(), py::arg("animations") = py::none(), py::arg("fps") = py::none(),
          py::arg("format_version") = py::none(),
          "`bpat import`: glTF 2.0 animations as BPAT clips, joints matched to the species' rig (or a rig description "
          "file), sampled at `fps`, validated, written atomically in `format_version` (1, 2 or 3; default: the version of the "
          "BPAT file the glTF came from, else 3). Returns a dict: path, "
          "species_id, bones, rig_source, bone_names, clips, frames, sockets, notes, findings.");
}

} // namespace bpat::python
