// TRS decomposition and the axis mapping used by glTF export and import.
#include "gltf/Affine.h"
#include "gltf/GltfAxes.h"

#include <QtTest/QTest>
#include <cmath>

using namespace bpat;

class tst_GltfAffine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rigidRoundTrip()
    {
        Trs trs;
        trs.translation = {1.5, -2, 0.25};
        trs.rotation = Affine::normalized({0.3, -0.2, 0.5, 0.8});
        const Matrix4d m = Affine::compose(trs);
        double residual = 1;
        const Trs back = Affine::decompose(m, &residual);
        QVERIFY(residual < 1e-12);
        QVERIFY(Affine::maxDifference(Affine::compose(back), m) < 1e-12);
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(back.scale[size_t(i)] - 1) < 1e-12);
    }

    // The horse's barrel carries a non-uniform scale: a TRS holds it exactly.
    void nonUniformScale()
    {
        Trs trs;
        trs.rotation = Affine::normalized({0.1, 0.7, -0.1, 0.7});
        trs.scale = {1.6, 0.9, 2.4};
        trs.translation = {0, 1.2, 0.3};
        double residual = 1;
        const Trs back = Affine::decompose(Affine::compose(trs), &residual);
        QVERIFY(residual < 1e-12);
        QVERIFY(std::abs(back.scale[0] - 1.6) < 1e-12 && std::abs(back.scale[1] - 0.9) < 1e-12
                && std::abs(back.scale[2] - 2.4) < 1e-12);
    }

    void mirrorBecomesNegativeScale()
    {
        Matrix4d m = Affine::identity();
        m[0] = -2; // mirrored and stretched along X
        double residual = 1;
        const Trs back = Affine::decompose(m, &residual);
        QVERIFY(residual < 1e-12);
        QCOMPARE(back.scale[0], -2.0);
    }

    // Shear has no TRS form: the residual says how far the nearest TRS is off.
    void shearIsReported()
    {
        Matrix4d m = Affine::identity();
        m[1] = 0.5; // x += 0.5 y
        double residual = 0;
        Affine::decompose(m, &residual);
        QVERIFY(residual > 0.01);
    }

    void inverse()
    {
        Trs trs;
        trs.translation = {3, 4, 5};
        trs.rotation = Affine::normalized({0.2, 0.4, 0.1, 0.9});
        trs.scale = {2, 3, 0.5};
        const Matrix4d m = Affine::compose(trs);
        const auto inv = Affine::inverseAffine(m);
        QVERIFY(inv);
        QVERIFY(Affine::maxDifference(Affine::multiply(m, *inv), Affine::identity()) < 1e-12);
        QCOMPARE((*inv)[15], 1.0);
        Matrix4d singular = Affine::identity();
        singular[0] = 0;
        QVERIFY(!Affine::inverseAffine(singular));
    }

    void slerpShortestPath()
    {
        const Quat a{0, 0, 0, 1};
        const Quat b{0, 0, -std::sin(0.25), -std::cos(0.25)}; // the same as +0.5 rad about Z, negated
        const Quat mid = Affine::slerp(a, b, 0.5);
        // Half of 0.5 rad about Z, the short way.
        QVERIFY(std::abs(std::abs(mid[2]) - std::sin(0.125)) < 1e-12);
        QVERIFY(std::abs(std::abs(mid[3]) - std::cos(0.125)) < 1e-12);
    }

    // The game's humanoid faces +Z with HandL at -X; in glTF its left side is +X.
    void leftHandStaysLeft()
    {
        const QVector3D handL(-0.45f, 1.4f, 0.05f);
        const QVector3D mapped = GltfAxes::convert(handL);
        QVERIFY(mapped.x() > 0);                    // glTF's left
        QCOMPARE(mapped.y(), handL.y());            // up stays up
        QCOMPARE(mapped.z(), handL.z());            // the front stays +Z
        QCOMPARE(GltfAxes::convert(mapped), handL); // its own inverse
        // A rotation stays a rotation (no mirror in the linear part), exactly.
        Trs trs;
        trs.rotation = Affine::normalized({0.3, 0.1, 0.2, 0.9});
        trs.translation = {-0.45, 1.4, 0.05};
        const Matrix4d m = Affine::compose(trs);
        const Matrix4d g = GltfAxes::convert(m);
        double residual = 1;
        const Trs back = Affine::decompose(g, &residual);
        QVERIFY(residual < 1e-12);
        QVERIFY(back.scale[0] > 0);
        QCOMPARE(g[3], 0.45);
        QCOMPARE(GltfAxes::convert(g), m);
    }
};

QTEST_APPLESS_MAIN(tst_GltfAffine)
#include "tst_GltfAffine.moc"
