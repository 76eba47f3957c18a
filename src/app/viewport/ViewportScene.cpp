#include "ViewportScene.h"

#include "bpat/BpatFile.h"
#include "mesh/CreatureMeshBuilder.h"
#include "mesh/RigDescription.h"
#include "motion/BoneRoles.h"
#include "species/SpeciesRig.h"

#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
// The line colours of the scene (RGBA), named once.
constexpr QVector4D kContactGrounded(0.3f, 0.9f, 0.4f, 1); // a foot contact on the ground
constexpr QVector4D kContactLifted(1.0f, 0.6f, 0.2f, 1);   // a foot contact in the air
constexpr QVector4D kGridAxis(0.55f, 0.55f, 0.6f, 1);      // the grid's centre lines
constexpr QVector4D kGridLine(0.33f, 0.34f, 0.37f, 1);
constexpr QVector4D kBoneSelected(1, 0.55f, 0.1f, 1);
constexpr QVector4D kBone(1, 1, 0.3f, 1);
} // namespace

void ViewportScene::clear()
{
    *this = ViewportScene();
}

void ViewportScene::replaceTables(const PaletteSource &source)
{
    if (!source.isValid() || !source.samePaletteShape(m_source))
        return setSource(source);
    m_source = source;
}

void ViewportScene::setSource(const PaletteSource &source)
{
    clear();
    if (!source.isValid())
        return;
    m_source = source;
    m_referenceFrame = source.clips.isEmpty() ? 0 : source.clips.first().frameOffset;
    const QList<float> reference = source.frame(m_referenceFrame);
    if (source.rig) { // the catalogue's rig of the file's species and bone count
        const bpat::RigDescription &rig = source.rig->description();
        m_knownRig = true;
        m_rigName = rig.name;
        m_roleColors = rig.roleColors;
        m_mesh = bpat::CreatureMeshBuilder::build(rig, reference, 12);
        m_crowdMesh = bpat::CreatureMeshBuilder::build(rig, reference, 6);
        m_feet = rig.footBones;
        for (const bpat::RigBoneDescription &bone : rig.bones) {
            m_boneNames.append(bone.name);
            m_parents.append(bone.parent);
        }
    } else {
        m_roleColors = bpat::RigDescription::defaultRoleColors();
        m_rigName = QStringLiteral("unknown rig (%1 bones): joints and inferred links").arg(source.boneCount);
        m_mesh = bpat::CreatureMeshBuilder::joints(source.boneCount, reference, 10);
        m_crowdMesh = bpat::CreatureMeshBuilder::joints(source.boneCount, reference, 4);
        m_parents = bpat::CreatureMeshBuilder::inferParents(source.boneCount, reference);
        for (int b = 0; b < source.boneCount; ++b)
            m_boneNames.append(QStringLiteral("bone %1").arg(b));
    }
    // A late-v3 file stores its own hierarchy: the skeleton follows it.
    if (source.parents.size() == source.boneCount)
        m_parents = source.parents;
    // Which bones are controls: the rig's names and the body beside the file.
    const bpat::BoneRoles roles = source.file ? bpat::BoneRoles::forFile(*source.file) : bpat::BoneRoles();
    for (int b = 0; b < source.boneCount; ++b)
        m_controls.append(roles.isControl(b));
    updateReferenceBounds();
}

void ViewportScene::updateReferenceBounds()
{
    bounds(m_referenceFrame, &m_referenceLo, &m_referenceHi);
    m_ground = std::isfinite(m_referenceLo.y()) ? std::min(0.0f, m_referenceLo.y()) : 0.0f;
    // A late-v3 file whose feet stand more than 5 cm under its rest pose's (a rebake of a recording
    // made 1.6 m under it): the game stands the rest pose on y = 0, so the grid stays there and
    // shows the creature under it, as the motion lint's FOOT_BELOW_GROUND says (MotionLint).
    const bpat::BpatFile *file = m_source.file.get();
    if (!file || !file->storesSkinningMatrices() || !file->bindPaletteInBounds() || m_feet.isEmpty())
        return;
    const QList<QVector3D> joints = this->joints(m_referenceFrame);
    float now = INFINITY, rest = INFINITY;
    for (int foot : std::as_const(m_feet)) {
        if (foot < 0 || foot >= joints.size())
            return;
        now = std::min(now, joints.at(foot).y());
        rest = std::min(rest, file->bindMatrix(quint32(foot))(1, 3));
    }
    if (std::isfinite(now) && std::isfinite(rest) && now < rest - kUnderRestPose)
        m_ground = 0.0f;
}

