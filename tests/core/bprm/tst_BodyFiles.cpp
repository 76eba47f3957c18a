// BodyFiles: the game's naming of bodies (`<species>_full.bprm`, `_minimal.bprm`; the humanoid
// species share `humanoid_*`, the skeleton has `skeleton_humanoid_*`), found beside the real
// BPATs of bpat_current and in folders made up for the cases the shared set leaves out.
#include "bprm/BodyFiles.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace bpat;

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current/");

bool touch(const QString &path, const QByteArray &bytes = QByteArray("x"))
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QString name(const QString &path)
{
    return path.isEmpty() ? QString() : QFileInfo(path).fileName();
}

} // namespace

class tst_BodyFiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void names();
    void besideTheRealFiles_data();
    void besideTheRealFiles();
    void ownNameFirstThenShared();
    void siblings();
    void speciesOfBody();
    void pairedRigWithoutBpat();
};

void tst_BodyFiles::names()
{
    QCOMPARE(BodyFiles::bodyNames(0), QStringList{u"humanoid"_qs});
    QCOMPARE(BodyFiles::bodyNames(3), (QStringList{u"humanoid_sword"_qs, u"humanoid"_qs}));
    QCOMPARE(BodyFiles::bodyNames(7), (QStringList{u"humanoid_stave_caster"_qs, u"humanoid"_qs}));
    QCOMPARE(BodyFiles::bodyNames(5), QStringList{u"skeleton_humanoid"_qs});
    QCOMPARE(BodyFiles::bodyNames(1), QStringList{u"horse"_qs});
    QCOMPARE(BodyFiles::bodyNames(9), QStringList{u"wolf"_qs});
    QVERIFY(BodyFiles::bodyNames(10).isEmpty());
}

void tst_BodyFiles::besideTheRealFiles_data()
{
    QTest::addColumn<QString>("bpat");
    QTest::addColumn<quint32>("species");
    QTest::addColumn<QString>("full");
    QTest::addColumn<QString>("minimal");
    QTest::newRow("humanoid") << u"humanoid.bpat"_qs << 0u << u"humanoid_full.bprm"_qs << u"humanoid_minimal.bprm"_qs;
    QTest::newRow("skeleton") << u"humanoid_skeleton.bpat"_qs << 5u << u"skeleton_humanoid_full.bprm"_qs
                              << u"skeleton_humanoid_minimal.bprm"_qs;
    QTest::newRow("horse") << u"horse.bpat"_qs << 1u << u"horse_full.bprm"_qs << u"horse_minimal.bprm"_qs;
    QTest::newRow("elephant") << u"elephant.bpat"_qs << 2u << u"elephant_full.bprm"_qs << u"elephant_minimal.bprm"_qs;
    QTest::newRow("sheep") << u"sheep.bpat"_qs << 8u << u"sheep_full.bprm"_qs << u"sheep_minimal.bprm"_qs;
    QTest::newRow("wolf") << u"wolf.bpat"_qs << 9u << u"wolf_full.bprm"_qs << u"wolf_minimal.bprm"_qs;
}

void tst_BodyFiles::besideTheRealFiles()
{
    QFETCH(QString, bpat);
    QFETCH(quint32, species);
    QFETCH(QString, full);
    QFETCH(QString, minimal);
    BPAT_REQUIRE_SHARED(Dir + bpat);
    const BodyFiles::Bodies b = BodyFiles::besideBpat(testpaths::shared(Dir + bpat), species);
    QCOMPARE(name(b.full), full);
    QCOMPARE(name(b.minimal), minimal);
    // And back: each body pairs with that BPAT's rig.
    const BodyFiles::PairedRig rig = BodyFiles::pairedRig(b.full);
    QCOMPARE(name(rig.bpatPath), bpat);
    QVERIFY(rig.source.startsWith(bpat + u" beside it ("_qs));
    const std::optional<Rig> names = BodyFiles::rigOf(b.minimal);
    QVERIFY(names);
    QCOMPARE(names->boneCount(), rig.boneCount);
}

