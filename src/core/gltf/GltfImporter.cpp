#include "gltf/GltfImporter.h"

#include "bpat/BpatFormat.h"
#include "bpat/GameEra.h"
#include "bpat/VersionConverter.h"
#include "gltf/GltfAccessorReader.h"
#include "gltf/GltfAxes.h"
#include "gltf/GltfChannelSampler.h"
#include "gltf/GltfLimits.h"
#include "gltf/GltfLoader.h"
#include "gltf/GltfModelCheck.h"
#include "gltf/GltfRigMatch.h"
#include "gltf/TinyGltf.h"
#include "io/RegularFile.h"
#include "species/Species.h"

#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <cmath>
#include <limits>

namespace bpat {

namespace {

std::optional<double> extraNumber(const tinygltf::Value &extras, const char *key)
{
    if (!extras.IsObject() || !extras.Has(key) || !extras.Get(key).IsNumber())
        return std::nullopt;
    const double v = extras.Get(key).GetNumberAsDouble();
    return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

Trs nodeTrs(const tinygltf::Node &node)
{
    if (node.matrix.size() == 16)
        return Affine::decompose(Affine::fromColumnMajor(node.matrix));
    Trs trs;
    if (node.translation.size() == 3)
        trs.translation = {node.translation[0], node.translation[1], node.translation[2]};
    if (node.rotation.size() == 4)
        trs.rotation = Affine::normalized({node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3]});
    if (node.scale.size() == 3)
        trs.scale = {node.scale[0], node.scale[1], node.scale[2]};
    return trs;
}

Matrix4d staticLocal(const tinygltf::Node &node)
{
    return node.matrix.size() == 16 ? Affine::fromColumnMajor(node.matrix) : Affine::compose(nodeTrs(node));
}

// Frames per second from the spacing of an animation's keys: 1 / the smallest interval,
// rounded to a whole number when within 1e-3 of one; nullopt when there is no interval.
std::optional<double> fpsFromKeys(const QList<GltfChannelSampler> &samplers)
{
    double dt = INFINITY;
    for (const GltfChannelSampler &s : samplers)
        for (size_t k = 1; k < s.times().size(); ++k)
            dt = std::min(dt, s.times()[k] - s.times()[k - 1]);
    if (!(dt > 0) || !std::isfinite(dt))
        return std::nullopt;
    double fps = 1.0 / dt;
    if (std::abs(fps - std::round(fps)) < 1e-3)
        fps = std::round(fps);
    return fps;
}

struct Importer
{
    const tinygltf::Model &model;
    const GltfImportOptions &options;
    GltfImportResult result;
    QList<int> parents;      // of every node
    QList<int> joints;       // node of each palette bone
    QList<int> neededOrder;  // joints and their ancestors, parents first
    QStringList familyNames; // per imported clip: the base clip named in its extras (or empty)
    // Key values the animations planned so far read, all together (gltflimits).
    double keyValues = 0;

    bool fail(const QString &message)
    {
        result.error = message;
        result.document.reset();
        return false;
    }

    bool chooseJoints()
    {
        if (!model.skins.empty()) {
            for (int j : model.skins.front().joints)
                joints.append(j);
            if (model.skins.size() > 1)
                result.notes.append(
                    QStringLiteral("the file has %1 skins: the joints of the first are the bones").arg(model.skins.size()));
        } else {
            QSet<int> animated;
            for (const tinygltf::Animation &a : model.animations)
                for (const tinygltf::AnimationChannel &c : a.channels)
                    if (c.target_node >= 0)
                        animated.insert(c.target_node);
            for (int n = 0; n < int(model.nodes.size()); ++n)
                if (animated.contains(n))
                    joints.append(n);
            if (!joints.isEmpty())
                result.notes.append(QStringLiteral("no skin: the %1 animated nodes are the bones").arg(joints.size()));
        }
        if (joints.isEmpty())
            return fail(
                QStringLiteral("skins: the file has no skin with joints and no animated node, so there are no bones to import"));
        if (joints.size() > 64)
            return fail(QStringLiteral("skins[0].joints: %1 joints, but a BPAT file holds at most 64 bones").arg(joints.size()));
        if (QSet<int>(joints.begin(), joints.end()).size() != joints.size())
            return fail(QStringLiteral("skins[0].joints: a node is listed twice"));
        // Joints and their ancestors, each after its parent (every node visited once).
        QList<bool> placed(qsizetype(model.nodes.size()), false);
        QList<int> chain;
        for (int j : joints) {
            chain.clear();
            for (int n = j; n >= 0 && !placed.at(n); n = parents.at(n)) {
                placed[n] = true;
                chain.append(n);
            }
            for (qsizetype i = chain.size() - 1; i >= 0; --i)
                neededOrder.append(chain.at(i));
        }
        return true;
    }

