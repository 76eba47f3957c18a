// Poses and rays from component curves: normalization, matrices, right-handed conversion, and
// the pose/ray cursors agreeing with random access.
#include "anim/PoseCursor.h"
#include "anim/RayCursor.h"

#include <QRandomGenerator>
#include <QtTest/QtTest>
#include <limits>

using namespace bpat;

namespace {
bool fuzzyEqual(const QVector3D &a, const QVector3D &b)
{
    return (a - b).length() < 1e-6f;
}
bool fuzzyEqual(const QQuaternion &a, const QQuaternion &b)
{
    return (a.toVector4D() - b.toVector4D()).length() < 1e-6f;
}
// The 7 floats of a pose as hex: equal strings are equal bits (zeros' signs included).
QByteArray bits(const PoseSample &p)
{
    const float f[7] = {p.position.x(), p.position.y(), p.position.z(),     p.rotation.x(),
                        p.rotation.y(), p.rotation.z(), p.rotation.scalar()};
    return QByteArray(reinterpret_cast<const char *>(f), sizeof f).toHex();
}
FloatCurve ramp(float t0, float v0, float t1, float v1)
{
    return FloatCurve({Keyframe::linear(t0, v0), Keyframe::linear(t1, v1)});
}
} // namespace

class tst_PoseSample : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void quaternionNormalized();
    void pairSameBitsAsOne();
    void matrix();
    void rightHandedYUp();
    void componentWiseInterpolationThenNormalize();
    void cursorSameBitsAsRandomAccess();
    void ray();
};

void tst_PoseSample::quaternionNormalized()
{
    QCOMPARE(PoseSample::fromComponents({1, 2, 3, 0, 0, 0, 0}).rotation, QQuaternion()); // zero -> identity
    QCOMPARE(PoseSample::fromComponents({0, 0, 0, 0, 0, 0, 2}).rotation, QQuaternion());
    const PoseSample p = PoseSample::fromComponents({1, 2, 3, 1, 1, 1, 1});
    QCOMPARE(p.position, QVector3D(1, 2, 3));
    QVERIFY(fuzzyEqual(p.rotation, QQuaternion(0.5f, 0.5f, 0.5f, 0.5f)));
    const PoseSample nan = PoseSample::fromComponents({0, 0, 0, qQNaN(), 0, 0, 1});
    QCOMPARE(nan.rotation, QQuaternion());
}

// Two poses converted at once (the rebaker's sweep) give the bits of one at a time, for ordinary,
// zero, tiny (a length that underflows), huge (one that overflows), negative-zero and
// non-finite components, in either lane.
void tst_PoseSample::pairSameBitsAsOne()
{
    constexpr double Inf = std::numeric_limits<double>::infinity();
    const double NaN = qQNaN();
    QList<std::array<double, 7>> poses = {
        {1, 2, 3, 0, 0, 0, 0},     {-0.0, 0, -0.0, -0.0, 0, -0.0, 0}, {1, 2, 3, 1e-200, 0, 0, 0},
        {1, 2, 3, 1e200, 1, 0, 0}, {0, 0, 0, 0, -0.0, 0, -2},         {NaN, 1, Inf, 0.1, 0.2, 0.3, 0.9},
        {1, 1, 1, NaN, 0, 0, 1},   {1, 1, 1, 0, Inf, 0, 1},           {1e300, -1e-300, 3, 1, 1, 1, 1}};
    QRandomGenerator rng(29);
    for (int i = 0; i < 200; ++i) {
        std::array<double, 7> c;
        for (double &v : c)
            v = (rng.bounded(2.0) - 1.0) * std::pow(10.0, rng.bounded(6) - 3);
        poses.append(c);
    }
    for (const std::array<double, 7> &a : poses) {
        for (const std::array<double, 7> &b : poses) {
            PoseSample first, second;
            PoseSample::fromComponentsPair(a, b, &first, &second);
            QCOMPARE(bits(first), bits(PoseSample::fromComponents(a)));
            QCOMPARE(bits(second), bits(PoseSample::fromComponents(b)));
        }
    }
}

void tst_PoseSample::matrix()
{
    // 90 degrees about +Y (x 0, y sin 45, z 0, w cos 45) maps +X to -Z; then translate.
    const double h = std::sqrt(0.5);
    const PoseSample p = PoseSample::fromComponents({1, 2, 3, 0, h, 0, h});
    QVERIFY(fuzzyEqual(p.matrix().map(QVector3D(1, 0, 0)), QVector3D(1, 2, 2)));
    QVERIFY(fuzzyEqual(p.matrix().map(QVector3D(0, 0, 0)), QVector3D(1, 2, 3)));
}

void tst_PoseSample::rightHandedYUp()
{
    const PoseSample p = PoseSample::fromComponents({1, 2, 3, 0.1, 0.2, 0.3, 0.9});
    const PoseSample r = p.toRightHandedYUp();
    QCOMPARE(r.position, QVector3D(1, 2, -3));
    QCOMPARE(r.rotation.x(), -p.rotation.x());
    QCOMPARE(r.rotation.y(), -p.rotation.y());
    QCOMPARE(r.rotation.z(), p.rotation.z());
    QCOMPARE(r.rotation.scalar(), p.rotation.scalar());
    // Mirroring z twice (a conjugation by the mirror) maps a point the same way: M R M = R'.
    const QVector3D v(0.3f, -0.7f, 0.4f);
    const QVector3D viaLeft = p.matrix().map(v);
    const QVector3D viaRight = r.matrix().map(QVector3D(v.x(), v.y(), -v.z()));
    QVERIFY(fuzzyEqual(QVector3D(viaLeft.x(), viaLeft.y(), -viaLeft.z()), viaRight));
}

