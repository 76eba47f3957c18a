// The built-in recipes: the hands rig exactly as issue 7 lists it, and the humanoid upper body
// posed from synthetic inputs (IK reach, arm lengths, standing pose frames).
#include "rebake/BuiltinRecipes.h"
#include "rebake/RecipePoser.h"
#include "mesh/Rig.h"
#include "species/SpeciesRig.h"

#include <QRandomGenerator>
#include <QtTest/QTest>

using namespace bpat;

class tst_BuiltinRecipes : public QObject
{
    Q_OBJECT

private:
    static RecipePoser::Input standingInput()
    {
        RecipePoser::Input in;
        // Camera 1.67 m up looking along +Z (Unity frame, as humanoid-upper-body reads it).
        in.poses[0].position = QVector3D(0.5f, 1.67f, -2.0f);
        return in;
    }

private Q_SLOTS:
    void handsRig()
    {
        const RebakeRecipe r = BuiltinRecipes::hands();
        QVERIFY(r.problems().isEmpty());
        QCOMPARE(r.boneCount(), 53);
        QCOMPARE(r.speciesId, 0u);
        QCOMPARE(r.bones.at(0).name, QStringLiteral("Head"));
        QCOMPARE(r.bones.at(0).curve.name(), QStringLiteral("Camera"));
        QCOMPARE(r.bones.at(0).parent, -1);
        const QStringList joints = {QStringLiteral("Wrist"),
                                    QStringLiteral("Palm"),
                                    QStringLiteral("ThumbMetacarpalJoint"),
                                    QStringLiteral("ThumbProximalJoint"),
                                    QStringLiteral("ThumbDistalJoint"),
                                    QStringLiteral("ThumbTip"),
                                    QStringLiteral("IndexMetacarpal"),
                                    QStringLiteral("IndexKnuckle"),
                                    QStringLiteral("IndexMiddleJoint"),
                                    QStringLiteral("IndexDistalJoint"),
                                    QStringLiteral("IndexTip"),
                                    QStringLiteral("MiddleMetacarpal"),
                                    QStringLiteral("MiddleKnuckle"),
                                    QStringLiteral("MiddleMiddleJoint"),
                                    QStringLiteral("MiddleDistalJoint"),
                                    QStringLiteral("MiddleTip"),
                                    QStringLiteral("RingMetacarpal"),
                                    QStringLiteral("RingKnuckle"),
                                    QStringLiteral("RingMiddleJoint"),
                                    QStringLiteral("RingDistalJoint"),
                                    QStringLiteral("RingTip"),
                                    QStringLiteral("PinkyMetacarpal"),
                                    QStringLiteral("PinkyKnuckle"),
                                    QStringLiteral("PinkyMiddleJoint"),
                                    QStringLiteral("PinkyDistalJoint"),
                                    QStringLiteral("PinkyTip")};
        QCOMPARE(joints.size(), 26);
        const QStringList firsts = {QStringLiteral("Palm"),
                                    QStringLiteral("ThumbMetacarpalJoint"),
                                    QStringLiteral("IndexMetacarpal"),
                                    QStringLiteral("MiddleMetacarpal"),
                                    QStringLiteral("RingMetacarpal"),
                                    QStringLiteral("PinkyMetacarpal")};
        for (int side = 0; side < 2; ++side) {
            const QString prefix = side == 0 ? QStringLiteral("L_") : QStringLiteral("R_");
            const int wrist = 1 + side * 26;
            for (int j = 0; j < 26; ++j) {
                const RecipeBone &b = r.bones.at(wrist + j);
                QCOMPARE(b.name, prefix + joints.at(j));
                QCOMPARE(b.curve.name(), (side == 0 ? QStringLiteral("LeftHand/") : QStringLiteral("RightHand/")) + joints.at(j));
                QCOMPARE(int(b.drive), int(DriveKind::Pose));
                QVERIFY(b.offset.isIdentity());
                const int expectedParent = j == 0 ? -1 : firsts.contains(joints.at(j)) ? wrist : wrist + j - 1;
                QCOMPARE(b.parent, expectedParent);
            }
        }
        QCOMPARE(r.sockets.size(), 5);
        const QStringList socketNames = {QStringLiteral("head"), QStringLiteral("palm_l"), QStringLiteral("palm_r"),
                                         QStringLiteral("pinch_l"), QStringLiteral("pinch_r")};
        const QStringList anchors = {QStringLiteral("Head"), QStringLiteral("L_Palm"), QStringLiteral("R_Palm"),
                                     QStringLiteral("L_IndexTip"), QStringLiteral("R_IndexTip")};
        for (int s = 0; s < 5; ++s) {
            QCOMPARE(r.sockets.at(s).name, socketNames.at(s));
            QCOMPARE(r.bones.at(r.sockets.at(s).anchor).name, anchors.at(s));
            QCOMPARE(r.sockets.at(s).offset, QVector3D());
        }
    }

