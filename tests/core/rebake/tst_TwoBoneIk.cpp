// Two-bone IK: reach when reachable, lengths always preserved, bend towards the pole, stable.
#include "rebake/TwoBoneIk.h"

#include <QRandomGenerator>
#include <QtTest/QTest>

using namespace bpat;

class tst_TwoBoneIk : public QObject
{
    Q_OBJECT

private:
    static void checkLengths(const TwoBoneIkSolution &s, float l1, float l2)
    {
        QVERIFY2(std::abs((s.middle - s.root).length() - l1) < 1e-4f, "upper length changed");
        QVERIFY2(std::abs((s.end - s.middle).length() - l2) < 1e-4f, "lower length changed");
    }

private Q_SLOTS:
    void reachesReachableTargets()
    {
        QRandomGenerator rng(7);
        for (int i = 0; i < 2000; ++i) {
            const float l1 = 0.1f + float(rng.generateDouble()) * 0.4f;
            const float l2 = 0.1f + float(rng.generateDouble()) * 0.4f;
            const QVector3D root(float(rng.generateDouble()), float(rng.generateDouble()), float(rng.generateDouble()));
            QVector3D dir(float(rng.generateDouble() - 0.5), float(rng.generateDouble() - 0.5),
                          float(rng.generateDouble() - 0.5));
            if (dir.length() < 1e-3f)
                continue;
            dir.normalize();
            const float minR = std::abs(l1 - l2), maxR = l1 + l2;
            const float d = minR + 1e-3f + float(rng.generateDouble()) * (maxR - minR - 2e-3f);
            const QVector3D target = root + d * dir;
            const TwoBoneIkSolution s = TwoBoneIk::solve(root, target, l1, l2, QVector3D(0, -1, -1));
            QVERIFY(s.reachable);
            QVERIFY2((s.end - target).length() < 1e-4f, qPrintable(QString::number((s.end - target).length())));
            checkLengths(s, l1, l2);
        }
    }

    void unreachableTargetsStretchTowardsThem()
    {
        const QVector3D root(0, 1, 0);
        const QVector3D far(0, 1, 2);
        const TwoBoneIkSolution s = TwoBoneIk::solve(root, far, 0.3f, 0.25f, QVector3D(0, -1, 0));
        QVERIFY(!s.reachable);
        checkLengths(s, 0.3f, 0.25f);
        QVERIFY((s.end - QVector3D(0, 1, 0.55f)).length() < 1e-5f);
        // Too close: folded to the minimum reach, still on the line to the target.
        const TwoBoneIkSolution near = TwoBoneIk::solve(root, QVector3D(0, 1, 0.01f), 0.3f, 0.2f, QVector3D(0, -1, 0));
        QVERIFY(!near.reachable);
        checkLengths(near, 0.3f, 0.2f);
        QVERIFY((near.end - QVector3D(0, 1, 0.1f)).length() < 1e-5f);
    }

    void bendsTowardsThePole()
    {
        const QVector3D root(0, 0, 0);
        const QVector3D target(0, 0, 0.4f);
        for (const QVector3D pole : {QVector3D(0, -1, 0), QVector3D(0, 1, 0), QVector3D(1, 0, 0), QVector3D(-1, -1, 0)}) {
            const TwoBoneIkSolution s = TwoBoneIk::solve(root, target, 0.3f, 0.3f, pole);
            // The elbow's offset from the root->target line points along the pole's perpendicular part.
            const QVector3D off = s.middle - QVector3D(0, 0, s.middle.z());
            QVERIFY(QVector3D::dotProduct(off.normalized(), QVector3D(pole.x(), pole.y(), 0).normalized()) > 0.999f);
            checkLengths(s, 0.3f, 0.3f);
        }
    }

    void smallTargetMotionMovesTheElbowLittle()
    {
        // Continuity: sweeping the target along a path never flips the elbow to the other side.
        const QVector3D root(0, 1.4f, 0);
        const QVector3D pole(-0.4f, -1.0f, -0.5f);
        QVector3D previous;
        for (int i = 0; i <= 400; ++i) {
            const float a = float(i) / 400.0f * 3.0f;
            const QVector3D target = root + QVector3D(-0.2f + 0.1f * std::sin(a), -0.3f + 0.25f * a / 3.0f, 0.35f * std::cos(a));
            const TwoBoneIkSolution s = TwoBoneIk::solve(root, target, 0.28f, 0.26f, pole);
            if (i > 0)
                QVERIFY2((s.middle - previous).length() < 0.02f, qPrintable(QStringLiteral("jump at step %1").arg(i)));
            previous = s.middle;
            checkLengths(s, 0.28f, 0.26f);
        }
    }

    void degeneratePoleUsesFallback()
    {
        const TwoBoneIkSolution s =
            TwoBoneIk::solve(QVector3D(), QVector3D(0, -0.4f, 0), 0.3f, 0.3f, QVector3D(0, -1, 0), QVector3D(0, 0, -1));
        QVERIFY(s.reachable);
        QVERIFY(s.middle.z() < -0.1f);
        checkLengths(s, 0.3f, 0.3f);
        // Target on the root with equal lengths: folded, no NaN.
        const TwoBoneIkSolution f = TwoBoneIk::solve(QVector3D(), QVector3D(), 0.3f, 0.3f, QVector3D(0, -1, 0));
        QVERIFY(std::isfinite(f.middle.x()) && std::isfinite(f.hingeAxis.x()));
        checkLengths(f, 0.3f, 0.3f);
    }

    void boneFrameIsOrthonormalWithYAlongTheBone()
    {
        const QMatrix4x4 m = TwoBoneIk::boneFrame(QVector3D(1, 2, 3), QVector3D(1, 2, 5), QVector3D(1, 0, 1));
        QCOMPARE(m.column(3).toVector3D(), QVector3D(1, 2, 3));
        QVERIFY((m.column(1).toVector3D() - QVector3D(0, 0, 1)).length() < 1e-6f);
        QVERIFY((m.column(0).toVector3D() - QVector3D(1, 0, 0)).length() < 1e-6f);
        QVERIFY(std::abs(m.determinant() - 1.0) < 1e-5);
    }
};

QTEST_GUILESS_MAIN(tst_TwoBoneIk)
#include "tst_TwoBoneIk.moc"
