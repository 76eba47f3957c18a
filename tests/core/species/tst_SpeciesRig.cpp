// The rigs of the species catalogue: every rig the game had, by species and bone count, in every
// era; a file's rig; feet, leg chains and left/right pairs of each rig (tst_Species: the table).
#include "species/SpeciesRig.h"

#include "TestDocuments.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"

#include <QtTest/QTest>

using namespace bpat;

namespace {

Rig gameRig(quint32 species, int bones)
{
    const SpeciesRig *rig = SpeciesRig::game(species, bones);
    return rig ? rig->rig() : Rig();
}

} // namespace

class tst_SpeciesRig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void builtInRigsMatchTheGame()
    {
        const Rig h = SpeciesRig::ofVersion(Species::Humanoid, 1)->rig();
        QCOMPARE(h.boneCount(), 20);
        QCOMPARE(h.bone(9).name, QStringLiteral("HandL"));
        QCOMPARE(h.bone(9).parent, 8);
        QCOMPARE(h.indexOf(QStringLiteral("FootR")), 19);
        QCOMPARE(SpeciesRig::ofVersion(Species::Horse, 1)->boneCount(), 16); // the v1 baker's
        QCOMPARE(SpeciesRig::ofVersion(Species::Horse, 1)->rig().bone(15).name, QStringLiteral("Head"));
        QCOMPARE(SpeciesRig::ofVersion(Species::Elephant, 1)->rig().bone(15).name, QStringLiteral("TrunkTip"));
        QCOMPARE(gameRig(Species::Horse, 8).boneCount(), 8);
    }
    void parentsPrecedeChildren()
    {
        for (const SpeciesRig &known : SpeciesRig::all()) {
            const Rig &rig = known.rig();
            for (int i = 0; i < rig.boneCount(); ++i)
                QVERIFY2(rig.bone(i).parent < i, qPrintable(rig.name()));
        }
    }
    void lookupBySpecies()
    {
        QCOMPARE(SpeciesRig::game(3, 20)->name(), QStringLiteral("humanoid"));
        QCOMPARE(SpeciesRig::game(2, 8)->boneCount(), 8);
        QVERIFY(!SpeciesRig::game(0, 53));
        QVERIFY(!SpeciesRig::game(42, 20));
        QCOMPARE(gameRig(Species::Humanoid, 20).children(3), (QList<int>{4, 6, 10}));
    }
    void lookupBySpeciesOrDescription()
    {
        QCOMPARE(SpeciesRig::find(3, 20)->name(), QStringLiteral("humanoid"));
        QCOMPARE(SpeciesRig::find(0, 53)->boneCount(), 53); // the rebake recipes' hands
        QCOMPARE(SpeciesRig::find(0, 53)->rig().source(), Rig::Source::Description);
        QVERIFY(!SpeciesRig::find(0, 3));
    }
    void rigOfAFile()
    {
        // Without a parent table: the rig of the species and bone count, here none (3 bones).
        QVERIFY(!BpatFile::fromData(testdocs::smallFileBytes()).rig().has_value());
        QVERIFY(!BpatFile().rig().has_value());
        // A late-v3 file's own parents (root, 0, 1), named "bone N" without a rig of its size.
        const std::optional<Rig> late = BpatFile::fromData(testdocs::smallVersionedBytes(format::Dialect::V3Late)).rig();
        QVERIFY(late.has_value());
        QCOMPARE(late->name(), QStringLiteral("file parents"));
        QCOMPARE(late->boneCount(), 3);
        QCOMPARE(late->bone(0).parent, -1);
        QCOMPARE(late->bone(2).parent, 1);
        QCOMPARE(late->bone(2).name, QStringLiteral("bone 2"));
        QCOMPARE(late->source(), Rig::Source::FileParents);
        QVERIFY(!late->knownNames());
        QVERIFY(late->describeSource().contains(QStringLiteral("unknown rig")));
    }

    // Every rig the game had, of every era (bpat-versions.md section 6): each species and bone
    // count the catalogue lists has a rig, with the sheet's names at a few places.
    void everyEraHasItsRig_data()
    {
        QTest::addColumn<quint32>("species");
        QTest::addColumn<int>("bones");
        QTest::addColumn<int>("bone");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("parent");
        QTest::newRow("humanoid_stave_caster") << 7u << 20 << 16 << QStringLiteral("FootL") << 15;
        QTest::newRow("horse 8") << 1u << 8 << 1 << QStringLiteral("Body") << 0;
        QTest::newRow("horse 16") << 1u << 16 << 14 << QStringLiteral("NeckTop") << 0;
        QTest::newRow("horse 50") << 1u << 50 << 45 << QStringLiteral("FF.L") << 44;
        QTest::newRow("horse 50 ear") << 1u << 50 << 13 << QStringLiteral("Ear1.R") << 8;
        QTest::newRow("elephant 16") << 2u << 16 << 15 << QStringLiteral("TrunkTip") << 14;
        QTest::newRow("elephant 32") << 2u << 32 << 14 << QStringLiteral("FootFront.L.001") << 13;
        QTest::newRow("elephant 32 trunk") << 2u << 32 << 27 << QStringLiteral("TrunkIK") << 0;
        QTest::newRow("sheep 21") << 8u << 21 << 16 << QStringLiteral("Jaw") << 15;
        QTest::newRow("wolf 21") << 9u << 21 << 20 << QStringLiteral("TailTip") << 19;
        QTest::newRow("wolf 20") << 9u << 20 << 16 << QStringLiteral("EarL") << 15;
        QTest::newRow("sheep 20") << 8u << 20 << 19 << QStringLiteral("TailTip") << 18;
    }
    void everyEraHasItsRig()
    {
        QFETCH(quint32, species);
        QFETCH(int, bones);
        QFETCH(int, bone);
        QFETCH(QString, name);
        QFETCH(int, parent);
        const SpeciesRig *known = SpeciesRig::game(species, bones);
        QVERIFY(known);
        const std::optional<Rig> rig = known->rig();
        QCOMPARE(rig->boneCount(), bones);
        QCOMPARE(rig->source(), Rig::Source::Game);
        QCOMPARE(rig->bone(bone).name, name);
        QCOMPARE(rig->bone(bone).parent, parent);
        for (int b = 0; b < rig->boneCount(); ++b)
            QVERIFY(rig->bone(b).parent < b);
    }
    void everyGameRigIsKnown()
    {
        for (quint32 species = 0; species <= Species::lastId(); ++species) {
            for (quint32 version = 1; version <= 3; ++version) {
                for (quint32 count : Species::boneCounts(species, version))
                    QVERIFY2(SpeciesRig::game(species, int(count)),
                             qPrintable(QStringLiteral("species %1, %2 bones").arg(species).arg(count)));
            }
        }
    }

    // The feet the game's baker reads contacts from (bpat-versions.md 5.4), in its order, named
    // as the gait report names them, and each foot's leg chain for two-bone IK.
    void feetAndLegs_data()
    {
        QTest::addColumn<QString>("rig");
        QTest::addColumn<QStringList>("feet");   // in the report's order
        QTest::addColumn<QStringList>("labels"); // the report's names
        QTest::addColumn<QStringList>("chains"); // "hip knee end [pole]" per foot; empty: no chain
        const QStringList quadruped{QStringLiteral("front_l"), QStringLiteral("front_r"), QStringLiteral("back_l"),
                                    QStringLiteral("back_r")};
        const QStringList feet16{QStringLiteral("FootFL"), QStringLiteral("FootFR"), QStringLiteral("FootBL"),
                                 QStringLiteral("FootBR")};
        const QStringList chains16{QStringLiteral("ShoulderFL KneeFL FootFL"), QStringLiteral("ShoulderFR KneeFR FootFR"),
                                   QStringLiteral("ShoulderBL KneeBL FootBL"), QStringLiteral("ShoulderBR KneeBR FootBR")};
        QTest::newRow("humanoid") << QStringLiteral("humanoid") << QStringList{QStringLiteral("FootL"), QStringLiteral("FootR")}
                                  << QStringList{QStringLiteral("foot_l"), QStringLiteral("foot_r")}
                                  << QStringList{QStringLiteral("HipL KneeL FootL"), QStringLiteral("HipR KneeR FootR")};
        QTest::newRow("horse 8") << QStringLiteral("horse_8bone") << feet16 << quadruped << QStringList{};
        QTest::newRow("horse 16") << QStringLiteral("horse") << feet16 << quadruped << chains16;
        QTest::newRow("horse 50") << QStringLiteral("horse_50bone")
                                  << QStringList{QStringLiteral("FF.L"), QStringLiteral("FF.R"), QStringLiteral("FFB.L"),
                                                 QStringLiteral("FFB.R")}
                                  << quadruped
                                  << QStringList{QStringLiteral("FrontUpperLeg.L FrontLowerLeg.L IKFrontLeg.L PoleTarget.L"),
                                                 QStringLiteral("FrontUpperLeg.R FrontLowerLeg.R IKFrontLeg.R PoleTarget.R"),
                                                 QStringLiteral("BackUpperLeg.L BackLowerLeg.L IKBackLeg.L PoleTargetBack.L"),
                                                 QStringLiteral("BackUpperLeg.R BackLowerLeg.R IKBackLeg.R PoleTargetBack.R")};
        QTest::newRow("elephant 8") << QStringLiteral("elephant_8bone") << feet16 << quadruped << QStringList{};
        QTest::newRow("elephant 16") << QStringLiteral("elephant") << feet16 << quadruped << chains16;
        QTest::newRow("elephant 32")
            << QStringLiteral("elephant_32bone")
            << QStringList{QStringLiteral("FootFront.L"), QStringLiteral("FootFront.L.001"), QStringLiteral("FootBack.L"),
                           QStringLiteral("FootBack.L.001")}
            << quadruped
            << QStringList{QStringLiteral("UpperLegFront.L LowerLegFront.L FootFront.L KneeFront.L"),
                           QStringLiteral("UpperLegFront.L.001 LowerLegFront.L.001 FootFront.L.001 KneeFront.L.001"),
                           QStringLiteral("UpperLegBack.L LowerLegBack.L FootBack.L KneeBack.L"),
                           QStringLiteral("UpperLegBack.L.001 LowerLegBack.L.001 FootBack.L.001 KneeBack.L.001")};
        QTest::newRow("wildlife 20") << QStringLiteral("wildlife_20bone") << feet16 << quadruped << chains16;
        QTest::newRow("wildlife 21") << QStringLiteral("wildlife") << feet16 << quadruped << chains16;
        QTest::newRow("hands") << QStringLiteral("hands") << QStringList{} << QStringList{} << QStringList{};
    }
    void feetAndLegs()
    {
        QFETCH(QString, rig);
        QFETCH(QStringList, feet);
        QFETCH(QStringList, labels);
        QFETCH(QStringList, chains);
        const SpeciesRig *r = SpeciesRig::byName(rig);
        QVERIFY(r);
        const auto name = [r](int bone) { return bone >= 0 ? r->rig().bone(bone).name : QString(); };
        QStringList names;
        for (int foot : r->feet())
            names << name(foot);
        QCOMPARE(names, feet);
        QCOMPARE(r->footLabels(), labels);
        QCOMPARE(r->legs().size(), feet.size());
        for (qsizetype l = 0; l < r->legs().size(); ++l) {
            const LegChain &leg = r->legs().at(l);
            QCOMPARE(leg.label, labels.at(l));
            QCOMPARE(name(leg.foot), feet.at(l));
            QCOMPARE(r->legOfFoot(leg.foot), &leg);
            if (chains.isEmpty()) { // feet hanging from the root: no chain to solve
                QVERIFY(!leg.isChain());
                continue;
            }
            QVERIFY(leg.isChain());
            QString chain = QStringList{name(leg.hip), name(leg.knee), name(leg.end)}.join(QLatin1Char(' '));
            if (leg.pole >= 0)
                chain += QLatin1Char(' ') + name(leg.pole);
            QCOMPARE(chain, chains.at(l));
            QCOMPARE(r->rig().bone(leg.knee).parent, leg.hip);
            // The foot is the chain's end or hangs from it (the 50-bone horse's IK target).
            QVERIFY(leg.foot == leg.end || r->rig().bone(leg.foot).parent == leg.end);
        }
        QVERIFY(!r->legOfFoot(-1));
    }

    // Left/right pairs by each rig's own naming: every game rig's legs pair up, and mirroring is
    // an involution that maps each bone to a bone of the rig.
    void leftRightPairs_data()
    {
        QTest::addColumn<QString>("rig");
        QTest::addColumn<QString>("naming");
        QTest::addColumn<int>("pairs");
        QTest::addColumn<QString>("left");
        QTest::addColumn<QString>("right");
        QTest::newRow("humanoid") << QStringLiteral("humanoid") << QStringLiteral("suffix L / R") << 7
                                  << QStringLiteral("UpperArmL") << QStringLiteral("UpperArmR");
        QTest::newRow("horse 8") << QStringLiteral("horse_8bone") << QStringLiteral("suffix L / R") << 2
                                 << QStringLiteral("FootBL") << QStringLiteral("FootBR");
        QTest::newRow("horse 16") << QStringLiteral("horse") << QStringLiteral("suffix L / R") << 6 << QStringLiteral("KneeFL")
                                  << QStringLiteral("KneeFR");
        QTest::newRow("horse 50") << QStringLiteral("horse_50bone") << QStringLiteral("suffix .L / .R") << 17
                                  << QStringLiteral("Ear3.L") << QStringLiteral("Ear3.R");
        QTest::newRow("elephant 8") << QStringLiteral("elephant_8bone") << QStringLiteral("suffix L / R") << 2
                                    << QStringLiteral("FootFL") << QStringLiteral("FootFR");
        QTest::newRow("elephant 16") << QStringLiteral("elephant") << QStringLiteral("suffix L / R") << 6
                                     << QStringLiteral("ShoulderBL") << QStringLiteral("ShoulderBR");
        QTest::newRow("elephant 32") << QStringLiteral("elephant_32bone") << QStringLiteral("suffix .L / .L.001") << 8
                                     << QStringLiteral("KneeFront.L") << QStringLiteral("KneeFront.L.001");
        QTest::newRow("wildlife 20") << QStringLiteral("wildlife_20bone") << QStringLiteral("suffix L / R") << 7
                                     << QStringLiteral("EarL") << QStringLiteral("EarR");
        QTest::newRow("wildlife 21") << QStringLiteral("wildlife") << QStringLiteral("suffix L / R") << 7
                                     << QStringLiteral("FootFL") << QStringLiteral("FootFR");
        QTest::newRow("hands") << QStringLiteral("hands") << QStringLiteral("prefix L_ / R_") << 26
                               << QStringLiteral("L_IndexTip") << QStringLiteral("R_IndexTip");
    }
    void leftRightPairs()
    {
        QFETCH(QString, rig);
        QFETCH(QString, naming);
        QFETCH(int, pairs);
        QFETCH(QString, left);
        QFETCH(QString, right);
        const SpeciesRig *r = SpeciesRig::byName(rig);
        QVERIFY(r && r->sides());
        QCOMPARE(r->sides()->describe(), naming);
        QCOMPARE(r->pairs().size(), pairs);
        const int l = r->rig().indexOf(left), rr = r->rig().indexOf(right);
        QVERIFY(l >= 0 && rr >= 0);
        QCOMPARE(r->mirrorOf(l), rr);
        QCOMPARE(r->mirrorOf(rr), l);
        for (int b = 0; b < r->boneCount(); ++b)
            QCOMPARE(r->mirrorOf(r->mirrorOf(b)), b);
        QCOMPARE(r->mirrorOf(0), 0); // the root has no side
        QCOMPARE(r->mirrorOf(r->boneCount()), -1);
        // The left leg's chain mirrors onto the right one's.
        for (qsizetype f = 0; f + 1 < r->legs().size(); f += 2) {
            const LegChain &a = r->legs().at(f), &b = r->legs().at(f + 1);
            QCOMPARE(r->mirrorOf(a.foot), b.foot);
            if (a.isChain()) {
                QCOMPARE(r->mirrorOf(a.hip), b.hip);
                QCOMPARE(r->mirrorOf(a.knee), b.knee);
                QCOMPARE(r->mirrorOf(a.end), b.end);
            }
        }
        // The rig's own naming is the one detection picks.
        QCOMPARE(SideNaming::detect(r->boneNames())->describe(), naming);
    }

    // The gait report each rig's files get, and what a rig description makes of a file.
    void gaitAndFiles()
    {
        QCOMPARE(SpeciesRig::byName(QStringLiteral("humanoid"))->gait(), GaitKind::Humanoid);
        QCOMPARE(SpeciesRig::byName(QStringLiteral("wildlife"))->gait(), GaitKind::Quadruped);
        QCOMPARE(SpeciesRig::byName(QStringLiteral("hands"))->gait(), GaitKind::None);
        QVERIFY(!SpeciesRig::byName(QStringLiteral("hands"))->isGameRig());
        QCOMPARE(SpeciesRig::byName(QStringLiteral("humanoid"))->speciesIds(), (QList<quint32>{0, 3, 4, 5, 6, 7}));
        QCOMPARE(SpeciesRig::byName(QStringLiteral("wildlife"))->speciesIds(), (QList<quint32>{8, 9}));
        QCOMPARE(SpeciesRig::footLabels(GaitKind::Humanoid, 4), QStringList{});
        // A snapshot's colours: the species' smallest game rig holding the bones its vertices use.
        QCOMPARE(SpeciesRig::covering(Species::Horse, 8)->name(), QStringLiteral("horse_8bone"));
        QCOMPARE(SpeciesRig::covering(Species::Horse, 9)->name(), QStringLiteral("horse"));
        QCOMPARE(SpeciesRig::covering(Species::Horse, 17)->name(), QStringLiteral("horse_50bone"));
        QVERIFY(!SpeciesRig::covering(Species::Horse, 51));
        QVERIFY(!SpeciesRig::covering(42, 1));
        // A parent table of another size than the rig's: the file's parents, bones by index.
        const std::optional<Rig> own = SpeciesRig::forFile(Species::Humanoid, 20, {0xFF, 0, 0});
        QCOMPARE(own->source(), Rig::Source::FileParents);
        QCOMPARE(own->bone(2).name, QStringLiteral("bone 2"));
        // The rig's size: the rig's names over the file's parents (a root where it says 0xFF).
        QList<quint8> parents(20, 0);
        parents[0] = 0xFF;
        const std::optional<Rig> named = SpeciesRig::forFile(Species::HumanoidSword, 20, parents);
        QCOMPARE(named->source(), Rig::Source::Game);
        QCOMPARE(named->bone(19).name, QStringLiteral("FootR"));
        QCOMPARE(named->bone(19).parent, 0);
        QCOMPARE(named->bone(0).parent, -1);
        QVERIFY(!SpeciesRig::forFile(42, 20, {}));
        QCOMPARE(SpeciesRig::forFile(Species::Wolf, 21, {})->name(), QStringLiteral("wildlife"));
    }

    // The game's current files store their parents: the studio's rigs name those bones, and
    // their parents are the file's (the sheet and the game's baker agree).
    void currentFilesAreNamed_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"humanoid", "humanoid_skeleton", "horse", "elephant", "sheep", "wolf"})
            QTest::newRow(f) << QStringLiteral("upstream_assets/bpat_current/%1.bpat").arg(QLatin1String(f));
    }
    void currentFilesAreNamed()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const std::optional<BpatFile> bpat = BpatFile::open(testpaths::shared(file));
        QVERIFY(bpat);
        const std::optional<Rig> rig = bpat->rig();
        QVERIFY(rig);
        QCOMPARE(rig->source(), Rig::Source::Game);
        QVERIFY(rig->knownNames());
        const std::optional<Rig> table = gameRig(bpat->header().speciesId, int(bpat->header().boneCount));
        QVERIFY(table);
        QCOMPARE(rig->boneCount(), table->boneCount());
        for (int b = 0; b < rig->boneCount(); ++b) {
            QCOMPARE(rig->bone(b).name, table->bone(b).name);
            QCOMPARE(rig->bone(b).parent, table->bone(b).parent);
        }
    }
};

QTEST_GUILESS_MAIN(tst_SpeciesRig)
#include "tst_SpeciesRig.moc"