QString ViewportScene::bodyProblem() const
{
    if (!m_source.isValid())
        return QStringLiteral("no palette");
    if (!m_source.skinning || !m_source.file)
        return QStringLiteral("the game's bodies are skinned by late-v3 skinning matrices; this file stores global matrices "
                              "(convert it with `bpat convert --to-version 3`)");
    if (!m_source.bindPalette)
        return QStringLiteral("the file has no bind palette to skin a body against");
    return {};
}

void ViewportScene::setBody(const BodySource &body)
{
    if (!body.isValid() || !bodyProblem().isEmpty() || body.mesh().boneCount() > m_source.boneCount)
        return clearBody();
    m_inverseBind.clear();
    for (int b = 0; b < m_source.boneCount; ++b) {
        bool invertible = false;
        const QMatrix4x4 inverse = m_source.file->bindMatrix(quint32(b)).inverted(&invertible);
        m_inverseBind.append(invertible ? inverse : QMatrix4x4());
    }
    m_body = body;
    updateReferenceBounds();
}

void ViewportScene::clearBody()
{
    const bool had = m_body.isValid();
    m_body = BodySource();
    m_inverseBind.clear();
    if (had)
        updateReferenceBounds();
}

QList<QMatrix4x4> ViewportScene::skinMatrices(quint32 globalFrame) const
{
    QList<QMatrix4x4> out;
    const QList<float> frame = m_source.frame(globalFrame); // globals, row-major
    if (frame.isEmpty())
        return out;
    for (int b = 0; b < m_source.boneCount; ++b)
        out.append(QMatrix4x4(frame.constData() + b * 16) * m_inverseBind.value(b));
    return out;
}

QList<QVector3D> ViewportScene::joints(quint32 globalFrame) const
{
    QList<QVector3D> out;
    const QList<float> frame = m_source.frame(globalFrame);
    for (int b = 0; b + 1 <= m_source.boneCount && !frame.isEmpty(); ++b)
        out.append(QVector3D(frame.at(b * 16 + 3), frame.at(b * 16 + 7), frame.at(b * 16 + 11)));
    return out;
}

void ViewportScene::bounds(quint32 globalFrame, QVector3D *lo, QVector3D *hi) const
{
    QVector3D l(INFINITY, INFINITY, INFINITY), h(-INFINITY, -INFINITY, -INFINITY);
    const QList<float> frame = m_source.frame(globalFrame);
    const bpat::SkinnedPose pose = m_body.isValid() ? bpat::SkinnedPose() : m_mesh.skin(frame);
    if (m_body.isValid()) // the body the viewport draws, not the stand-in
        m_body.bounds(skinMatrices(globalFrame), &l, &h);
    auto grow = [&](const QVector3D &p) {
        if (!std::isfinite(p.x()) || !std::isfinite(p.y()) || !std::isfinite(p.z()))
            return;
        for (int i = 0; i < 3; ++i) {
            l[i] = std::min(l[i], p[i]);
            h[i] = std::max(h[i], p[i]);
        }
    };
    for (const QVector3D &p : pose.positions)
        grow(p);
    for (const QVector3D &p : joints(globalFrame))
        grow(p);
    if (!(l.x() <= h.x())) { // nothing finite: a unit box at the origin
        l = QVector3D(-0.5f, 0, -0.5f);
        h = QVector3D(0.5f, 1, 0.5f);
    }
    *lo = l;
    *hi = h;
}

void ViewportScene::appendLine(QList<LineVertex> &out, const QVector3D &a, const QVector3D &b, const QVector4D &color)
{
    out.append(LineVertex{{a.x(), a.y(), a.z()}, {color.x(), color.y(), color.z(), color.w()}});
    out.append(LineVertex{{b.x(), b.y(), b.z()}, {color.x(), color.y(), color.z(), color.w()}});
}

bool ViewportScene::appendGroundContact(QList<LineVertex> &out, quint32 globalFrame, float size) const
{
    if (!m_source.hasContacts || !m_source.file || globalFrame >= m_source.frameTotal)
        return false;
    const std::optional<std::pair<float, float>> contact = m_source.file->contact(globalFrame); // (sole_y, foot_y)
    if (!contact)
        return false;
    const float record[2] = {contact->first, contact->second};
    if (!std::isfinite(record[0]) || !std::isfinite(record[1]))
        return false;
    QVector3D lo, hi;
    bounds(globalFrame, &lo, &hi);
    const QVector3D centre((lo.x() + hi.x()) / 2, record[1], (lo.z() + hi.z()) / 2);
    const QVector4D color = std::abs(record[0]) <= 0.01f ? kContactGrounded : kContactLifted;
    appendLine(out, centre - QVector3D(size, 0, 0), centre + QVector3D(size, 0, 0), color);
    appendLine(out, centre - QVector3D(0, 0, size), centre + QVector3D(0, 0, size), color);
    return true;
}