void tst_BodyFiles::ownNameFirstThenShared()
{
    QTemporaryDir dir;
    const QString sword = dir.filePath(u"humanoid_sword.bpat"_qs);
    QVERIFY(touch(sword));
    QVERIFY(BodyFiles::besideBpat(sword, 3).isEmpty());
    QVERIFY(touch(dir.filePath(u"humanoid_full.bprm"_qs)));
    BodyFiles::Bodies b = BodyFiles::besideBpat(sword, 3);
    QCOMPARE(name(b.full), u"humanoid_full.bprm"_qs); // shared
    QVERIFY(b.minimal.isEmpty());
    QVERIFY(touch(dir.filePath(u"humanoid_sword_minimal.bprm"_qs)));
    b = BodyFiles::besideBpat(sword, 3);
    QVERIFY(b.full.isEmpty()); // its own name wins, with what it has
    QCOMPARE(name(b.minimal), u"humanoid_sword_minimal.bprm"_qs);
    // The skeleton never takes the shared humanoid body.
    QVERIFY(BodyFiles::besideBpat(dir.filePath(u"humanoid_skeleton.bpat"_qs), 5).isEmpty());
}

void tst_BodyFiles::siblings()
{
    QTemporaryDir dir;
    QVERIFY(touch(dir.filePath(u"wolf_full.bprm"_qs)));
    QVERIFY(touch(dir.filePath(u"wolf_minimal.bprm"_qs)));
    QVERIFY(touch(dir.filePath(u"mine.bprm"_qs)));
    BodyFiles::Bodies b = BodyFiles::withSibling(dir.filePath(u"wolf_full.bprm"_qs), 0);
    QCOMPARE(name(b.minimal), u"wolf_minimal.bprm"_qs);
    b = BodyFiles::withSibling(dir.filePath(u"wolf_minimal.bprm"_qs), 0);
    QCOMPARE(name(b.full), u"wolf_full.bprm"_qs);
    b = BodyFiles::withSibling(dir.filePath(u"mine.bprm"_qs), 1); // placed by its lod field
    QVERIFY(b.full.isEmpty());
    QCOMPARE(name(b.minimal), u"mine.bprm"_qs);
}

void tst_BodyFiles::speciesOfBody()
{
    QCOMPARE(BodyFiles::speciesOfBody(u"/x/horse_full.bprm"_qs), std::optional<quint32>(1));
    QCOMPARE(BodyFiles::speciesOfBody(u"skeleton_humanoid_minimal.bprm"_qs), std::optional<quint32>(5));
    QCOMPARE(BodyFiles::speciesOfBody(u"humanoid_full.bprm"_qs), std::optional<quint32>(0));
    QCOMPARE(BodyFiles::speciesOfBody(u"humanoid_spear_full.bprm"_qs), std::optional<quint32>(4));
    QVERIFY(!BodyFiles::speciesOfBody(u"dragon_full.bprm"_qs));
    QVERIFY(!BodyFiles::speciesOfBody(u"horse.bprm"_qs));
    QVERIFY(!BodyFiles::speciesOfBody(u"_full.bprm"_qs));
}

void tst_BodyFiles::pairedRigWithoutBpat()
{
    QTemporaryDir dir;
    // No BPAT beside it: the game's current rig of the species its name gives.
    BodyFiles::PairedRig rig = BodyFiles::pairedRig(dir.filePath(u"horse_full.bprm"_qs));
    QCOMPARE(rig.boneCount, 50);
    QVERIFY(rig.bpatPath.isEmpty());
    QCOMPARE(rig.source, u"the game's current horse rig (50 bones)"_qs);
    QCOMPARE(BodyFiles::pairedRig(dir.filePath(u"sheep_minimal.bprm"_qs)).boneCount, 21);
    QCOMPARE(BodyFiles::pairedRig(dir.filePath(u"skeleton_humanoid_full.bprm"_qs)).boneCount, 20);
    QCOMPARE(BodyFiles::pairedRig(dir.filePath(u"dragon_full.bprm"_qs)).boneCount, 0);
    // A BPAT that is not one (garbage) is passed over.
    QVERIFY(touch(dir.filePath(u"horse.bpat"_qs), QByteArray(100, 'z')));
    QCOMPARE(BodyFiles::pairedRig(dir.filePath(u"horse_full.bprm"_qs)).boneCount, 50);
    QVERIFY(BodyFiles::pairedRig(dir.filePath(u"horse_full.bprm"_qs)).bpatPath.isEmpty());
}

QTEST_GUILESS_MAIN(tst_BodyFiles)
#include "tst_BodyFiles.moc"
