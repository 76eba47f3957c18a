#include "mesh/Rig.h"

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
};

QTEST_GUILESS_MAIN(tst_Rig)
#include "tst_Rig.moc"