    bool mapBones()
    {
        QStringList names;
        for (int i = 0; i < joints.size(); ++i) {
            const QString name = QString::fromStdString(model.nodes[size_t(joints.at(i))].name);
            names.append(name.isEmpty() ? QStringLiteral("joint_%1").arg(i) : name);
        }
        const std::optional<double> extrasSpecies = model.asset.extras.IsObject() && model.asset.extras.Has("bpat")
            ? extraNumber(model.asset.extras.Get("bpat"), "speciesId")
            : std::nullopt;
        std::optional<quint32> fileSpecies;
        if (extrasSpecies && *extrasSpecies >= 0 && *extrasSpecies <= Species::lastId())
            fileSpecies = quint32(*extrasSpecies);
        QString error;
        const GltfRigMatch match = GltfRigMatch::match(names, options.rig, options.speciesId, fileSpecies, &error);
        if (!error.isEmpty())
            return fail(error);
        if (match.boneOfJoint.isEmpty()) { // own joints
            result.rigSource = QStringLiteral("own joints");
            result.boneNames = names;
            for (int j : joints) {
                int p = parents.at(j);
                while (p >= 0 && !joints.contains(p))
                    p = parents.at(p);
                result.boneParents.append(p >= 0 ? int(joints.indexOf(p)) : -1);
            }
            result.document = BpatDocument(match.speciesId, quint32(joints.size()));
            result.notes.append(QStringLiteral("no rig has these %1 joints: imported as bones of their own (species %2)")
                                    .arg(joints.size())
                                    .arg(match.speciesId));
            return true;
        }
        QList<int> ordered(joints.size(), -1);
        for (int j = 0; j < joints.size(); ++j)
            ordered[match.boneOfJoint.at(j)] = joints.at(j);
        joints = ordered;
        result.rigSource = QStringLiteral("rig %1").arg(match.rigName);
        result.boneNames = match.boneNames;
        result.boneParents = match.boneParents;
        result.document = BpatDocument(match.speciesId, quint32(joints.size()));
        return true;
    }

    // One animation, its keys read and its frames known, ready to sample.
    struct Planned
    {
        int animation = -1;
        QList<GltfChannelSampler> samplers; // the channels that move needed nodes
        double start = 0;
        double fps = 30;
        quint32 frames = 0;
    };

