// Ground contacts per foot (FootContacts): the planted-foot rule of motion-analysis.md applied
// per foot on the real files of every dialect, the v3 contact records beside them (foot_y is
// the lowest foot), a foot lifted in a copy found lifted where it was lifted, and the notes for
// files and clips that have no feet or no table.
#include "motion/FootContacts.h"

#include "MotionPlants.h"
#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "motion/MotionRig.h"

#include <QFile>
#include <QtTest/QTest>
#include <algorithm>
#include <cmath>

using namespace bpat;

namespace {

std::optional<BpatFile> openShared(const QString &relative)
{
    return BpatFile::open(testpaths::shared(relative));
}

float footY(const BpatFile &file, int clip, quint32 frame, int bone)
{
    return file.matrix(clip, frame, quint32(bone)).column(3).y(); // QMatrix4x4: translation column
}

} // namespace

class tst_FootContacts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Each foot's heights are its global origin's y; planted exactly where it is within
    // 0.015 m of its own lowest; a walk plants and lifts each foot.
    void humanoidWalkEveryDialect_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *dir : {"bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late"})
            QTest::newRow(dir) << QStringLiteral("upstream_assets/%1/humanoid.bpat").arg(QLatin1String(dir));
    }
    void humanoidWalkEveryDialect()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const auto bpat = openShared(file);
        QVERIFY(bpat);
        const int walk = bpat->findClip(QStringLiteral("walk"));
        QVERIFY(walk >= 0);
        const FootContacts contacts = FootContacts::of(*bpat, walk);
        QCOMPARE(contacts.clip(), walk);
        QCOMPARE(contacts.frames(), bpat->clips().at(walk).frameCount);
        QCOMPARE(contacts.feet().size(), 2);
        QCOMPARE(contacts.feet().at(0).label, QStringLiteral("foot_l"));
        QCOMPARE(contacts.feet().at(0).boneName, QStringLiteral("FootL"));
        QCOMPARE(contacts.feet().at(1).boneName, QStringLiteral("FootR"));
        for (int i = 0; i < 2; ++i) {
            const FootContacts::Foot &foot = contacts.feet().at(i);
            float lowest = 1e9f;
            for (quint32 f = 0; f < contacts.frames(); ++f) {
                const float y = footY(*bpat, walk, f, foot.bone);
                QVERIFY(std::abs(foot.height.at(f) - y) <= 1e-5f);
                lowest = std::min(lowest, y);
            }
            QVERIFY(std::abs(foot.lowest - lowest) <= 1e-5f);
            int planted = 0;
            for (quint32 f = 0; f < contacts.frames(); ++f) {
                const bool expected = foot.height.at(f) - foot.lowest <= FootContacts::PlantedBand;
                QCOMPARE(contacts.isPlanted(i, f), expected);
                planted += expected;
            }
            QVERIFY2(
                planted > 0 && planted < int(contacts.frames()),
                qPrintable(QStringLiteral("%1 planted %2 of %3 frames").arg(foot.label).arg(planted).arg(contacts.frames())));
        }
        // Where a foot is planted, plantedFeet() names it.
        for (quint32 f = 0; f < contacts.frames(); ++f) {
            const QList<int> feet = contacts.plantedFeet(f);
            QCOMPARE(feet.contains(0), contacts.isPlanted(0, f));
            QCOMPARE(feet.contains(1), contacts.isPlanted(1, f));
        }
        // v3: the clip's contact records, foot_y the lowest foot as the baker writes it.
        QCOMPARE(contacts.hasContactTable(), bpat->isV3());
        if (bpat->isV3()) {
            QCOMPARE(quint32(contacts.footY().size()), contacts.frames());
            QVERIFY(contacts.suppliesGroundContact());
            for (quint32 f = 0; f < contacts.frames(); ++f) {
                const float lowestFoot = std::min(contacts.feet().at(0).height.at(f), contacts.feet().at(1).height.at(f));
                QVERIFY2(std::abs(contacts.footY().at(f) - lowestFoot) <= 1e-4f,
                         qPrintable(QStringLiteral("frame %1: foot_y %2, lowest foot %3")
                                        .arg(f)
                                        .arg(contacts.footY().at(f))
                                        .arg(lowestFoot)));
                QCOMPARE(contacts.isGrounded(f), contacts.footY().at(f) - contacts.lowestFootY() <= FootContacts::PlantedBand);
            }
            QVERIFY(contacts.note().isEmpty());
        } else {
            QVERIFY(contacts.note().contains(QStringLiteral("no contact table")));
        }
    }

    // Quadrupeds: four feet in the rig's order, each planted somewhere in a walk.
    void quadrupeds_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("v1 horse") << QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
        QTest::newRow("late v3 horse") << QStringLiteral("upstream_assets/bpat_v3_late/horse.bpat");
        QTest::newRow("current wolf") << QStringLiteral("upstream_assets/bpat_current/wolf.bpat");
    }
    void quadrupeds()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const auto bpat = openShared(file);
        QVERIFY(bpat);
        const int walk = bpat->findClip(QStringLiteral("walk"));
        QVERIFY(walk >= 0);
        const FootContacts contacts = FootContacts::of(*bpat, walk);
        QCOMPARE(contacts.feet().size(), 4);
        QCOMPARE(contacts.feet().at(0).label, MotionRig::forFile(*bpat).footLabels.at(0));
        for (int i = 0; i < 4; ++i)
            QVERIFY(contacts.feet().at(i).planted.count(true) > 0);
    }

    // A foot lifted 0.1 m in a copy over three frames where it stood is lifted there, and only
    // there; the contact table (written by the baker) is not changed by it.
    void aLiftedFootIsLifted()
    {
        const QString path = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(path);
        QFile in(testpaths::shared(path));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        const BpatFile original = BpatFile::fromData(bytes);
        const int walk = original.findClip(QStringLiteral("walk"));
        const FootContacts before = FootContacts::of(original, walk);
        QList<quint32> planted;
        for (quint32 f = 0; f < before.frames() && planted.size() < 3; ++f) {
            if (before.isPlanted(0, f))
                planted.append(f);
        }
        QCOMPARE(planted.size(), 3);
        for (quint32 f : planted)
            QVERIFY(motionplants::move(bytes, walk, f, before.feet().at(0).bone, QVector3D(0, 0.1f, 0)));
        const FootContacts after = FootContacts::of(BpatFile::fromData(bytes), walk);
        for (quint32 f = 0; f < after.frames(); ++f) {
            QCOMPARE(after.isPlanted(0, f), before.isPlanted(0, f) && !planted.contains(f));
            QCOMPARE(after.isPlanted(1, f), before.isPlanted(1, f));
        }
        QCOMPARE(after.footY(), before.footY());
    }

    // A riding clip opts out of ground contact: the flag says so.
    void ridingClipsDoNotSupplyGroundContact()
    {
        const QString path = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(path);
        const auto bpat = openShared(path);
        QVERIFY(bpat);
        int riding = -1;
        for (const BpatClipInfo &clip : bpat->clips()) {
            if (clip.name.startsWith(QLatin1String("riding_")))
                riding = clip.index;
        }
        QVERIFY(riding >= 0);
        QVERIFY(!FootContacts::of(*bpat, riding).suppliesGroundContact());
    }

    void noClipNoFeet()
    {
        const QString path = QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
        BPAT_REQUIRE_SHARED(path);
        const auto bpat = openShared(path);
        QVERIFY(bpat);
        const FootContacts none = FootContacts::of(*bpat, bpat->clips().size());
        QVERIFY(none.feet().isEmpty());
        QCOMPARE(none.clip(), -1);
        QVERIFY(!none.note().isEmpty());
        QVERIFY(!none.isPlanted(0, 0));
        QVERIFY(none.plantedFeet(0).isEmpty());
    }
};

QTEST_APPLESS_MAIN(tst_FootContacts)
#include "tst_FootContacts.moc"