void tst_PoseSample::componentWiseInterpolationThenNormalize()
{
    PoseCurves pose;
    pose[PoseComponent::PositionZ] = ramp(0, 0, 2, 4);
    pose[PoseComponent::RotationY] = ramp(0, 0, 1, 2);
    pose[PoseComponent::RotationW] = ramp(0, 1, 1, 1);
    // t = 0.5: (x, y, z, w) = (0, 1, 0, 1) -> (0, 0.7071, 0, 0.7071): no slerp, no hemisphere fix.
    const PoseSample s = pose.evaluate(0.5);
    QVERIFY(fuzzyEqual(s.position, QVector3D(0, 0, 1)));
    QVERIFY(fuzzyEqual(s.rotation, QQuaternion(float(std::sqrt(0.5)), 0, float(std::sqrt(0.5)), 0)));
    PoseCursor cursor(pose);
    for (double t = -1; t < 3; t += 0.01)
        QCOMPARE(cursor.sample(t), pose.evaluate(t));
}

// PoseCursor's shortcut inside the curves' linear spans (one division for curves sharing their
// keys' times) against random access, bit for bit: shared and unshared key times, curved,
// stepped and zero-width segments, one key, no keys, clamped and wrapped ends, zero values.
void tst_PoseSample::cursorSameBitsAsRandomAccess()
{
    QRandomGenerator rng(99);
    auto linearKeys = [&](float step, int count, bool zeros) {
        QList<Keyframe> keys;
        for (int i = 0; i < count; ++i) {
            const float v = zeros && i % 3 == 0 ? (i % 2 ? -0.0f : 0.0f) : float(rng.bounded(2.0) - 1.0);
            keys.append(Keyframe::linear(float(i) * step, v));
        }
        return keys;
    };
    PoseCurves shared; // the recorder's case: every curve keyed at the same times
    for (int c = 0; c < PoseComponentCount; ++c)
        shared.curves[size_t(c)] = FloatCurve(linearKeys(1.0f / 60.0f, 120, c == 1));
    PoseCurves mixed;
    mixed.curves[0] = FloatCurve(linearKeys(1.0f / 60.0f, 120, true));
    mixed.curves[1] = FloatCurve(linearKeys(1.0f / 45.0f, 90, false), WrapMode::Loop, WrapMode::PingPong);
    QList<Keyframe> curved = linearKeys(0.05f, 40, false);
    for (Keyframe &k : curved) {
        k.weightedMode = WeightedMode::None;
        k.inTangent = float(rng.bounded(2.0) - 1.0);
        k.outTangent = float(rng.bounded(2.0) - 1.0);
    }
    mixed.curves[2] = FloatCurve(curved);
    QList<Keyframe> stepped = linearKeys(0.1f, 20, true);
    stepped[4].outTangent = std::numeric_limits<float>::infinity();
    stepped[8].time = stepped[7].time; // zero-width segment
    mixed.curves[3] = FloatCurve(stepped);
    mixed.curves[4] = FloatCurve({Keyframe::linear(0.5f, 0.25f)});
    mixed.curves[5] = FloatCurve(); // no keys: 0
    mixed.curves[6] = FloatCurve(linearKeys(1.0f / 60.0f, 120, false), WrapMode::ClampForever, WrapMode::Loop);
    for (const PoseCurves *curves : {&shared, &mixed}) {
        PoseCursor cursor(*curves);
        for (double t = -0.5; t < 2.5; t += 1.0 / 2400.0)
            QCOMPARE(bits(cursor.sample(t)), bits(curves->evaluate(t)));
        for (int i = 0; i < 3000; ++i) { // jumps, backwards included
            const double t = rng.bounded(3.0) - 0.5;
            QCOMPARE(bits(cursor.sample(t)), bits(curves->evaluate(t)));
        }
        cursor.reset();
        for (int i = 0; i < 120; ++i) { // at the key times
            const double t = double(float(i) / 60.0f);
            QCOMPARE(bits(cursor.sample(t)), bits(curves->evaluate(t)));
        }
    }
}

void tst_PoseSample::ray()
{
    const RaySample r = RaySample::fromComponents({1, 2, 3, 0, 3, 4});
    QCOMPARE(r.origin, QVector3D(1, 2, 3));
    QVERIFY(fuzzyEqual(r.direction, QVector3D(0, 0.6f, 0.8f)));
    QCOMPARE(RaySample::fromComponents({0, 0, 0, 0, 0, 0}).direction, QVector3D());
    const RaySample rh = r.toRightHandedYUp();
    QCOMPARE(rh.origin, QVector3D(1, 2, -3));
    QVERIFY(fuzzyEqual(rh.direction, QVector3D(0, 0.6f, -0.8f)));
    RayCurves curves;
    curves[RayComponent::DirectionZ] = ramp(0, 1, 1, 1);
    curves[RayComponent::DirectionX] = ramp(0, 0, 1, 2);
    RayCursor cursor(curves);
    QVERIFY(fuzzyEqual(cursor.sample(0.5).direction, QVector3D(float(std::sqrt(0.5)), 0, float(std::sqrt(0.5)))));
    QCOMPARE(cursor.sample(0.75), curves.evaluate(0.75));
}

QTEST_GUILESS_MAIN(tst_PoseSample)
#include "tst_PoseSample.moc"