    // Reads an animation's channels (within the key budget, counted over every animation
    // planned) and decides its rate and frames; nothing is sampled yet.
    std::optional<Planned> plan(int a)
    {
        const tinygltf::Animation &anim = model.animations[size_t(a)];
        // Values the samplers will copy, with every animation before: bounded before reading them.
        for (const tinygltf::AnimationChannel &channel : anim.channels) {
            const tinygltf::AnimationSampler &sampler = anim.samplers[size_t(channel.sampler)];
            keyValues +=
                double(model.accessors[size_t(sampler.input)].count) + double(model.accessors[size_t(sampler.output)].count) * 4;
        }
        if (keyValues > double(gltflimits::maxKeyValues)) {
            fail(QStringLiteral("animations[%1]: its channels and those before read %2 key values, more than an import "
                                "reads (%3)")
                     .arg(a)
                     .arg(keyValues)
                     .arg(gltflimits::maxKeyValues));
            return std::nullopt;
        }
        Planned p;
        p.animation = a;
        for (int c = 0; c < int(anim.channels.size()); ++c) {
            QString error;
            if (auto s = GltfChannelSampler::make(model, a, c, &error)) {
                p.samplers.append(std::move(*s));
            } else if (!error.isEmpty()) {
                fail(error);
                return std::nullopt;
            }
        }
        if (options.fps)
            p.fps = *options.fps;
        else if (const auto stored = extraNumber(anim.extras, "fps"); stored && *stored > 0)
            p.fps = *stored;
        else if (const auto spacing = fpsFromKeys(p.samplers); spacing && *spacing >= 1 && *spacing <= 1000)
            p.fps = *spacing;
        double end = 0;
        if (!p.samplers.isEmpty()) {
            p.start = p.samplers.front().firstTime();
            end = p.samplers.front().lastTime();
            for (const GltfChannelSampler &s : p.samplers) {
                p.start = std::min(p.start, s.firstTime());
                end = std::max(end, s.lastTime());
            }
        }
        const double frames = std::floor((end - p.start) * p.fps + 0.5) + 1;
        if (!std::isfinite(frames) || frames > GltfImporter::maxFrames) {
            fail(QStringLiteral("animations[%1] ('%2'): %3 s at %4 fps is more than %5 frames")
                     .arg(a)
                     .arg(QString::fromStdString(anim.name))
                     .arg(end - p.start)
                     .arg(p.fps)
                     .arg(GltfImporter::maxFrames));
            return std::nullopt;
        }
        p.frames = quint32(frames);
        // Work per frame: the needed nodes and the channels that move them.
        QList<bool> needed(qsizetype(model.nodes.size()), false);
        for (int n : neededOrder)
            needed[n] = true;
        p.samplers.removeIf([&](const GltfChannelSampler &s) { return !needed.at(s.node()); });
        return p;
    }

    // Samples a planned animation into a clip of the document.
    bool sample(const Planned &p)
    {
        const int a = p.animation;
        const tinygltf::Animation &anim = model.animations[size_t(a)];
        const QList<GltfChannelSampler> &samplers = p.samplers;
        BpatClip clip;
        clip.name = QString::fromStdString(anim.name);
        if (clip.name.isEmpty())
            clip.name = QStringLiteral("animation_%1").arg(a);
        if (result.document->findClip(clip.name) >= 0) { // clip names must be unique
            int n = 2;
            while (result.document->findClip(QStringLiteral("%1_%2").arg(clip.name).arg(n)) >= 0)
                ++n;
            const QString unique = QStringLiteral("%1_%2").arg(clip.name).arg(n);
            result.notes.append(QStringLiteral("animations[%1]: a second '%2', imported as '%3'").arg(a).arg(clip.name, unique));
            clip.name = unique;
        }
        clip.fps = float(p.fps);
        clip.frameCount = p.frames;
        clip.loops = true;
        if (anim.extras.IsObject() && anim.extras.Has("loops") && anim.extras.Get("loops").IsBool())
            clip.loops = anim.extras.Get("loops").Get<bool>();
        readVersionExtras(anim.extras, clip);
        clip.palette.resize(qsizetype(clip.frameCount) * joints.size() * 16); // bounded in run()

        QList<Matrix4d> locals(qsizetype(model.nodes.size()), Affine::identity());
        for (int n : neededOrder)
            locals[n] = staticLocal(model.nodes[size_t(n)]);
        QList<Matrix4d> world(locals.size(), Affine::identity());
        QHash<int, Trs> posed;
        for (quint32 f = 0; f < clip.frameCount; ++f) {
            const double time = p.start + double(f) / p.fps;
            posed.clear();
            for (const GltfChannelSampler &s : samplers) {
                const std::vector<double> v = s.evaluate(time);
                auto it = posed.find(s.node());
                if (it == posed.end())
                    it = posed.insert(s.node(), nodeTrs(model.nodes[size_t(s.node())]));
                if (s.path() == GltfChannelSampler::Path::Translation)
                    it->translation = {v[0], v[1], v[2]};
                else if (s.path() == GltfChannelSampler::Path::Scale)
                    it->scale = {v[0], v[1], v[2]};
                else
                    it->rotation = {v[0], v[1], v[2], v[3]};
            }
            for (int n : neededOrder) {
                const auto moved = posed.constFind(n);
                const Matrix4d local = moved != posed.cend() ? Affine::compose(*moved) : locals.at(n);
                world[n] = parents.at(n) >= 0 ? Affine::multiply(world.at(parents.at(n)), local) : local;
            }
            for (int b = 0; b < joints.size(); ++b) {
                const auto m = Affine::toRowMajorFloats(GltfAxes::convert(world.at(joints.at(b))));
                std::copy(m.begin(), m.end(), clip.palette.begin() + (qsizetype(f) * joints.size() + b) * 16);
            }
        }
        QString error;
        if (!result.document->addClip(std::move(clip), &error))
            return fail(QStringLiteral("animations[%1]: %2").arg(a).arg(error));
        return true;
    }

