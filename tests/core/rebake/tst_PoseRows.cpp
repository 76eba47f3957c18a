// Poses composed without QMatrix4x4 (PoseRows, RecipePoser::poseRows) give the very bits that
// QMatrix4x4 gives: zeros' signs and infinities included (NaN as NaN), for every built-in recipe and a
// recipe with offsets, rest children, an IK chain and hands put to rest.
#include "rebake/BuiltinRecipes.h"
#include "rebake/PoseRows.h"
#include "rebake/RecipePoser.h"

#include <QRandomGenerator>
#include <QtTest/QtTest>
#include <cmath>
#include <cstring>
#include <limits>

using namespace bpat;

namespace {

constexpr float Inf = std::numeric_limits<float>::infinity();
constexpr float NaN = std::numeric_limits<float>::quiet_NaN();

// translate(position) * rotate(rotation) * offset as the rebaker composed it before PoseRows.
std::array<float, 16> viaQt(const QVector3D &position, const QQuaternion &rotation, const QMatrix4x4 &offset)
{
    QMatrix4x4 m;
    m.translate(position);
    m.rotate(rotation);
    std::array<float, 16> rows;
    RecipePoser::storeRowMajor(m * offset, rows.data());
    return rows;
}

// The floats as hex: equal strings are equal bits, zeros' signs included. Every NaN reads as
// "nan": which NaN a sum or product of two NaNs gives (its sign and payload) is the operand
// order the compiler picks for the commutative instruction, which C++ leaves to it, for Qt's own
// inline product as for this one; and a NaN never reaches a rebaked file (the deep check refuses
// it, NON_FINITE, and the file is not written).
QByteArray bits(const float *values, int count)
{
    QByteArray out;
    for (int i = 0; i < count; ++i) {
        out += std::isnan(values[i]) ? QByteArray("nan")
                                     : QByteArray(reinterpret_cast<const char *>(values + i), sizeof(float)).toHex();
        out += ' ';
    }
    return out;
}

QQuaternion randomUnit(QRandomGenerator &rng)
{
    QQuaternion q(float(rng.bounded(2.0) - 1), float(rng.bounded(2.0) - 1), float(rng.bounded(2.0) - 1),
                  float(rng.bounded(2.0) - 1));
    return q.normalized();
}

QVector3D randomVector(QRandomGenerator &rng, double scale)
{
    return QVector3D(float((rng.bounded(2.0) - 1) * scale), float((rng.bounded(2.0) - 1) * scale),
                     float((rng.bounded(2.0) - 1) * scale));
}

PoseSample randomPose(QRandomGenerator &rng)
{
    std::array<double, 7> c;
    for (double &v : c)
        v = rng.bounded(2.0) - 1.0;
    switch (rng.bounded(8)) {
    case 0: // zero quaternion: identity
        c[3] = c[4] = c[5] = c[6] = 0.0;
        break;
    case 1: // zero components (negated to -0 by the right-handed conversion)
        c[3] = c[5] = 0.0;
        c[0] = 0.0;
        break;
    default: break;
    }
    return PoseSample::fromComponents(c);
}

// Hands put to rest, offsets on pose-driven bones, rest children of pose-driven bones, an IK
// chain with a pole bone, in one recipe: the humanoid with most of the hands recipe's bones.
RebakeRecipe mixedRecipe()
{
    RebakeRecipe r = BuiltinRecipes::humanoidUpperBody();
    r.name = QStringLiteral("mixed");
    r.untracked = UntrackedHands::Rest;
    const RebakeRecipe hands = BuiltinRecipes::hands();
    const int base = r.boneCount();
    QRandomGenerator rng(5);
    for (int i = 0; i < hands.boneCount() && r.boneCount() < RebakeRecipe::MaxBones; ++i) {
        RecipeBone b = hands.bones.at(i);
        b.name = QStringLiteral("extra_") + b.name;
        b.parent = b.parent >= 0 ? base + b.parent : -1;
        b.offset = RigidTransform{randomVector(rng, 0.1), randomUnit(rng)};
        b.rest = RigidTransform{randomVector(rng, 0.1), randomUnit(rng)};
        if (rng.bounded(3) == 0)
            b.drive = DriveKind::Rest;
        r.bones.append(b);
    }
    return r;
}

} // namespace

