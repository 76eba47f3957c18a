#include "mesh/CreatureMeshBuilder.h"

#include <QMatrix4x4>
#include <QQuaternion>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace bpat {

namespace {

constexpr float pi = std::numbers::pi_v<float>;

QMatrix4x4 matrixAt(std::span<const float> frame, int bone)
{
    return QMatrix4x4(frame.data() + size_t(bone) * 16); // row-major constructor
}

QVector3D translationAt(std::span<const float> frame, int bone)
{
    const float *m = frame.data() + size_t(bone) * 16;
    return {m[3], m[7], m[11]};
}

class MeshWriter
{
public:
    QList<CreatureVertex> vertices;
    QList<quint32> indices;

    quint32 add(const QVector3D &position, const QVector3D &normal, float u, float v, int bone, ColorRole role)
    {
        CreatureVertex vertex;
        const QVector3D n = normal.normalized();
        for (int i = 0; i < 3; ++i) {
            vertex.position[i] = position[i];
            vertex.normal[i] = n[i];
        }
        vertex.uv[0] = u;
        vertex.uv[1] = v;
        vertex.bones[0] = quint8(bone);
        vertex.colorRole = quint8(role);
        vertices.append(vertex);
        return quint32(vertices.size() - 1);
    }
    void quad(quint32 a, quint32 b, quint32 c, quint32 d) { indices.append({a, b, c, a, c, d}); }
    // Connects ring i (first index a) to ring i+1 (first index b), each `count` vertices, closed.
    void connectRings(quint32 a, quint32 b, int count)
    {
        for (int j = 0; j < count; ++j) {
            const int k = (j + 1) % count;
            quad(a + j, a + k, b + k, b + j);
        }
    }
};

void unitVectors(const QVector3D &axis, QVector3D *u, QVector3D *v)
{
    const QVector3D helper = std::abs(axis.y()) < 0.9f ? QVector3D(0, 1, 0) : QVector3D(1, 0, 0);
    *u = QVector3D::crossProduct(helper, axis).normalized();
    *v = QVector3D::crossProduct(axis, *u).normalized();
}

void addEllipsoid(MeshWriter &out, const QVector3D &center, const QVector3D &radii, const QQuaternion &rotation, int bone,
                  ColorRole role, int segments)
{
    const int rings = std::max(2, segments / 2);
    const quint32 first = quint32(out.vertices.size());
    for (int r = 0; r <= rings; ++r) {
        const float lat = -pi / 2 + pi * float(r) / float(rings);
        for (int s = 0; s < segments; ++s) {
            const float lon = 2 * pi * float(s) / float(segments);
            const QVector3D unit(std::cos(lat) * std::cos(lon), std::sin(lat), std::cos(lat) * std::sin(lon));
            const QVector3D p = rotation.rotatedVector(unit * radii) + center;
            const QVector3D n = rotation.rotatedVector(unit / radii);
            out.add(p, n, float(s) / float(segments), float(r) / float(rings), bone, role);
        }
    }
    for (int r = 0; r < rings; ++r)
        out.connectRings(first + quint32(r * segments), first + quint32((r + 1) * segments), segments);
}

void addBox(MeshWriter &out, const QVector3D &center, const QVector3D &half, const QQuaternion &rotation, int bone,
            ColorRole role)
{
    static const int axes[3][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}};
    for (const auto &axis : axes) {
        for (float sign : {-1.0f, 1.0f}) {
            QVector3D n, u, v;
            n[axis[0]] = sign;
            u[axis[1]] = 1;
            v[axis[2]] = sign; // keeps the winding outward on both faces
            const quint32 first = quint32(out.vertices.size());
            const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
            for (const auto &c : corners) {
                const QVector3D local = (n + u * c[0] + v * c[1]) * half;
                out.add(rotation.rotatedVector(local) + center, rotation.rotatedVector(n), (c[0] + 1) / 2, (c[1] + 1) / 2, bone,
                        role);
            }
            out.quad(first, first + 1, first + 2, first + 3);
        }
    }
}

