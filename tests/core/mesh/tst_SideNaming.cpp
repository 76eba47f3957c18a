// Left/right naming conventions and the pairs they give (what mirroring a clip needs): the
// game's rigs' own conventions (tests/core/species/tst_SpeciesRig) and those of rigs from
// elsewhere, found by detect().
#include "mesh/SideNaming.h"

#include <QtTest/QTest>

using namespace bpat;

class tst_SideNaming : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void mirroredNames_data()
    {
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("right");
        QTest::addColumn<int>("mark");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("mirrored");
        const int suffix = int(SideNaming::Mark::Suffix), prefix = int(SideNaming::Mark::Prefix),
                  word = int(SideNaming::Mark::Word);
        QTest::newRow("L") << QStringLiteral("L") << QStringLiteral("R") << suffix << QStringLiteral("HipL")
                           << QStringLiteral("HipR");
        QTest::newRow("R") << QStringLiteral("L") << QStringLiteral("R") << suffix << QStringLiteral("FootBR")
                           << QStringLiteral("FootBL");
        QTest::newRow("no side") << QStringLiteral("L") << QStringLiteral("R") << suffix << QStringLiteral("Pelvis") << QString();
        QTest::newRow("mark alone") << QStringLiteral("L") << QStringLiteral("R") << suffix << QStringLiteral("L") << QString();
        QTest::newRow(".L") << QStringLiteral(".L") << QStringLiteral(".R") << suffix << QStringLiteral("Ear1.L")
                            << QStringLiteral("Ear1.R");
        QTest::newRow(".L.001 left") << QStringLiteral(".L") << QStringLiteral(".L.001") << suffix
                                     << QStringLiteral("FootFront.L") << QStringLiteral("FootFront.L.001");
        QTest::newRow(".L.001 right") << QStringLiteral(".L") << QStringLiteral(".L.001") << suffix
                                      << QStringLiteral("FootFront.L.001") << QStringLiteral("FootFront.L");
        QTest::newRow("_l") << QStringLiteral("_l") << QStringLiteral("_r") << suffix << QStringLiteral("thigh_r")
                            << QStringLiteral("thigh_l");
        QTest::newRow("L_") << QStringLiteral("L_") << QStringLiteral("R_") << prefix << QStringLiteral("L_Wrist")
                            << QStringLiteral("R_Wrist");
        QTest::newRow("Left") << QStringLiteral("Left") << QStringLiteral("Right") << word
                              << QStringLiteral("mixamorig:LeftUpLeg") << QStringLiteral("mixamorig:RightUpLeg");
    }
    void mirroredNames()
    {
        QFETCH(QString, left);
        QFETCH(QString, right);
        QFETCH(int, mark);
        QFETCH(QString, name);
        QFETCH(QString, mirrored);
        const SideNaming naming{left, right, SideNaming::Mark(mark)};
        QVERIFY(naming.isValid());
        QCOMPARE(naming.mirrored(name), mirrored);
        if (!mirrored.isEmpty())
            QCOMPARE(naming.mirrored(mirrored), name);
    }

    void pairsAndMirrorMap()
    {
        const QStringList bones{QStringLiteral("Root"), QStringLiteral("ArmL"),  QStringLiteral("ArmR"), QStringLiteral("LegL"),
                                QStringLiteral("LegR"), QStringLiteral("TailL"), QStringLiteral("Spine")};
        const SideNaming naming{QStringLiteral("L"), QStringLiteral("R"), SideNaming::Mark::Suffix};
        const QList<SideNaming::Pair> pairs = naming.pairs(bones);
        QCOMPARE(pairs.size(), 2); // TailL has no TailR: it is its own mirror
        QCOMPARE(pairs.at(0).left, 1);
        QCOMPARE(pairs.at(0).right, 2);
        QCOMPARE(naming.mirrorMap(bones), (QList<int>{0, 2, 1, 4, 3, 5, 6}));
        QVERIFY(SideNaming().pairs(bones).isEmpty());
        QVERIFY(!SideNaming().isValid());
    }

    // Rigs from elsewhere: the convention that pairs the most bones.
    void detect_data()
    {
        QTest::addColumn<QStringList>("bones");
        QTest::addColumn<QString>("naming");
        QTest::newRow("unreal") << QStringList{QStringLiteral("pelvis"), QStringLiteral("thigh_l"), QStringLiteral("thigh_r"),
                                               QStringLiteral("calf_l"), QStringLiteral("calf_r")}
                                << QStringLiteral("suffix _l / _r");
        QTest::newRow("mixamo") << QStringList{QStringLiteral("mixamorig:Hips"), QStringLiteral("mixamorig:LeftUpLeg"),
                                               QStringLiteral("mixamorig:RightUpLeg")}
                                << QStringLiteral("word Left / Right");
        QTest::newRow("blender") << QStringList{QStringLiteral("spine"), QStringLiteral("upper_arm.L"),
                                                QStringLiteral("upper_arm.R")}
                                 << QStringLiteral("suffix .L / .R");
        QTest::newRow("none") << QStringList{QStringLiteral("a"), QStringLiteral("b")} << QString();
    }
    void detect()
    {
        QFETCH(QStringList, bones);
        QFETCH(QString, naming);
        const std::optional<SideNaming> found = SideNaming::detect(bones);
        QCOMPARE(found ? found->describe() : QString(), naming);
    }
};

QTEST_GUILESS_MAIN(tst_SideNaming)
#include "tst_SideNaming.moc"