    void handsCollapseUntrackedHandAboutTheWrist()
    {
        const RecipePoser poser(BuiltinRecipes::hands());
        RecipePoser::Input in;
        const CurveGroup wrist = CurveGroup::handJoint(Hand::Left, HandJoint::Wrist);
        in.poses[size_t(wrist.index())].position = QVector3D(0.1f, 0.2f, 0.3f);
        in.poses[size_t(CurveGroup::handJoint(Hand::Left, HandJoint::IndexTip).index())].position = QVector3D(1, 1, 1);
        in.tracked = {false, true};
        QList<QMatrix4x4> globals(53);
        poser.pose(in, globals.data());
        for (int b = 1; b <= 26; ++b) {
            QCOMPARE(globals.at(b).column(3).toVector3D(), QVector3D(0.1f, 0.2f, -0.3f)); // converted
            QCOMPARE(globals.at(b).column(0).toVector3D(), QVector3D());
            QCOMPARE(globals.at(b).column(1).toVector3D(), QVector3D());
            QCOMPARE(globals.at(b).column(2).toVector3D(), QVector3D());
        }
        QVERIFY(globals.at(27).isIdentity()); // right hand tracked, pose at the origin
    }

    void humanoidUsesTheGameRig()
    {
        const RebakeRecipe r = BuiltinRecipes::humanoidUpperBody();
        QVERIFY(r.problems().isEmpty());
        const Rig rig = SpeciesRig::ofVersion(Species::Humanoid, 1)->rig(); // the game's 20 bones
        QCOMPARE(r.boneCount(), rig.boneCount());
        for (int b = 0; b < rig.boneCount(); ++b) {
            QCOMPARE(r.bones.at(b).name, rig.bone(b).name);
            QCOMPARE(r.bones.at(b).parent, rig.bone(b).parent);
        }
        QCOMPARE(r.sockets.size(), 10);
    }

    void humanoidStandingPoseFrames()
    {
        // With the hands untracked the body stands: every bone's Y axis points at its child's origin.
        const RecipePoser poser(BuiltinRecipes::humanoidUpperBody());
        RecipePoser::Input in = standingInput();
        in.tracked = {false, false};
        QList<QMatrix4x4> g(20);
        poser.pose(in, g.data());
        const Rig rig = SpeciesRig::ofVersion(Species::Humanoid, 1)->rig(); // the game's 20 bones
        for (int b = 0; b < 20; ++b) {
            QVERIFY(std::abs(g.at(b).determinant() - 1.0) < 1e-4);
            for (const int c : rig.children(b)) {
                if (rig.bone(c).name.startsWith(u"Shoulder") || rig.bone(c).name.startsWith(u"Hip")
                    || (rig.bone(b).name == u"Root"))
                    continue; // branches start beside the parent's axis
                const QVector3D along = g.at(c).column(3).toVector3D() - g.at(b).column(3).toVector3D();
                QVERIFY2(QVector3D::dotProduct(along.normalized(), g.at(b).column(1).toVector3D()) > 0.9999f,
                         qPrintable(rig.bone(b).name));
            }
        }
        // Feet on the floor below the camera, the body at the camera's place.
        QVERIFY(std::abs(g.at(0).column(3).y()) < 1e-4f);
        QVERIFY(std::abs(g.at(16).column(3).y() - 0.08f) < 1e-4f);
        QVERIFY(std::abs(g.at(0).column(3).x() - 0.5f) < 1e-4f);
        // Characters's left at -X.
        QVERIFY(g.at(9).column(3).x() < g.at(13).column(3).x());
    }