    // What later BPAT versions add to a clip, from the extras the exporter writes (docs/gltf.md):
    // markers (v2, v3), flags and the variant family by its base clip's name (v3).
    void readVersionExtras(const tinygltf::Value &extras, BpatClip &clip)
    {
        QString family;
        if (extras.IsObject()) {
            if (extras.Has("markers") && extras.Get("markers").IsArray() && extras.Get("markers").ArrayLen() == 5) {
                for (int i = 0; i < 5; ++i) {
                    const tinygltf::Value &m = extras.Get("markers").Get(i);
                    const double v = m.IsNumber() ? m.GetNumberAsDouble() : -1.0;
                    clip.markers[size_t(i)] = std::isfinite(v) && v >= -1.0 && v <= 1.0 ? float(v) : -1.0f;
                }
            }
            if (const auto flags = extraNumber(extras, "flags"); flags && *flags >= 0 && *flags <= 255)
                clip.flags = quint8(*flags);
            if (const auto ordinal = extraNumber(extras, "variantOrdinal"); ordinal && *ordinal >= 0 && *ordinal <= 255)
                clip.variantOrdinal = quint8(*ordinal);
            if (extras.Has("variantFamily") && extras.Get("variantFamily").IsString())
                family = QString::fromStdString(extras.Get("variantFamily").Get<std::string>());
        }
        familyNames.append(family);
    }

    // After every clip: variant families by name (a base that was not imported: the clip's
    // own), the version the exporter noted, the bind palette from the skin's inverse bind
    // matrices and the bone parents (the exporter's table, else the rig's or the node tree's),
    // so a save as late v3 keeps what glTF carried.
    void restoreVersionData()
    {
        BpatDocument &doc = *result.document;
        for (int c = 0; c < doc.clipCount() && c < familyNames.size(); ++c) {
            const int base = familyNames.at(c).isEmpty() ? -1 : doc.findClip(familyNames.at(c));
            doc.clip(c).variantFamily = base >= 0 ? base : c;
        }
        const tinygltf::Value bpat =
            model.asset.extras.IsObject() && model.asset.extras.Has("bpat") ? model.asset.extras.Get("bpat") : tinygltf::Value();
        if (bpat.IsObject() && bpat.Has("dialect") && bpat.Get("dialect").IsString()) {
            if (const auto d = format::dialectFromName(QString::fromStdString(bpat.Get("dialect").Get<std::string>()))) {
                doc.setDialect(*d);
                result.sourceDialect = *d;
            }
        }
        const int bones = int(doc.boneCount());
        QList<quint8> table;
        if (bpat.IsObject() && bpat.Has("boneParents") && bpat.Get("boneParents").IsArray()
            && int(bpat.Get("boneParents").ArrayLen()) == bones) {
            for (int b = 0; b < bones; ++b) {
                const tinygltf::Value &v = bpat.Get("boneParents").Get(b);
                const double p = v.IsNumber() ? v.GetNumberAsDouble() : -2.0;
                if (p == -1.0)
                    table.append(format::NoParentBone);
                else if (p >= 0 && p < bones && p == std::floor(p))
                    table.append(quint8(p));
                else
                    break;
            }
        }
        if (table.size() != bones && result.boneParents.size() == bones) {
            table.clear();
            for (int p : result.boneParents)
                table.append(p >= 0 && p < bones ? quint8(p) : format::NoParentBone);
        }
        if (table.size() == bones)
            doc.setBoneParents(table);
        if (model.skins.empty() || model.skins.front().inverseBindMatrices < 0)
            return;
        const tinygltf::Skin &skin = model.skins.front();
        QString error;
        const GltfAccessorReader reader(model);
        const bool fits = reader.count(skin.inverseBindMatrices) * size_t(reader.componentCount(skin.inverseBindMatrices))
            == skin.joints.size() * 16; // before reading it
        const auto ibm = fits ? reader.floats(skin.inverseBindMatrices, &error) : std::nullopt;
        if (!ibm || ibm->size() != skin.joints.size() * 16) {
            result.notes.append(QStringLiteral("skins[0].inverseBindMatrices not used for the bind palette: %1")
                                    .arg(error.isEmpty() ? QStringLiteral("not one matrix per joint") : error));
            return;
        }
        QList<QMatrix4x4> bind;
        for (int joint : joints) {
            const auto at = std::find(skin.joints.begin(), skin.joints.end(), joint);
            if (at == skin.joints.end())
                return;
            const size_t j = size_t(at - skin.joints.begin());
            std::array<double, 16> columnMajor{};
            for (size_t k = 0; k < 16; ++k)
                columnMajor[k] = double((*ibm)[j * 16 + k]);
            const auto inverse = Affine::inverseAffine(Affine::fromColumnMajor(columnMajor));
            if (!inverse) {
                result.notes.append(QStringLiteral("skins[0].inverseBindMatrices: joint %1 is singular, no bind palette").arg(j));
                return;
            }
            const auto rowMajor = Affine::toRowMajorFloats(GltfAxes::convert(*inverse));
            bind.append(QMatrix4x4(rowMajor.data()));
        }
        doc.setBindMatrices(bind);
    }