// A capsule (tapered) from `a` to `b`. Cap rings at `a` belong to boneA with positions in boneA's
// space (a + offset), rings at `b` to boneB (b + offsetB): for a link the cylinder between them
// stretches with the bones. restAxis is the model-space direction a->b at rest; toLocalA/B map
// model-space directions into each bone's space.
void addCapsule(MeshWriter &out, const QVector3D &a, const QVector3D &b, float ra, float rb, const QVector3D &restAxis,
                const QMatrix3x3 &toLocalA, const QMatrix3x3 &toLocalB, int boneA, int boneB, ColorRole role, int segments)
{
    QVector3D axis = restAxis.lengthSquared() > 1e-12f ? restAxis.normalized() : QVector3D(0, 1, 0);
    QVector3D u, v;
    unitVectors(axis, &u, &v);
    auto toLocal = [](const QMatrix3x3 &m, const QVector3D &d) {
        return QVector3D(m(0, 0) * d.x() + m(0, 1) * d.y() + m(0, 2) * d.z(), m(1, 0) * d.x() + m(1, 1) * d.y() + m(1, 2) * d.z(),
                         m(2, 0) * d.x() + m(2, 1) * d.y() + m(2, 2) * d.z());
    };
    const int capRings = std::max(1, segments / 4);
    const quint32 first = quint32(out.vertices.size());
    int ringCount = 0;
    for (int end = 0; end < 2; ++end) {
        for (int r = 0; r <= capRings; ++r) {
            // Latitude from -90 (pole at a) to 0 for the first cap, 0 to +90 for the second.
            const float lat = end == 0 ? -pi / 2 + (pi / 2) * float(r) / float(capRings) : (pi / 2) * float(r) / float(capRings);
            const float radius = end == 0 ? ra : rb;
            for (int s = 0; s < segments; ++s) {
                const float lon = 2 * pi * float(s) / float(segments);
                const QVector3D dir = (u * std::cos(lon) + v * std::sin(lon)) * std::cos(lat) + axis * std::sin(lat);
                const QMatrix3x3 &m = end == 0 ? toLocalA : toLocalB;
                const QVector3D offset = toLocal(m, dir * radius);
                const QVector3D normal = toLocal(m, dir);
                out.add((end == 0 ? a : b) + offset, normal, float(s) / float(segments),
                        float(ringCount) / float(2 * capRings + 1), end == 0 ? boneA : boneB, role);
            }
            ++ringCount;
        }
    }
    for (int r = 0; r + 1 < ringCount; ++r)
        out.connectRings(first + quint32(r * segments), first + quint32((r + 1) * segments), segments);
}

QMatrix3x3 inverseLinear(std::span<const float> frame, int bone)
{
    if (frame.empty())
        return QMatrix3x3();
    bool ok = false;
    const QMatrix4x4 inverse = matrixAt(frame, bone).inverted(&ok);
    return ok ? inverse.toGenericMatrix<3, 3>() : QMatrix3x3();
}

// The size of a pose: the diagonal of its joints' bounding box (1 without a usable frame).
float jointSpread(int boneCount, std::span<const float> referenceFrame)
{
    const bool haveFrame = referenceFrame.size() >= size_t(std::max(0, boneCount)) * 16;
    QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
    for (int b = 0; haveFrame && b < boneCount; ++b) {
        const QVector3D t = translationAt(referenceFrame, b);
        for (int i = 0; i < 3; ++i) {
            lo[i] = std::min(lo[i], t[i]);
            hi[i] = std::max(hi[i], t[i]);
        }
    }
    return haveFrame && std::isfinite((hi - lo).length()) ? (hi - lo).length() : 1.0f;
}

// A rig known by its names and parents only (the game's later rigs ship no shape parts): a
// sphere at each joint and a tapered link from each bone to its parent.
RigDescription withStickFigure(RigDescription rig, std::span<const float> referenceFrame)
{
    const float radius = std::clamp(jointSpread(rig.boneCount(), referenceFrame) * 0.018f, 0.004f, 10.0f);
    for (int b = 0; b < rig.boneCount(); ++b) {
        RigBoneDescription &bone = rig.bones[b];
        // A control (an IK target, a pole, a root without body) is no part of the creature: no
        // joint, and no link to or from it (the horse's IK targets hang off its root).
        if (!bone.control.isEmpty())
            continue;
        RigShapePart joint;
        joint.shape = RigShapePart::Shape::Ellipsoid;
        joint.role = ColorRole::Joint;
        joint.radii = QVector3D(radius, radius, radius);
        bone.parts.append(joint);
        if (bone.parent < 0 || !rig.bones.at(bone.parent).control.isEmpty())
            continue;
        RigShapePart link;
        link.shape = RigShapePart::Shape::Link;
        link.role = ColorRole::Limb;
        link.targetBone = bone.parent;
        link.radiusFrom = radius * 0.45f;
        link.radiusTo = radius * 0.7f;
        bone.parts.append(link);
    }
    return rig;
}

} // namespace

bool CreatureMeshBuilder::hasShapes(const RigDescription &rig)
{
    return std::any_of(rig.bones.cbegin(), rig.bones.cend(), [](const RigBoneDescription &b) { return !b.parts.isEmpty(); });
}