class tst_PoseRows : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameBitsAsQMatrix4x4()
    {
        QRandomGenerator rng(23);
        QList<QVector3D> positions = {{0, 0, 0},      {-0.0f, 0, -0.0f}, {1.5f, -2.25f, 3e-5f}, {1e30f, -1e-30f, 7},
                                      {Inf, 0, -Inf}, {NaN, 1, 0},       {-0.0f, NaN, -0.0f}};
        QList<QQuaternion> rotations = {QQuaternion(),
                                        QQuaternion(1, -0.0f, -0.0f, 0),
                                        QQuaternion(0, 1, 0, 0),
                                        QQuaternion(-0.0f, 0, 0, -1),
                                        QQuaternion(0.5f, 0.5f, -0.5f, 0.5f),
                                        QQuaternion(2, 0, 3, 0),
                                        QQuaternion(NaN, 0, 0, 0)};
        QList<RigidTransform> offsets = {RigidTransform{}, RigidTransform{{0, -0.12f, 0.08f}, QQuaternion()},
                                         RigidTransform{{}, QQuaternion(0, 0, 1, 0)}};
        for (int i = 0; i < 40; ++i) {
            positions.append(randomVector(rng, 2.0));
            rotations.append(randomUnit(rng));
            offsets.append(RigidTransform{randomVector(rng, 0.3), randomUnit(rng)});
        }
        for (const RigidTransform &offset : offsets) {
            const QMatrix4x4 offsetMatrix = offset.matrix();
            const PoseRows::Offset prepared = PoseRows::prepare(offsetMatrix);
            QVERIFY(prepared.product != PoseRows::Offset::Product::Full); // a rigid offset
            for (const QVector3D &p : positions) {
                for (const QQuaternion &q : rotations) {
                    std::array<float, 16> rows, full;
                    PoseRows::compose(p, q, prepared, rows.data());
                    PoseRows::composeFull(p, q, prepared, full.data());
                    const std::array<float, 16> expected = viaQt(p, q, offsetMatrix);
                    QCOMPARE(bits(rows.data(), 16), bits(expected.data(), 16));
                    QCOMPARE(bits(full.data(), 16), bits(expected.data(), 16));
                }
            }
        }
    }

    // The short product leaves out terms that are signed zeros, which can change only a sum
    // that is itself zero: poses made so that elements of the product are exactly zero (the
    // rotation's own zeros, translations that cancel the offset's, axis-aligned offsets), with
    // zeros of both signs, still give Qt's bits.
    void zerosInTheProduct()
    {
        QRandomGenerator rng(41);
        const float s = std::sqrt(0.5f);
        const QList<QQuaternion> rotations = {QQuaternion(),
                                              QQuaternion(s, 0, 0, s),
                                              QQuaternion(s, 0, -s, 0),
                                              QQuaternion(0, -0.0f, 1, -0.0f),
                                              QQuaternion(0.5f, 0.5f, -0.5f, 0.5f),
                                              QQuaternion(-0.0f, 0, 0, -1),
                                              randomUnit(rng),
                                              randomUnit(rng)};
        QList<RigidTransform> offsets = {RigidTransform{}, RigidTransform{{0, -0.0f, 0.25f}, QQuaternion()},
                                         RigidTransform{{-0.0f, -0.0f, -0.0f}, QQuaternion(0, 0, 0, 1)},
                                         RigidTransform{{1, 2, 3}, QQuaternion(s, s, 0, 0)}};
        for (int i = 0; i < 6; ++i)
            offsets.append(RigidTransform{randomVector(rng, 0.5), randomUnit(rng)});
        int cancelled = 0;
        for (const RigidTransform &offset : offsets) {
            const QMatrix4x4 offsetMatrix = offset.matrix();
            const PoseRows::Offset prepared = PoseRows::prepare(offsetMatrix);
            for (const QQuaternion &q : rotations) {
                // A translation that undoes the rotated offset's (in float: often exactly).
                const std::array<float, 16> unmoved = viaQt(QVector3D(), q, offsetMatrix);
                const QVector3D back(-unmoved[3], -unmoved[7], -unmoved[11]);
                for (const QVector3D &p : {QVector3D(), QVector3D(-0.0f, -0.0f, -0.0f), back, -back,
                                           QVector3D(back.x(), 0, -0.0f), randomVector(rng, 1.0)}) {
                    std::array<float, 16> rows;
                    PoseRows::compose(p, q, prepared, rows.data());
                    const std::array<float, 16> expected = viaQt(p, q, offsetMatrix);
                    QCOMPARE(bits(rows.data(), 16), bits(expected.data(), 16));
                    cancelled += expected[3] == 0.0f && unmoved[3] != 0.0f;
                }
            }
        }
        QVERIFY(cancelled > 0); // the cancelling translations did make zeros
    }

    // Which product an offset takes: the shortest its 0s and 1s allow (each compared with Qt's
    // bits above and below).
    void productKinds()
    {
        using Product = PoseRows::Offset::Product;
        QCOMPARE(PoseRows::prepare(RigidTransform{}.matrix()).product, Product::Identity);
        QCOMPARE(PoseRows::prepare(RigidTransform{{-0.0f, 0, -0.0f}, QQuaternion()}.matrix()).product, Product::Identity);
        QCOMPARE(PoseRows::prepare(RigidTransform{{0, -0.12f, 0.08f}, QQuaternion()}.matrix()).product, Product::Translation);
        QCOMPARE(PoseRows::prepare(RigidTransform{{}, QQuaternion::fromAxisAndAngle(1, 0, 0, 90)}.matrix()).product,
                 Product::Rigid);
        QMatrix4x4 scaled;
        scaled.scale(2.0f);
        QCOMPARE(PoseRows::prepare(scaled).product, Product::Rigid); // not rigid, but its last row is
        QMatrix4x4 infinite;
        infinite.translate(std::numeric_limits<float>::infinity(), 0, 0);
        QCOMPARE(PoseRows::prepare(infinite).product, Product::Full);
    }

    // An offset that is not rigid (a last row other than +0, +0, +0, 1) takes the full product.
    void nonRigidOffset()
    {
        QMatrix4x4 offset;
        offset.translate(1, 2, 3);
        offset(3, 0) = -0.0f;
        const PoseRows::Offset prepared = PoseRows::prepare(offset);
        QCOMPARE(prepared.product, PoseRows::Offset::Product::Full);
        std::array<float, 16> rows;
        const QQuaternion q(0.5f, 0.5f, -0.5f, 0.5f);
        PoseRows::compose(QVector3D(1, -2, 0.5f), q, prepared, rows.data());
        const std::array<float, 16> expected = viaQt(QVector3D(1, -2, 0.5f), q, offset);
        QCOMPARE(bits(rows.data(), 16), bits(expected.data(), 16));
    }

    void poseRowsEqualPose_data()
    {
        QTest::addColumn<QString>("recipe");
        for (const QString &name : BuiltinRecipes::names())
            QTest::newRow(qPrintable(name)) << name;
        QTest::newRow("mixed") << QStringLiteral("mixed");
    }
    void poseRowsEqualPose()
    {
        QFETCH(QString, recipe);
        const RebakeRecipe r = recipe == u"mixed" ? mixedRecipe() : *BuiltinRecipes::byName(recipe);
        QVERIFY2(r.problems().isEmpty(), qPrintable(r.problems().join(u'\n')));
        const RecipePoser poser(r);
        const int bones = poser.boneCount();
        QRandomGenerator rng(17);
        std::array<QMatrix4x4, RebakeRecipe::MaxBones> globals;
        std::array<QMatrix4x4, RebakeRecipe::MaxBones> scratch;
        std::vector<float> expected(size_t(bones) * 16), rows(size_t(bones) * 16);
        for (int i = 0; i < 400; ++i) {
            RecipePoser::Input input;
            for (PoseSample &pose : input.poses)
                pose = randomPose(rng);
            input.tracked = {i % 4 != 1, i % 4 != 2};
            poser.pose(input, globals.data());
            for (int b = 0; b < bones; ++b)
                RecipePoser::storeRowMajor(globals[size_t(b)], expected.data() + b * 16);
            poser.poseRows(input, scratch.data(), rows.data());
            QCOMPARE(bits(rows.data(), bones * 16), bits(expected.data(), bones * 16));
        }
    }
};

QTEST_GUILESS_MAIN(tst_PoseRows)
#include "tst_PoseRows.moc"
