#include "SyntheticCreature.h"

#include "bpat/BpatWriter.h"
#include "mesh/Rig.h"

#include <QMatrix4x4>
#include <cmath>
#include <numbers>

namespace bpat::studio {

namespace {

struct Pose
{
    float bob = 0, hipL = 0, hipR = 0, kneeL = 0, kneeR = 0, armL = 0, armR = 0, elbowL = 0, elbowR = 0;
    float raiseR = 0; // right arm raised sideways (degrees)
    float twist = 0;  // chest yaw
};

QMatrix4x4 T(float x, float y, float z)
{
    QMatrix4x4 m;
    m.translate(x, y, z);
    return m;
}
QMatrix4x4 R(float degrees, float x, float y, float z)
{
    QMatrix4x4 m;
    m.rotate(degrees, x, y, z);
    return m;
}
QMatrix4x4 withRotationOf(const QMatrix4x4 &position, const QMatrix4x4 &rotation)
{
    QMatrix4x4 m = rotation;
    m.setColumn(3, position.column(3));
    return m;
}

// Global matrices of the 20 bones (palette order of the game's humanoid rig, species/SpeciesRig).
QList<QMatrix4x4> posed(const Pose &p)
{
    QList<QMatrix4x4> g(20);
    g[0] = T(0, 0.95f + p.bob, 0);                             // Root
    g[1] = g[0];                                               // Pelvis
    g[2] = g[1] * R(p.twist * 0.5f, 0, 1, 0);                  // Spine
    g[3] = g[2] * T(0, 0.19f, 0) * R(p.twist * 0.5f, 0, 1, 0); // Chest
    g[4] = g[3] * T(0, 0.37f, 0);                              // Neck
    g[5] = g[4] * T(0, 0.14f, 0);                              // Head
    const float side[2] = {-1, 1};                             // L at -x, R at +x
    for (int s = 0; s < 2; ++s) {
        const int shoulder = s == 0 ? 6 : 10;
        const float swing = s == 0 ? p.armL : p.armR, elbow = s == 0 ? p.elbowL : p.elbowR;
        const float raise = s == 0 ? 0.0f : p.raiseR;
        g[shoulder] = g[3] * T(0.25f * side[s], 0.28f, 0);
        g[shoulder + 1] = g[shoulder] * R(-raise * side[s], 0, 0, 1) * R(swing, 1, 0, 0) * R(180, 0, 0, 1);
        g[shoulder + 2] = g[shoulder + 1] * T(0, 0.23f, 0) * R(-elbow, 1, 0, 0);
        g[shoulder + 3] = withRotationOf(g[shoulder + 2] * T(0, 0.22f, 0), g[3]); // hands keep the chest's rotation
        const int hip = s == 0 ? 14 : 17;
        const float thigh = s == 0 ? p.hipL : p.hipR, knee = s == 0 ? p.kneeL : p.kneeR;
        g[hip] = g[1] * T(0.09f * side[s], 0, 0) * R(thigh, 1, 0, 0) * R(180, 0, 0, 1);
        g[hip + 1] = g[hip] * T(0, 0.48f, 0) * R(knee, 1, 0, 0);
        g[hip + 2] = withRotationOf(g[hip + 1] * T(0, 0.47f, 0), QMatrix4x4()); // feet stay level
    }
    return g;
}

void appendRowMajor(QList<float> &out, const QList<QMatrix4x4> &matrices)
{
    for (const QMatrix4x4 &m : matrices)
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                out.append(m(r, c));
}

} // namespace

bpat::BpatDocument SyntheticCreature::humanoidDocument(quint32 walkFrames, quint32 waveFrames)
{
    constexpr float pi = std::numbers::pi_v<float>;
    bpat::BpatDocument document(0, 20);
    bpat::BpatClip walk;
    walk.name = QStringLiteral("walk");
    walk.frameCount = std::max(1u, walkFrames);
    for (quint32 f = 0; f < walk.frameCount; ++f) {
        const float phase = 2 * pi * float(f) / float(walk.frameCount); // baker's sampling: i / n
        Pose p;
        p.bob = 0.025f * std::cos(2 * phase);
        p.hipL = -28 * std::sin(phase);
        p.hipR = 28 * std::sin(phase);
        p.kneeL = 35 * std::max(0.0f, std::sin(phase + 0.6f));
        p.kneeR = 35 * std::max(0.0f, std::sin(phase + 0.6f + pi));
        p.armL = 25 * std::sin(phase);
        p.armR = -25 * std::sin(phase);
        p.elbowL = p.elbowR = 15;
        p.twist = 6 * std::sin(phase);
        appendRowMajor(walk.palette, posed(p));
    }
    bpat::BpatClip wave;
    wave.name = QStringLiteral("wave");
    wave.loops = false;
    wave.frameCount = std::max(1u, waveFrames);
    for (quint32 f = 0; f < wave.frameCount; ++f) {
        const float t = float(f) / float(std::max(1u, wave.frameCount - 1));
        Pose p;
        p.raiseR = 150 * std::min(1.0f, 2 * t);
        p.elbowR = 40 + 30 * std::sin(6 * pi * t);
        appendRowMajor(wave.palette, posed(p));
    }
    document.setSockets({bpat::BpatSocket{QStringLiteral("head"), 5, QVector3D(0, 0.12f, 0)},
                         bpat::BpatSocket{QStringLiteral("hand_r"), 13, QVector3D()},
                         bpat::BpatSocket{QStringLiteral("hand_l"), 9, QVector3D()}});
    document.addClip(walk);
    document.addClip(wave);
    return document;
}

QByteArray SyntheticCreature::humanoidFileBytes(quint32 walkFrames, quint32 waveFrames)
{
    const bpat::BpatDocument document = humanoidDocument(walkFrames, waveFrames);
    return bpat::BpatWriter(document).toBytes();
}

} // namespace bpat::studio