QList<QVector3D> CreatureMeshBuilder::tails(const RigDescription &rig, std::span<const float> referenceFrame)
{
    const bool haveFrame = referenceFrame.size() >= size_t(rig.boneCount()) * 16;
    QList<QVector3D> result;
    const Rig plain = rig.rig();
    for (int b = 0; b < rig.boneCount(); ++b) {
        const RigBoneDescription &bone = rig.bones.at(b);
        int child = bone.tailBone;
        if (child < 0) {
            const QList<int> children = plain.children(b);
            child = children.isEmpty() ? -1 : children.first();
        }
        QVector3D tail(0, bone.length, 0);
        if (haveFrame && child >= 0) {
            bool ok = false;
            const QMatrix4x4 inverse = matrixAt(referenceFrame, b).inverted(&ok);
            if (ok)
                tail = inverse.map(translationAt(referenceFrame, child));
        }
        result.append(tail);
    }
    return result;
}

CreatureMesh CreatureMeshBuilder::build(const RigDescription &rig, std::span<const float> referenceFrame, int segments)
{
    if (!hasShapes(rig))
        return build(withStickFigure(rig, referenceFrame), referenceFrame, segments);
    segments = std::clamp(segments, 4, 64);
    const bool haveFrame = referenceFrame.size() >= size_t(rig.boneCount()) * 16;
    const std::span<const float> frame = haveFrame ? referenceFrame : std::span<const float>();
    const QList<QVector3D> tail = tails(rig, frame);
    auto resolve = [&](const RigPoint &point, int bone) { return tail.at(bone) * point.tailFraction + point.offset; };
    auto toModel = [&](const QVector3D &local, int bone) { return haveFrame ? matrixAt(frame, bone).map(local) : local; };

    MeshWriter out;
    for (int b = 0; b < rig.boneCount(); ++b) {
        for (const RigShapePart &part : rig.bones.at(b).parts) {
            const QQuaternion rotation = QQuaternion::fromEulerAngles(part.rotationDegrees);
            switch (part.shape) {
            case RigShapePart::Shape::Ellipsoid:
                addEllipsoid(out, resolve(part.center, b), part.radii, rotation, b, part.role, segments);
                break;
            case RigShapePart::Shape::Box: addBox(out, resolve(part.center, b), part.radii, rotation, b, part.role); break;
            case RigShapePart::Shape::Capsule: {
                const QVector3D a = resolve(part.from, b), e = resolve(part.to, b);
                addCapsule(out, a, e, part.radiusFrom, part.radiusTo, e - a, QMatrix3x3(), QMatrix3x3(), b, b, part.role,
                           segments);
                break;
            }
            case RigShapePart::Shape::Link: {
                const int t = part.targetBone;
                const QVector3D a = resolve(part.from, b), e = resolve(part.to, t);
                const QVector3D restAxis = toModel(e, t) - toModel(a, b);
                addCapsule(out, a, e, part.radiusFrom, part.radiusTo, restAxis, inverseLinear(frame, b), inverseLinear(frame, t),
                           b, t, part.role, segments);
                break;
            }
            }
        }
    }
    return CreatureMesh(rig.name, rig.boneCount(), out.vertices, out.indices);
}

CreatureMesh CreatureMeshBuilder::joints(int boneCount, std::span<const float> referenceFrame, int segments)
{
    MeshWriter out;
    if (boneCount < 1)
        return {};
    const float radius = std::clamp(jointSpread(boneCount, referenceFrame) * 0.025f, 0.005f, 10.0f);
    for (int b = 0; b < boneCount; ++b) {
        addEllipsoid(out, QVector3D(), QVector3D(radius, radius, radius), QQuaternion(), b, ColorRole::Joint,
                     std::clamp(segments, 4, 32));
    }
    return CreatureMesh(QStringLiteral("joints"), boneCount, out.vertices, out.indices);
}

QList<int> CreatureMeshBuilder::inferParents(int boneCount, std::span<const float> referenceFrame)
{
    QList<int> parents(std::max(0, boneCount), -1);
    if (referenceFrame.size() < size_t(std::max(0, boneCount)) * 16)
        return parents;
    for (int b = 1; b < boneCount; ++b) {
        const QVector3D t = translationAt(referenceFrame, b);
        float best = std::numeric_limits<float>::infinity();
        for (int p = b - 1; p >= 0; --p) {
            const float d = (translationAt(referenceFrame, p) - t).lengthSquared();
            if (d < best) {
                best = d;
                parents[b] = p;
            }
        }
        if (parents[b] < 0)
            parents[b] = 0; // non-finite translations: hang it off the first bone
    }
    return parents;
}

} // namespace bpat
