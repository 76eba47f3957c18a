#include "gltf/GltfExporter.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatSaver.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "gltf/GltfAxes.h"
#include "gltf/GltfBufferBuilder.h"
#include "gltf/GltfMeshExport.h"
#include "gltf/TinyGltf.h"
#include "io/AtomicFile.h"
#include "mesh/RigDescription.h"
#include "species/SpeciesRig.h"

#include <QFileInfo>
#include <cmath>
#include <cstring>
#include <sstream>

namespace bpat {

namespace {

// A local matrix counts as a TRS when its best TRS reproduces it this closely. Not tighter:
// the game's palettes drift from orthonormal by float rounding (the humanoid's knees by up to
// 1.3e-5), which puts shear of a few 1e-6 into their children's local matrices.
constexpr double trsTolerance = 4e-6;

struct ClipPick
{
    int index;
    const BpatClip *clip;
};

// The first value of the document that glTF cannot hold (NaN or infinity: JSON has no word for
// them and the binary buffer would carry them to every viewer), found by the checks of `bpat
// validate --deep` (DeepChecker) on the document as BpatWriter writes it; empty when none.
QString nonFiniteValue(const BpatDocument &doc)
{
    QString error;
    const QByteArray bytes = BpatWriter(doc).toBytes(&error);
    if (bytes.isEmpty())
        return QStringLiteral("the document cannot be checked: %1").arg(error);
    ValidationOptions options;
    options.deep = true;
    options.maxIssues = 64; // errors are kept first
    const ValidationResult checked = Validator(options).validate(BpatFile::fromData(bytes));
    for (const Diagnostic &d : checked.issues) {
        if (d.severity == Severity::Error && (d.code == codes::NON_FINITE || d.code == codes::BIND_MATRIX_INVALID))
            return QStringLiteral("the file holds a value glTF cannot: %1").arg(BpatSaver::describe(d));
    }
    return {};
}

// Global glTF matrices of every bone at one frame.
QList<Matrix4d> gltfGlobals(const BpatDocument &doc, const BpatClip &clip, quint32 frame)
{
    QList<Matrix4d> globals;
    globals.reserve(qsizetype(doc.boneCount()));
    for (quint32 b = 0; b < doc.boneCount(); ++b)
        globals.append(GltfAxes::convert(GltfExporter::globalMatrix(doc, clip, frame, b)));
    return globals;
}

Matrix4d localOf(const QList<Matrix4d> &globals, const QList<int> &parents, int bone, bool *ok)
{
    *ok = true;
    const int parent = parents.at(bone);
    if (parent < 0)
        return globals.at(bone);
    const auto inverse = Affine::inverseAffine(globals.at(parent));
    if (!inverse) {
        *ok = false;
        return globals.at(bone);
    }
    return Affine::multiply(*inverse, globals.at(bone));
}

// TRS as glTF stores it (floats), back in double: what a viewer will compose.
Trs rounded(const Trs &trs)
{
    Trs r;
    for (size_t i = 0; i < 3; ++i) {
        r.translation[i] = double(float(trs.translation[i]));
        r.scale[i] = double(float(trs.scale[i]));
    }
    for (size_t i = 0; i < 4; ++i)
        r.rotation[i] = double(float(trs.rotation[i]));
    return r;
}

std::vector<double> vec(const std::array<double, 3> &v)
{
    return {v[0], v[1], v[2]};
}
std::vector<double> vec(const Quat &q)
{
    return {q[0], q[1], q[2], q[3]};
}

tinygltf::Value object(std::initializer_list<std::pair<const char *, tinygltf::Value>> members)
{
    tinygltf::Value::Object o;
    for (const auto &[key, value] : members)
        o[key] = value;
    return tinygltf::Value(o);
}

} // namespace

GltfSkeleton GltfSkeleton::forSpecies(quint32 speciesId, int boneCount)
{
    GltfSkeleton s;
    if (const SpeciesRig *rig = SpeciesRig::find(speciesId, boneCount)) {
        s.source = QStringLiteral("rig %1").arg(rig->name());
        s.rigName = rig->name();
        for (const RigBone &bone : rig->rig().bones()) {
            s.names.append(bone.name);
            s.parents.append(bone.parent);
        }
        return s;
    }
    s.source = QStringLiteral("no rig for species %1 with %2 bones: every bone a root").arg(speciesId).arg(boneCount);
    for (int b = 0; b < boneCount; ++b) {
        s.names.append(QStringLiteral("bone_%1").arg(b));
        s.parents.append(-1);
    }
    return s;
}

GltfSkeleton GltfSkeleton::forDocument(const BpatDocument &document)
{
    GltfSkeleton s = forSpecies(document.speciesId(), int(document.boneCount()));
    // A late-v3 file's own parent table wins over the rig, when it is a forest over the bones.
    const QList<quint8> &table = document.boneParents();
    const int boneCount = int(document.boneCount());
    if (table.size() != boneCount || boneCount == 0)
        return s;
    QList<int> parents;
    for (quint8 p : table) {
        if (p != format::NoParentBone && int(p) >= boneCount)
            return s;
        parents.append(p == format::NoParentBone ? -1 : int(p));
    }
    for (int b = 0; b < boneCount; ++b) { // no cycles: every chain reaches a root
        int steps = 0;
        for (int p = parents.at(b); p >= 0; p = parents.at(p))
            if (++steps > boneCount)
                return s;
    }
    s.parents = parents;
    s.source = s.rigName.isEmpty() ? QStringLiteral("file parent table (names bone_N)")
                                   : QStringLiteral("file parent table (names from rig %1)").arg(s.rigName);
    return s;
}

QList<Matrix4d> GltfExporter::bindPose(const BpatDocument &document)
{
    QList<Matrix4d> pose;
    const bool ownBind = document.bindPalette().size() == qsizetype(document.boneCount()) * 16;
    for (quint32 b = 0; b < document.boneCount(); ++b) {
        if (ownBind) {
            std::array<double, 16> columnMajor{};
            for (size_t k = 0; k < 16; ++k)
                columnMajor[k] = double(document.bindPalette().at(qsizetype(b) * 16 + qsizetype(k)));
            pose.append(Affine::fromColumnMajor(columnMajor));
        } else {
            pose.append(document.clipCount() > 0 ? globalMatrix(document, document.clip(0), 0, b) : Affine::identity());
        }
    }
    return pose;
}

Matrix4d GltfExporter::globalMatrix(const BpatDocument &document, const BpatClip &clip, quint32 frame, quint32 bone)
{
    // BpatDocument keeps row-major GLOBAL matrices for every version (a late-v3 file's skinning
    // matrices are turned into skin x bind when it is read), so this is version independent.
    const qsizetype at = BpatClip::matrixIndex(frame, bone, document.boneCount());
    if (at < 0 || at + 16 > clip.palette.size())
        return Affine::identity();
    return Affine::fromRowMajor(std::span<const float>(clip.palette.constData() + at, 16));
}

QByteArray GltfExporter::toBytes(const BpatDocument &doc, bool binary, const GltfExportOptions &options, GltfExportResult *result)
{
    GltfExportResult &r = *result;
    const int boneCount = int(doc.boneCount());
    if (boneCount <= 0 || doc.clipCount() == 0) {
        r.error = QStringLiteral("nothing to export: the file has no bones or no clips");
        return {};
    }
    for (const BpatClip &clip : doc.clips()) {
        const qsizetype need = qsizetype(clip.frameCount) * boneCount * 16;
        if (clip.frameCount == 0 || clip.palette.size() != need) {
            r.error = QStringLiteral("clip '%1' has %2 palette floats, expected %3 (run `bpat validate`)")
                          .arg(clip.name)
                          .arg(clip.palette.size())
                          .arg(need);
            return {};
        }
        if (!(clip.fps > 0) || !std::isfinite(clip.fps)) {
            r.error = QStringLiteral("clip '%1' has fps %2: glTF key times need fps > 0").arg(clip.name).arg(double(clip.fps));
            return {};
        }
    }
    if (const QString bad = nonFiniteValue(doc); !bad.isEmpty()) {
        r.error = bad;
        return {};
    }
    QList<ClipPick> picks;
    if (options.clips.isEmpty()) {
        for (int c = 0; c < doc.clipCount(); ++c)
            picks.append({c, &doc.clip(c)});
    } else {
        for (const QString &name : options.clips) {
            const int c = doc.findClip(name);
            if (c < 0) {
                r.error = QStringLiteral("no clip named '%1'").arg(name);
                return {};
            }
            picks.append({c, &doc.clip(c)});
        }
    }

    const GltfSkeleton skeleton = GltfSkeleton::forDocument(doc);
    r.skeletonSource = skeleton.source;
    QList<int> parents = skeleton.parents;
    QList<Matrix4d> bind = bindPose(doc);
    for (Matrix4d &m : bind)
        m = GltfAxes::convert(m);

    // Keep a rig parent only where every exported local matrix under it is a TRS.
    QList<bool> keepParent(boneCount, true);
    QList<double> rootResidual(boneCount, 0.0);
    for (const ClipPick &pick : picks) {
        for (quint32 f = 0; f < pick.clip->frameCount; ++f) {
            const QList<Matrix4d> globals = gltfGlobals(doc, *pick.clip, f);
            for (int b = 0; b < boneCount; ++b) {
                double residual = 0;
                Affine::decompose(globals.at(b), &residual);
                rootResidual[b] = std::max(rootResidual[b], residual);
                if (parents.at(b) >= 0 && keepParent.at(b)) {
                    bool ok = false;
                    const Matrix4d local = localOf(globals, parents, b, &ok);
                    Affine::decompose(local, &residual);
                    if (!ok || !(residual <= trsTolerance))
                        keepParent[b] = false;
                }
            }
        }
    }
    for (int b = 0; b < boneCount; ++b) {
        if (parents.at(b) >= 0 && !keepParent.at(b)) {
            r.notes.append(
                QStringLiteral("bone %1 (%2) exported under the skeleton root, not under %3: its matrix relative to %3 has shear")
                    .arg(b)
                    .arg(skeleton.names.at(b), skeleton.names.at(parents.at(b))));
            parents[b] = -1;
        }
        if (parents.at(b) < 0 && rootResidual.at(b) > trsTolerance)
            r.notes.append(QStringLiteral("bone %1 (%2): its global matrix has shear, which glTF cannot hold "
                                          "(nearest TRS written, off by up to %3)")
                               .arg(b)
                               .arg(skeleton.names.at(b))
                               .arg(rootResidual.at(b)));
    }

    tinygltf::Model model;
    model.asset.version = "2.0";
    model.asset.generator = "BPAT Studio " BPAT_VERSION_STRING;
    tinygltf::Value::Object bpatExtras{
        {"speciesId", tinygltf::Value(int(doc.speciesId()))},
        {"boneCount", tinygltf::Value(boneCount)},
        {"version", tinygltf::Value(int(doc.version()))},
        {"dialect", tinygltf::Value(format::dialectName(doc.dialect()).toStdString())},
        {"axes", tinygltf::Value(std::string("x mirrored: glTF = S * BPAT * S, S = diag(-1, 1, 1)"))}};
    if (doc.boneParents().size() == qsizetype(boneCount)) {
        tinygltf::Value::Array table;
        for (quint8 p : doc.boneParents())
            table.push_back(tinygltf::Value(p == format::NoParentBone ? -1 : int(p)));
        bpatExtras["boneParents"] = tinygltf::Value(table);
    }
    model.asset.extras = object({{"bpat", tinygltf::Value(bpatExtras)}});
    GltfBufferBuilder buffers(model);
    tinygltf::Scene scene;
    scene.name = "bpat";

    // Bone nodes 0..boneCount-1 (node index == palette bone index), at the bind pose.
    for (int b = 0; b < boneCount; ++b) {
        tinygltf::Node node;
        node.name = skeleton.names.at(b).toStdString();
        bool ok = false;
        const Trs trs = Affine::decompose(localOf(bind, parents, b, &ok));
        node.translation = vec(trs.translation);
        node.rotation = vec(trs.rotation);
        node.scale = vec(trs.scale);
        model.nodes.push_back(std::move(node));
    }
    // One skeleton root above the root bones (identity): glTF wants the joints of a skin to
    // have a common root, and rigless files have many root bones.
    tinygltf::Node root;
    root.name = skeleton.rigName.isEmpty() ? std::string("skeleton") : skeleton.rigName.toStdString();
    model.nodes.push_back(std::move(root));
    const int rootNode = int(model.nodes.size() - 1);
    scene.nodes.push_back(rootNode);
    for (int b = 0; b < boneCount; ++b) {
        if (parents.at(b) >= 0)
            model.nodes[size_t(parents.at(b))].children.push_back(b);
        else
            model.nodes[size_t(rootNode)].children.push_back(b);
    }
    // Sockets: child nodes of their anchors, offset in the anchor's space.
    for (const BpatSocket &socket : doc.sockets()) {
        if (socket.anchorBone >= quint32(boneCount)) {
            r.notes.append(
                QStringLiteral("socket '%1' skipped: anchor bone %2 does not exist").arg(socket.name).arg(socket.anchorBone));
            continue;
        }
        tinygltf::Node node;
        node.name = socket.name.toStdString();
        const QVector3D offset = GltfAxes::convert(socket.localOffset);
        node.translation = {double(offset.x()), double(offset.y()), double(offset.z())};
        node.extras = object({{"bpatSocket", tinygltf::Value(true)}});
        model.nodes.push_back(std::move(node));
        model.nodes[socket.anchorBone].children.push_back(int(model.nodes.size() - 1));
    }

    // Skin: every bone a joint, inverse bind matrices from the bind pose.
    tinygltf::Skin skin;
    skin.name = skeleton.source.toStdString();
    skin.skeleton = rootNode;
    std::vector<float> ibm;
    ibm.reserve(size_t(boneCount) * 16);
    for (int b = 0; b < boneCount; ++b) {
        skin.joints.push_back(b);
        auto inverse = Affine::inverseAffine(bind.at(b));
        if (!inverse) {
            r.notes.append(QStringLiteral("bone %1 is singular in the bind pose: identity inverse bind matrix").arg(b));
            inverse = Affine::identity();
        }
        const auto cm = Affine::toColumnMajorFloats(*inverse);
        ibm.insert(ibm.end(), cm.begin(), cm.end());
    }
    skin.inverseBindMatrices = buffers.addFloats(ibm, TINYGLTF_TYPE_MAT4, false);
    model.skins.push_back(std::move(skin));

    if (!options.bodyPath.isEmpty()) {
        // The body is stored in the bind pose the file's bind palette holds; any other pose as
        // inverse bind matrices would put it elsewhere.
        if (doc.bindPalette().size() != qsizetype(boneCount) * 16) {
            r.error = QStringLiteral("the body is stored in the bind pose of a late-v3 file's bind palette; this file has none "
                                     "(convert it with `bpat convert --to-version 3`)");
            return {};
        }
        // Another species' body may even fit the bone indices (a wolf on a horse's 50 bones) and
        // would be written without a word: its name says whose it is.
        if (const QString mismatch = BodyFiles::speciesMismatch(options.bodyPath, doc.speciesId()); !mismatch.isEmpty()) {
            r.error = QStringLiteral("body %1: %2").arg(options.bodyPath, mismatch);
            return {};
        }
        QString error;
        const std::optional<BprmFile> body = BprmFile::open(options.bodyPath, &error);
        const int meshNode =
            body ? GltfMeshExport::addBody(model, buffers, *body, boneCount, &r.vertexCount, &r.materialCount, &error) : -1;
        if (meshNode < 0) {
            r.error = QStringLiteral("body %1: %2").arg(options.bodyPath, error);
            return {};
        }
        model.nodes[size_t(meshNode)].skin = 0;
        scene.nodes.push_back(meshNode);
    } else if (options.creatureMesh) {
        QList<float> reference; // the bind pose, row-major floats as the mesh builder takes them
        for (const Matrix4d &m : bindPose(doc)) {
            const auto floats = Affine::toRowMajorFloats(m);
            reference.append(QList<float>(floats.begin(), floats.end()));
        }
        const int meshNode =
            GltfMeshExport::addCreatureMesh(model, buffers, doc.speciesId(), boneCount, reference, &r.vertexCount);
        if (meshNode >= 0) {
            model.nodes[size_t(meshNode)].skin = 0;
            scene.nodes.push_back(meshNode);
        }
    }

    // One animation per clip.
    int done = 0;
    for (const ClipPick &pick : picks) {
        const BpatClip &clip = *pick.clip;
        tinygltf::Animation animation;
        animation.name = clip.name.toStdString();
        tinygltf::Value::Object extras{{"loops", tinygltf::Value(clip.loops)},
                                       {"fps", tinygltf::Value(double(clip.fps))},
                                       {"frameCount", tinygltf::Value(int(clip.frameCount))}};
        if (doc.version() >= 2) {
            tinygltf::Value::Array markers;
            for (float m : clip.markers)
                markers.push_back(tinygltf::Value(double(m)));
            extras["markers"] = tinygltf::Value(markers);
        }
        if (doc.version() >= 3) {
            extras["flags"] = tinygltf::Value(int(clip.flags));
            // The family by its base clip's name: indices change when only some clips are exported.
            const int family = clip.variantFamily < 0 ? pick.index : clip.variantFamily;
            if (family < doc.clipCount())
                extras["variantFamily"] = tinygltf::Value(doc.clip(family).name.toStdString());
            extras["variantOrdinal"] = tinygltf::Value(int(clip.variantOrdinal));
        }
        animation.extras = tinygltf::Value(extras);
        std::vector<float> times;
        for (quint32 f = 0; f < clip.frameCount; ++f)
            times.push_back(float(double(f) / double(clip.fps)));
        const int input = buffers.addFloats(times, TINYGLTF_TYPE_SCALAR, true);
        std::vector<std::vector<float>> t(static_cast<size_t>(boneCount)), q(static_cast<size_t>(boneCount)),
            s(static_cast<size_t>(boneCount));
        QList<Quat> previous(boneCount, Quat{0, 0, 0, 1});
        for (quint32 f = 0; f < clip.frameCount; ++f) {
            const QList<Matrix4d> globals = gltfGlobals(doc, clip, f);
            QList<Matrix4d> composed(boneCount, Affine::identity());
            for (int b = 0; b < boneCount; ++b) {
                bool ok = false;
                Trs trs = Affine::decompose(localOf(globals, parents, b, &ok));
                if (f > 0 && Affine::dot(previous.at(b), trs.rotation) < 0) // no long way round
                    for (double &v : trs.rotation)
                        v = -v;
                previous[b] = trs.rotation;
                const Trs stored = rounded(trs);
                for (size_t i = 0; i < 3; ++i) {
                    t[size_t(b)].push_back(float(stored.translation[i]));
                    s[size_t(b)].push_back(float(stored.scale[i]));
                }
                for (size_t i = 0; i < 4; ++i)
                    q[size_t(b)].push_back(float(stored.rotation[i]));
                composed[b] = Affine::compose(stored);
            }
            // What a viewer computes from the stored keys, against the palette.
            QList<Matrix4d> world(boneCount, Affine::identity());
            QList<bool> known(boneCount, false);
            for (int pass = 0; pass < boneCount; ++pass)
                for (int b = 0; b < boneCount; ++b) {
                    const int p = parents.at(b);
                    if (known.at(b) || (p >= 0 && !known.at(p)))
                        continue;
                    world[b] = p >= 0 ? Affine::multiply(world.at(p), composed.at(b)) : composed.at(b);
                    known[b] = true;
                    r.maxGlobalError = std::max(r.maxGlobalError, Affine::maxDifference(world.at(b), globals.at(b)));
                }
        }
        for (int b = 0; b < boneCount; ++b) {
            const std::pair<const char *, const std::vector<float> *> paths[] = {
                {"translation", &t[size_t(b)]}, {"rotation", &q[size_t(b)]}, {"scale", &s[size_t(b)]}};
            for (const auto &[path, values] : paths) {
                tinygltf::AnimationSampler sampler;
                sampler.input = input;
                sampler.output = buffers.addFloats(
                    *values, std::strcmp(path, "rotation") == 0 ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, false);
                sampler.interpolation = "LINEAR";
                animation.samplers.push_back(sampler);
                tinygltf::AnimationChannel channel;
                channel.sampler = int(animation.samplers.size() - 1);
                channel.target_node = b;
                channel.target_path = path;
                animation.channels.push_back(channel);
            }
        }
        model.animations.push_back(std::move(animation));
        ++done;
        if (options.progress && !options.progress(done, int(picks.size()))) {
            r.error = QStringLiteral("cancelled");
            return {};
        }
    }
    model.scenes.push_back(std::move(scene));
    model.defaultScene = 0;
    r.animationCount = int(model.animations.size());
    r.nodeCount = int(model.nodes.size());

    std::ostringstream stream;
    tinygltf::TinyGLTF writer;
    if (!writer.WriteGltfSceneToStream(&model, stream, !binary, binary)) {
        r.error = QStringLiteral("tinygltf could not serialize the model");
        return {};
    }
    const std::string text = stream.str();
    r.ok = true;
    r.bytes = qint64(text.size());
    return QByteArray(text.data(), qsizetype(text.size()));
}

GltfExportResult GltfExporter::exportDocument(const BpatDocument &document, const QString &outPath,
                                              const GltfExportOptions &options)
{
    GltfExportResult result;
    const bool binary = QFileInfo(outPath).suffix().compare(QLatin1String("glb"), Qt::CaseInsensitive) == 0;
    const QByteArray bytes = toBytes(document, binary, options, &result);
    if (!result.ok)
        return result;
    QString error;
    if (!AtomicFile::write(outPath, bytes, &error)) {
        result.ok = false;
        result.error = error;
    }
    return result;
}

GltfExportResult GltfExporter::exportFile(const QString &bpatPath, const QString &outPath, const GltfExportOptions &options)
{
    GltfExportResult result;
    QString error;
    const auto file = BpatFile::open(bpatPath, &error);
    if (!file) {
        result.error = error;
        return result;
    }
    const auto document = BpatDocument::fromFile(*file, &error);
    if (!document) {
        result.error = QStringLiteral("%1 cannot be read: %2 (run `bpat validate` for details)").arg(bpatPath, error);
        return result;
    }
    return exportDocument(*document, outPath, options);
}

} // namespace bpat