    void humanoidHandsReachTheWristsAndArmsKeepTheirLength()
    {
        const RebakeRecipe recipe = BuiltinRecipes::humanoidUpperBody();
        const RecipePoser poser(recipe);
        const float upper = recipe.bones.at(8).rest.translation.length(); // ForearmL's offset
        const float lower = recipe.bones.at(9).rest.translation.length(); // HandL's offset
        QRandomGenerator rng(11);
        int reachable = 0;
        for (int i = 0; i < 500; ++i) {
            RecipePoser::Input in = standingInput();
            const float yaw = float(rng.generateDouble() * 360.0);
            in.poses[0].rotation = QQuaternion::fromAxisAndAngle(0, 1, 0, yaw)
                * QQuaternion::fromAxisAndAngle(1, 0, 0, float(rng.generateDouble() * 40 - 20));
            for (const Hand hand : {Hand::Left, Hand::Right}) {
                PoseSample &w = in.poses[size_t(CurveGroup::handJoint(hand, HandJoint::Wrist).index())];
                const QVector3D local(float(rng.generateDouble() * 1.0 - 0.5), float(rng.generateDouble() * 1.0 - 0.9),
                                      float(rng.generateDouble() * 0.8 - 0.1));
                w.position = in.poses[0].position + QQuaternion::fromAxisAndAngle(0, 1, 0, yaw).rotatedVector(local);
                w.rotation = QQuaternion::fromEulerAngles(float(rng.generateDouble() * 90), 0, 0);
            }
            QList<QMatrix4x4> g(20);
            poser.pose(in, g.data());
            for (const auto &[up, mid, end, hand] : {std::tuple{7, 8, 9, Hand::Left}, std::tuple{11, 12, 13, Hand::Right}}) {
                const QVector3D s = g.at(up).column(3).toVector3D();
                const QVector3D e = g.at(mid).column(3).toVector3D();
                const QVector3D w = g.at(end).column(3).toVector3D();
                QVERIFY(std::abs((e - s).length() - upper) < 1e-4f);
                QVERIFY(std::abs((w - e).length() - lower) < 1e-4f);
                // Upper arm and forearm point along themselves.
                QVERIFY(QVector3D::dotProduct(g.at(up).column(1).toVector3D(), (e - s).normalized()) > 0.9999f);
                QVERIFY(QVector3D::dotProduct(g.at(mid).column(1).toVector3D(), (w - e).normalized()) > 0.9999f);
                const QVector3D target = in.poses[size_t(CurveGroup::handJoint(hand, HandJoint::Wrist).index())].position;
                const float distance = (target - s).length();
                if (distance <= upper + lower - 1e-3f && distance >= std::abs(upper - lower) + 1e-3f) {
                    ++reachable;
                    QVERIFY2((w - target).length() < 1e-4f, qPrintable(QString::number((w - target).length())));
                } else if (distance > upper + lower) {
                    // Out of reach: the arm stretches straight towards the wrist.
                    QVERIFY(std::abs((w - target).length() - (distance - upper - lower)) < 1e-4f);
                }
                // The hand keeps the wrist's rotation (fingers along the hand bone's Y).
                const QQuaternion wq = in.poses[size_t(CurveGroup::handJoint(hand, HandJoint::Wrist).index())].rotation;
                QVERIFY((g.at(end).column(1).toVector3D() - wq.rotatedVector(QVector3D(0, 0, 1))).length() < 1e-4f);
            }
        }
        QVERIFY(reachable > 100); // the sample covers the reachable case well
    }
};

QTEST_GUILESS_MAIN(tst_BuiltinRecipes)
#include "tst_BuiltinRecipes.moc"