void ViewportScene::appendGrid(QList<LineVertex> &out, float halfExtent, float step) const
{
    const int lines = std::clamp(int(halfExtent / std::max(step, 1e-3f)), 1, 200);
    const float extent = float(lines) * step;
    for (int i = -lines; i <= lines; ++i) {
        const float t = float(i) * step;
        const QVector4D color = i == 0 ? kGridAxis : kGridLine;
        appendLine(out, {t, m_ground, -extent}, {t, m_ground, extent}, color);
        appendLine(out, {-extent, m_ground, t}, {extent, m_ground, t}, color);
    }
}

void ViewportScene::appendSkeleton(QList<LineVertex> &out, quint32 globalFrame, const QList<int> &selectedBones) const
{
    const QList<QVector3D> points = joints(globalFrame);
    for (int b = 0; b < points.size() && b < m_parents.size(); ++b) {
        const int parent = m_parents.at(b);
        if (parent < 0 || parent >= points.size())
            continue;
        if (isControl(b) || isControl(parent))
            continue; // a control's link is no limb (its marker is drawn on demand)
        // The link parent -> b is the parent bone's reach (what a click on it picks).
        const bool selected = selectedBones.contains(parent);
        appendLine(out, points.at(parent), points.at(b), selected ? kBoneSelected : kBone);
    }
}

QList<float> ViewportScene::meshRows(quint32 globalFrame) const
{
    if (!m_body.isValid())
        return m_source.frame(globalFrame);
    QList<float> rows; // row-major matrices, as CreatureMesh::skin() takes them
    for (const QMatrix4x4 &skin : skinMatrices(globalFrame)) {
        const QMatrix4x4 transposed = skin.transposed(); // column-major storage of the transpose
        rows.append(QList<float>(transposed.constData(), transposed.constData() + 16));
    }
    return rows;
}

BonePicker::Surface ViewportScene::pickSurface(quint32 globalFrame) const
{
    BonePicker::Surface surface;
    const bpat::CreatureMesh &mesh = m_body.isValid() ? m_body.mesh() : m_mesh;
    if (mesh.isEmpty())
        return surface;
    const QList<float> rows = meshRows(globalFrame);
    surface.positions = mesh.skin(std::span<const float>(rows.constData(), size_t(rows.size()))).positions;
    if (surface.positions.size() != mesh.vertexCount()) {
        surface.positions.clear();
        return surface;
    }
    surface.indices = &mesh.indices();
    surface.vertexBones.reserve(mesh.vertexCount());
    for (const bpat::CreatureVertex &vertex : mesh.vertices()) {
        int heaviest = 0;
        for (int i = 1; i < 4; ++i)
            heaviest = vertex.weights[i] > vertex.weights[heaviest] ? i : heaviest;
        surface.vertexBones.append(int(vertex.bones[heaviest]));
    }
    return surface;
}

void ViewportScene::appendJointAxes(QList<LineVertex> &out, quint32 globalFrame, float size) const
{
    const QList<float> frame = m_source.frame(globalFrame);
    for (int b = 0; b < m_source.boneCount && !frame.isEmpty(); ++b) {
        const float *m = frame.constData() + b * 16;
        const QVector3D origin(m[3], m[7], m[11]);
        for (int axis = 0; axis < 3; ++axis) {
            const QVector3D dir = QVector3D(m[axis], m[4 + axis], m[8 + axis]).normalized();
            QVector4D color(0.2f, 0.2f, 0.2f, 1);
            color[axis] = 1;
            appendLine(out, origin, origin + dir * size, color);
        }
    }
}

void ViewportScene::appendBox(QList<LineVertex> &out, const QVector3D &lo, const QVector3D &hi, const QVector4D &color)
{
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (int corner = 0; corner < 4; ++corner) {
            QVector3D a = lo, b = lo;
            a[u] = b[u] = (corner & 1) ? hi[u] : lo[u];
            a[v] = b[v] = (corner & 2) ? hi[v] : lo[v];
            b[axis] = hi[axis];
            appendLine(out, a, b, color);
        }
    }
}

} // namespace bpat::studio
