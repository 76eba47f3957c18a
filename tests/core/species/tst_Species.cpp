// The species catalogue's table (species/Species): every species of every era the game wrote, with
// its names, rigs over time, bodies, snapshot, gait report and variants, against the spec sheets
// (bpat-v1.md "Species ids", bpat-versions.md sections 1 and 6). Adding a species is one row in
// Species.cpp and one row in speciesOfTheGame_data() below.
#include "species/Species.h"

#include "species/SpeciesRig.h"

#include <QtTest/QTest>

using namespace bpat;

class tst_Species : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void speciesOfTheGame_data()
    {
        QTest::addColumn<quint32>("id");
        QTest::addColumn<QString>("name");
        QTest::addColumn<quint32>("base");
        QTest::addColumn<QString>("bodies");
        QTest::addColumn<int>("gait");
        QTest::addColumn<QString>("v1");
        QTest::addColumn<QString>("v2");
        QTest::addColumn<QString>("v3");
        const int humanoid = int(GaitKind::Humanoid), quadruped = int(GaitKind::Quadruped);
        QTest::newRow("0") << 0u << QStringLiteral("humanoid") << 0u << QStringLiteral("humanoid") << humanoid
                           << QStringLiteral("20") << QStringLiteral("20") << QStringLiteral("20");
        QTest::newRow("1") << 1u << QStringLiteral("horse") << 1u << QStringLiteral("horse") << quadruped
                           << QStringLiteral("8 or 16") << QStringLiteral("16 or 50") << QStringLiteral("50");
        QTest::newRow("2") << 2u << QStringLiteral("elephant") << 2u << QStringLiteral("elephant") << quadruped
                           << QStringLiteral("8 or 16") << QStringLiteral("16 or 32") << QStringLiteral("32");
        QTest::newRow("3") << 3u << QStringLiteral("humanoid_sword") << 0u << QStringLiteral("humanoid_sword,humanoid")
                           << humanoid << QStringLiteral("20") << QStringLiteral("20") << QStringLiteral("20");
        QTest::newRow("4") << 4u << QStringLiteral("humanoid_spear") << 0u << QStringLiteral("humanoid_spear,humanoid")
                           << humanoid << QStringLiteral("20") << QStringLiteral("20") << QStringLiteral("20");
        QTest::newRow("5") << 5u << QStringLiteral("humanoid_skeleton") << 0u << QStringLiteral("skeleton_humanoid") << humanoid
                           << QStringLiteral("20") << QStringLiteral("20") << QStringLiteral("20");
        QTest::newRow("6") << 6u << QStringLiteral("humanoid_caster") << 0u << QStringLiteral("humanoid_caster,humanoid")
                           << humanoid << QStringLiteral("") << QStringLiteral("20") << QStringLiteral("20");
        QTest::newRow("7") << 7u << QStringLiteral("humanoid_stave_caster") << 0u
                           << QStringLiteral("humanoid_stave_caster,humanoid") << humanoid << QStringLiteral("")
                           << QStringLiteral("20") << QStringLiteral("20");
        QTest::newRow("8") << 8u << QStringLiteral("sheep") << 8u << QStringLiteral("sheep") << quadruped << QStringLiteral("")
                           << QStringLiteral("20 or 21") << QStringLiteral("21");
        QTest::newRow("9") << 9u << QStringLiteral("wolf") << 9u << QStringLiteral("wolf") << quadruped << QStringLiteral("")
                           << QStringLiteral("20 or 21") << QStringLiteral("21");
    }
    void speciesOfTheGame()
    {
        QFETCH(quint32, id);
        QFETCH(QString, name);
        QFETCH(quint32, base);
        QFETCH(QString, bodies);
        QFETCH(int, gait);
        QFETCH(QString, v1);
        QFETCH(QString, v2);
        QFETCH(QString, v3);
        const Species *s = Species::byId(id);
        QVERIFY(s);
        QCOMPARE(s->id, id);
        QCOMPARE(s->name, name);
        QCOMPARE(Species::nameOf(id), name);
        QCOMPARE(Species::byName(name), s);
        QCOMPARE(*Species::idOf(name), id);
        QCOMPARE(*Species::idOf(QString::number(id)), id);
        QCOMPARE(s->bpatFileName(), name + QStringLiteral(".bpat"));
        QCOMPARE(s->base, base);
        QCOMPARE(s->isVariant(), base != id);
        QCOMPARE(s->bodyNames.join(QLatin1Char(',')), bodies);
        QCOMPARE(int(s->gait), gait);
        QCOMPARE(Species::describeCounts(Species::boneCounts(id, 1)), v1);
        QCOMPARE(Species::describeCounts(Species::boneCounts(id, 2)), v2);
        QCOMPARE(Species::describeCounts(Species::boneCounts(id, 3)), v3);
        // Every rig of every era is a shipped rig description of that many bones, and every game
        // rig the catalogue names is known to it as this species' (SpeciesRig).
        for (const Species::EraRig &era : s->rigs) {
            const SpeciesRig *rig = SpeciesRig::byName(era.rigName);
            QVERIFY2(rig, qPrintable(era.rigName));
            QCOMPARE(rig->boneCount(), era.boneCount);
            QVERIFY(rig->isGameRig());
            QVERIFY(rig->speciesIds().contains(id));
            QCOMPARE(SpeciesRig::game(id, era.boneCount), rig);
            QCOMPARE(rig->gait(), s->gait);
            QVERIFY(era.firstVersion >= 1 && era.firstVersion <= era.lastVersion && era.lastVersion <= 3);
        }
    }

    // The table is in id order without gaps (Species::byId indexes it); names are unique.
    void tableIsDense()
    {
        const QList<Species> &all = Species::all();
        QCOMPARE(all.size(), 10);
        QCOMPARE(Species::lastId(), 9u);
        QStringList names;
        for (qsizetype i = 0; i < all.size(); ++i) {
            QCOMPARE(all.at(i).id, quint32(i));
            QVERIFY(!names.contains(all.at(i).name));
            names << all.at(i).name;
        }
        QVERIFY(!Species::byId(10));
        QVERIFY(Species::nameOf(10).isEmpty());
        QVERIFY(!Species::isKnown(10));
        QVERIFY(!Species::byName(QStringLiteral("dragon")));
        QVERIFY(!Species::idOf(QStringLiteral("dragon")));
        QVERIFY(!Species::idOf(QStringLiteral("10")));
        QCOMPARE(Species::nameOf(3), QStringLiteral("humanoid_sword"));
        QCOMPARE(Species::nameOf(9), QStringLiteral("wolf"));
        QCOMPARE(*Species::idOf(QStringLiteral("horse")), 1u);
    }

    // Which builds knew which ids: the first v1 reader 0..3, the later builds 4..9.
    void erasOfTheIds()
    {
        QCOMPARE(Species::idRange(true), QStringLiteral("0..3"));
        QCOMPARE(Species::idRange(false), QStringLiteral("4..9"));
        for (quint32 id = 0; id <= 3; ++id)
            QVERIFY(Species::inFirstV1Reader(id));
        for (quint32 id = 4; id <= 10; ++id)
            QVERIFY(!Species::inFirstV1Reader(id));
    }

    // The era table takes the version: a 50-bone horse is a v2/v3 rig, an 8-bone one v1 only
    // (moved from tst_Validator with the table).
    void rigsOverTime()
    {
        QCOMPARE(Species::boneCounts(1, 1), (QList<quint32>{8, 16}));
        QCOMPARE(Species::boneCounts(1, 2), (QList<quint32>{16, 50}));
        QCOMPARE(Species::boneCounts(1, 3), (QList<quint32>{50}));
        QCOMPARE(Species::boneCounts(9, 1), QList<quint32>{});
        QCOMPARE(Species::boneCounts(9, 3), QList<quint32>{21});
        QCOMPARE(Species::boneCounts(0, 3), QList<quint32>{20});
        QCOMPARE(Species::boneCounts(0, 4), QList<quint32>{});
        QCOMPARE(Species::boneCounts(42, 3), QList<quint32>{});
        QVERIFY(Species::isGameRig(1, 8) && Species::isGameRig(1, 16) && Species::isGameRig(1, 50));
        QVERIFY(!Species::isGameRig(1, 20) && !Species::isGameRig(0, 53) && !Species::isGameRig(42, 20));
        // The v1 baker's rigs: the newest of v1 files.
        QCOMPARE(Species::byId(Species::Horse)->rigOfVersion(1)->boneCount, 16);
        QCOMPARE(Species::byId(Species::Elephant)->rigOfVersion(1)->rigName, QStringLiteral("elephant"));
        QVERIFY(!Species::byId(Species::Sheep)->rigOfVersion(1));
        QCOMPARE(Species::byId(Species::Wolf)->rigOfVersion(2)->boneCount, 21);
    }

    // Bodies by the game's naming: the species of a body's stem, and the BPATs that draw it.
    void bodies()
    {
        QCOMPARE(*Species::ofBodyStem(QStringLiteral("horse")), 1u);
        QCOMPARE(*Species::ofBodyStem(QStringLiteral("humanoid")), 0u);
        QCOMPARE(*Species::ofBodyStem(QStringLiteral("humanoid_sword")), 3u);
        QCOMPARE(*Species::ofBodyStem(QStringLiteral("skeleton_humanoid")), 5u);
        QCOMPARE(*Species::ofBodyStem(QStringLiteral("humanoid_skeleton")), 5u);
        QVERIFY(!Species::ofBodyStem(QStringLiteral("dragon")));
        QVERIFY(!Species::ofBodyStem(QString()));
        QCOMPARE(Species::byId(0)->bodyUsers(), (QList<quint32>{0, 3, 4, 6, 7}));
        QCOMPARE(Species::byId(3)->bodyUsers(), (QList<quint32>{3, 0, 4, 6, 7}));
        QCOMPARE(Species::byId(5)->bodyUsers(), (QList<quint32>{5}));
        QCOMPARE(Species::byId(8)->bodyUsers(), (QList<quint32>{8}));
        // The game's v1 baker wrote minimal snapshots of the horse and the elephant only.
        QCOMPARE(Species::byId(Species::Horse)->snapshotFileName, QStringLiteral("horse_minimal.bpsm"));
        QCOMPARE(Species::byId(Species::Elephant)->snapshotFileName, QStringLiteral("elephant_minimal.bpsm"));
        QVERIFY(Species::byId(Species::Humanoid)->snapshotFileName.isEmpty());
    }

    // The humanoid's variants: one base, one rig, one gait report.
    void humanoidVariants()
    {
        QStringList variants;
        for (const Species &s : Species::all()) {
            if (s.base != Species::Humanoid)
                continue;
            variants << (s.variant.isEmpty() ? QStringLiteral("-") : s.variant);
            QCOMPARE(s.gait, GaitKind::Humanoid);
            QCOMPARE(s.rigs.size(), 1);
            QCOMPARE(s.rigs.first().rigName, QStringLiteral("humanoid"));
        }
        QCOMPARE(variants.join(QLatin1Char(',')), QStringLiteral("-,sword,spear,skeleton,caster,stave_caster"));
    }
};

QTEST_GUILESS_MAIN(tst_Species)
#include "tst_Species.moc"
