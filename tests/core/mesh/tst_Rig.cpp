#include "mesh/Rig.h"

#include "TestDocuments.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "bpat/GameRigs.h"

#include <QtTest/QTest>

using namespace bpat;

class tst_Rig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void builtInRigsMatchTheGame()
    {
        const Rig h = Rig::humanoid();
        QCOMPARE(h.boneCount(), 20);
        QCOMPARE(h.bone(9).name, QStringLiteral("HandL"));
        QCOMPARE(h.bone(9).parent, 8);
        QCOMPARE(h.indexOf(QStringLiteral("FootR")), 19);
        QCOMPARE(Rig::horse().boneCount(), 16);
        QCOMPARE(Rig::horse().bone(15).name, QStringLiteral("Head"));
        QCOMPARE(Rig::elephant().bone(15).name, QStringLiteral("TrunkTip"));
        QCOMPARE(Rig::horseV1Initial().boneCount(), 8);
    }
    void parentsPrecedeChildren()
    {
        for (const Rig &rig : {Rig::humanoid(), Rig::horse(), Rig::elephant(), Rig::horseV1Initial(), Rig::elephantV1Initial()}) {
            for (int i = 0; i < rig.boneCount(); ++i)
                QVERIFY2(rig.bone(i).parent < i, qPrintable(rig.name()));
        }
    }
    void lookupBySpecies()
    {
        QCOMPARE(Rig::forSpecies(3, 20)->name(), QStringLiteral("humanoid"));
        QCOMPARE(Rig::forSpecies(2, 8)->boneCount(), 8);
        QVERIFY(!Rig::forSpecies(0, 53).has_value());
        QVERIFY(!Rig::forSpecies(42, 20).has_value());
        QCOMPARE(Rig::humanoid().children(3), (QList<int>{4, 6, 10}));
    }
    void lookupBySpeciesOrDescription()
    {
        QCOMPARE(Rig::forSpeciesOrDescription(3, 20)->name(), QStringLiteral("humanoid"));
        QCOMPARE(Rig::forSpeciesOrDescription(0, 53)->boneCount(), 53); // the rebake recipes' hands
        QVERIFY(!Rig::forSpeciesOrDescription(0, 3).has_value());
    }
    void rigOfAFile()
    {
        // Without a parent table: the rig of the species and bone count, here none (3 bones).
        QVERIFY(!Rig::forFile(BpatFile::fromData(testdocs::smallFileBytes())).has_value());
        QVERIFY(!Rig::forFile(BpatFile()).has_value());
        // A late-v3 file's own parents (root, 0, 1), named "bone N" without a rig of its size.
        const std::optional<Rig> late = Rig::forFile(BpatFile::fromData(testdocs::smallVersionedBytes(format::Dialect::V3Late)));
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
    // count GameRigs lists has a rig, with the sheet's names at a few places.
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
        const std::optional<Rig> rig = Rig::forSpecies(species, bones);
        QVERIFY(rig);
        QCOMPARE(rig->boneCount(), bones);
        QCOMPARE(rig->source(), Rig::Source::Game);
        QCOMPARE(rig->bone(bone).name, name);
        QCOMPARE(rig->bone(bone).parent, parent);
        for (int b = 0; b < rig->boneCount(); ++b)
            QVERIFY(rig->bone(b).parent < b);
    }
    void everyGameRigIsKnown()
    {
        for (quint32 species = 0; species <= format::LastKnownSpecies; ++species) {
            for (quint32 version = 1; version <= 3; ++version) {
                for (quint32 count : GameRigs::boneCounts(species, version))
                    QVERIFY2(Rig::forSpecies(species, int(count)),
                             qPrintable(QStringLiteral("species %1, %2 bones").arg(species).arg(count)));
            }
        }
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
        const std::optional<Rig> rig = Rig::forFile(*bpat);
        QVERIFY(rig);
        QCOMPARE(rig->source(), Rig::Source::Game);
        QVERIFY(rig->knownNames());
        const std::optional<Rig> table = Rig::forSpecies(bpat->header().speciesId, int(bpat->header().boneCount));
        QVERIFY(table);
        QCOMPARE(rig->boneCount(), table->boneCount());
        for (int b = 0; b < rig->boneCount(); ++b) {
            QCOMPARE(rig->bone(b).name, table->bone(b).name);
            QCOMPARE(rig->bone(b).parent, table->bone(b).parent);
        }
    }
};

QTEST_GUILESS_MAIN(tst_Rig)
#include "tst_Rig.moc"