    void importSockets()
    {
        QList<BpatSocket> sockets;
        for (int n = 0; n < int(model.nodes.size()); ++n) {
            const tinygltf::Node &node = model.nodes[size_t(n)];
            if (!node.extras.IsObject() || !node.extras.Has("bpatSocket"))
                continue;
            const int bone = parents.at(n) >= 0 ? int(joints.indexOf(parents.at(n))) : -1;
            if (bone < 0) {
                result.notes.append(QStringLiteral("nodes[%1] ('%2'): a socket whose parent is no bone, skipped")
                                        .arg(n)
                                        .arg(QString::fromStdString(node.name)));
                continue;
            }
            const Trs trs = nodeTrs(node);
            const auto offset = GltfAxes::convert(trs.translation);
            sockets.append(BpatSocket{QString::fromStdString(node.name), quint32(bone),
                                      QVector3D(float(offset[0]), float(offset[1]), float(offset[2]))});
        }
        result.document->setSockets(sockets);
        result.document->recomputeSocketRows();
    }

    bool run()
    {
        if (QString e = GltfModelCheck::check(model); !e.isEmpty())
            return fail(e);
        parents = GltfModelCheck::parents(model);
        if (!chooseJoints() || !mapBones())
            return false;
        QList<int> picked;
        if (options.animations.isEmpty()) {
            for (int a = 0; a < int(model.animations.size()); ++a)
                picked.append(a);
        } else {
            for (const QString &name : options.animations) {
                int found = -1;
                for (int a = 0; a < int(model.animations.size()) && found < 0; ++a)
                    if (QString::fromStdString(model.animations[size_t(a)].name) == name)
                        found = a;
                if (found < 0)
                    return fail(QStringLiteral("no animation named '%1'").arg(name));
                picked.append(found);
            }
        }
        if (picked.isEmpty())
            return fail(QStringLiteral("animations: the file has no animation to import as a clip"));
        // Every animation planned (keys read, frames known) before any is sampled: the palettes
        // and the sampling work of all of them are bounded before the work starts.
        QList<Planned> plans;
        double work = 0;
        qint64 paletteFloats = 0;
        for (int a : picked) {
            std::optional<Planned> p = plan(a);
            if (!p)
                return false;
            const QString name = QString::fromStdString(model.animations[size_t(a)].name);
            work += double(p->frames) * double(neededOrder.size() + p->samplers.size());
            if (work > double(gltflimits::maxSamplingWork))
                return fail(QStringLiteral("animations[%1] ('%2'): %3 frames of %4 nodes and %5 channels, with the animations "
                                           "before, is more work than an import takes (%6 node poses)")
                                .arg(a)
                                .arg(name)
                                .arg(p->frames)
                                .arg(neededOrder.size())
                                .arg(p->samplers.size())
                                .arg(gltflimits::maxSamplingWork));
            paletteFloats += qint64(p->frames) * joints.size() * 16;
            if (paletteFloats > GltfImporter::maxPaletteFloats)
                return fail(QStringLiteral("animations[%1] ('%2'): the palettes would exceed %3 floats")
                                .arg(a)
                                .arg(name)
                                .arg(GltfImporter::maxPaletteFloats));
            plans.append(std::move(*p));
        }
        for (Planned &p : plans) {
            if (!sample(p))
                return false;
            p.samplers.clear(); // their keys are no longer needed
        }
        importSockets();
        restoreVersionData();
        if (const QStringList problems = result.document->problems(); !problems.isEmpty())
            return fail(
                QStringLiteral("the imported motion is not a valid BPAT document: %1").arg(problems.join(QStringLiteral("; "))));
        return true;
    }
};

} // namespace

GltfImportResult GltfImporter::importBytes(const QByteArray &bytes, const QString &baseDir, const GltfImportOptions &options)
{
    if (options.fps && (!(*options.fps > 0) || *options.fps > 1000)) {
        GltfImportResult r;
        r.error = QStringLiteral("--fps %1: expected a rate above 0 and at most 1000").arg(*options.fps);
        return r;
    }
    tinygltf::Model model;
    QString error, warning;
    QStringList inputs;
    if (!GltfLoader::load(bytes, baseDir, &model, &error, &warning, &inputs)) {
        GltfImportResult r;
        r.error = error;
        return r;
    }
    Importer importer{model, options, {}, {}, {}, {}, {}};
    importer.result.inputs = inputs;
    if (!warning.isEmpty())
        importer.result.notes.append(warning);
    importer.run();
    return importer.result;
}

GltfImportResult GltfImporter::importFile(const QString &path, const GltfImportOptions &options)
{
    // Regular files only (a FIFO named on the command line must not block), at most 2 GiB.
    const RegularFile::Contents contents = RegularFile::read(path, qint64(std::numeric_limits<int>::max()));
    GltfImportResult r;
    if (!contents.ok()) {
        r.error = QStringLiteral("%1: %2").arg(path, contents.error);
        return r;
    }
    r = importBytes(contents.bytes, QFileInfo(path).absolutePath(), options);
    if (!r.error.isEmpty())
        r.error = QStringLiteral("%1: %2").arg(path, r.error);
    r.inputs.prepend(QFileInfo(path).absoluteFilePath());
    return r;
}

QList<int> GltfImporter::writableFormatVersions()
{
    return {1, 2, 3};
}

int GltfImporter::defaultFormatVersion(const GltfImportResult &result)
{
    const quint32 version = result.sourceDialect ? format::versionOf(*result.sourceDialect) : 3;
    return writableFormatVersions().contains(int(version)) ? int(version) : 3;
}

BpatSaver::Result GltfImporter::save(const BpatDocument &document, const QString &path, int formatVersion, QStringList *warnings)
{
    if (!writableFormatVersions().contains(formatVersion)) {
        BpatSaver::Result r;
        r.error = QStringLiteral("format version %1 cannot be written (writable: 1, 2, 3)").arg(formatVersion);
        return r;
    }
    // 3 is late v3, what the game reads today (as `bpat rebake --format-version 3`).
    const format::Dialect target = formatVersion == 1 ? format::Dialect::V1
        : formatVersion == 2                          ? format::Dialect::V2
                                                      : format::Dialect::V3Late;
    BpatDocument doc = document;
    if (target != format::Dialect::V3Late && doc.dialect() != format::Dialect::V3Late) {
        // The bind palette and parents an import carries are late-v3 data only.
        doc.setBindPalette({});
        doc.setBoneParents({});
    }
    const ConvertResult converted = VersionConverter::convert(doc, ConvertOptions{target, {}, {}});
    if (!converted.ok) {
        BpatSaver::Result r;
        r.error = QStringLiteral("cannot write version %1: %2").arg(format::dialectName(target), converted.error);
        return r;
    }
    if (warnings) {
        *warnings << converted.warnings;
        if (const QString note = gameEra::currentGameNote(target); !note.isEmpty())
            *warnings << note;
    }
    return BpatSaver::save(doc, path);
}

} // namespace bpat
