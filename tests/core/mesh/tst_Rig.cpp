// The Rig class: names, parents, children and where a rig came from (the game's rigs by species
// and era are the species catalogue's: tests/core/species/tst_SpeciesRig).
#include "mesh/Rig.h"

#include <QtTest/QTest>

using namespace bpat;

class tst_Rig : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namesParentsAndChildren()
    {
        const Rig rig(
            QStringLiteral("tripod"),
            {{QStringLiteral("Root"), -1}, {QStringLiteral("A"), 0}, {QStringLiteral("B"), 0}, {QStringLiteral("C"), 1}});
        QVERIFY(rig.isValid());
        QCOMPARE(rig.boneCount(), 4);
        QCOMPARE(rig.indexOf(QStringLiteral("C")), 3);
        QCOMPARE(rig.indexOf(QStringLiteral("D")), -1);
        QCOMPARE(rig.children(0), (QList<int>{1, 2}));
        QCOMPARE(rig.children(3), QList<int>{});
        QCOMPARE(rig.source(), Rig::Source::Game);
        QVERIFY(rig.knownNames());
        QCOMPARE(rig.describeSource(), QStringLiteral("the game's tripod rig"));
        QVERIFY(!Rig().isValid());
    }
    void sources()
    {
        const Rig description(QStringLiteral("hands"), {{QStringLiteral("Head"), -1}}, Rig::Source::Description);
        QCOMPARE(description.describeSource(), QStringLiteral("built-in rig hands (no game rig)"));
        const Rig file(QStringLiteral("file parents"), {{QStringLiteral("bone 0"), -1}}, Rig::Source::FileParents);
        QVERIFY(!file.knownNames());
        QVERIFY(file.describeSource().contains(QStringLiteral("unknown rig")));
    }
};

QTEST_GUILESS_MAIN(tst_Rig)
#include "tst_Rig.moc"
