#include "mesh/Rig.h"

#include "TestDocuments.h"
#include "bpat/BpatFile.h"

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
        for (const Rig &rig : {Rig::humanoid(), Rig::horse(), Rig::elephant(), Rig::horseV1Initial(),
                               Rig::elephantV1Initial()}) {
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
    }
};

QTEST_GUILESS_MAIN(tst_Rig)
#include "tst_Rig.moc"
