// The gait report (GaitAnalyzer): the game's reference numbers for the real humanoid's walk in
// every dialect, each metric against an independent computation from the global matrices,
// the planted-foot rule, the quadruped report and the clips that get none.
#include "motion/GaitAnalyzer.h"

#include "TestPaths.h"
#include "bpat/BpatFile.h"

#include <QtTest/QTest>
#include <algorithm>

using namespace bpat;

namespace {

std::optional<BpatFile> openShared(const QString &relative)
{
    return BpatFile::open(testpaths::shared(relative));
}

QVector3D origin(const BpatFile &file, int clip, quint32 frame, int bone)
{
    return file.matrix(clip, frame, quint32(bone)).column(3).toVector3D(); // QMatrix4x4: translation column
}

double rangeOf(const QList<double> &v)
{
    const auto [lo, hi] = std::minmax_element(v.cbegin(), v.cend());
    return *hi - *lo;
}

} // namespace

class tst_GaitAnalyzer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // motion-analysis.md's reference values for bpat_v3_late/humanoid.bpat's walk; the same
    // motion in v1, v2 and early v3 gives the same numbers.
    void referenceWalk_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *dir : {"bpat_v1_latest", "bpat_v2", "bpat_v3_early", "bpat_v3_late"}) {
            QTest::newRow(dir) << QStringLiteral("upstream_assets/%1/humanoid.bpat").arg(QLatin1String(dir));
        }
    }
    void referenceWalk()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const auto bpat = openShared(file);
        QVERIFY(bpat);
        const GaitAnalyzer analyzer(*bpat);
        QCOMPARE(analyzer.rig().kind, MotionRig::Kind::Humanoid);
        const ClipGait g = analyzer.analyze(bpat->findClip(QStringLiteral("walk")));
        QVERIFY(g.reported);
        const double tol = 1e-4;
        auto near = [&](double actual, double expected, const char *what) {
            QVERIFY2(std::abs(actual - expected) <= tol,
                     qPrintable(QStringLiteral("%1: %2, expected %3").arg(QLatin1String(what)).arg(actual).arg(expected)));
        };
        near(g.footTravel, 0.2040, "foot_travel");
        near(g.contactRetreat, 0.3963, "contact_retreat");
        near(g.footLift, 0.0510, "foot_lift");
        near(g.handSwing, 0.2500, "hand_swing");
        near(g.pelvisBob, 0.0060, "pelvis_bob");
        near(g.pelvisSway, 0.0280, "pelvis_sway");
        near(g.shoulderTwist, 0.0240, "shoulder_twist");
        near(g.stepWidth, 0.4013, "step_width");
        QCOMPARE(g.skateFreeSpeeds.size(), 3);
        // The sheet gives the speeds to three decimals.
        QVERIFY(std::abs(g.skateFreeSpeeds.at(0).second - 0.566) < 5e-4);
        QVERIFY(std::abs(g.skateFreeSpeeds.at(1).second - 0.466) < 5e-4);
        QVERIFY(std::abs(g.skateFreeSpeeds.at(2).second - 0.396) < 5e-4);
        near(g.worstStretch, 1.0483, "worst_bone_stretch");
        // Left and right thighs stretch alike to float rounding: the label is the game's where
        // the game computes in the same order (late v3), either thigh elsewhere.
        if (file.contains(QStringLiteral("v3_late")))
            QCOMPARE(g.worstBone, QStringLiteral("thigh_r"));
        else
            QVERIFY(g.worstBone.startsWith(QStringLiteral("thigh_")));
        // One measure, one name: the game's limb stretch against its rig lengths, named with the
        // rig's bones (the lint's BONE_STRETCH is the length change against the clip's median).
        QCOMPARE(g.stretchMeasure, ClipGait::StretchMeasure::RigLength);
        QVERIFY2(g.worstLink == QStringLiteral("HipR -> KneeR") || g.worstLink == QStringLiteral("HipL -> KneeL"),
                 qPrintable(g.worstLink));
        QVERIFY(ClipGait::measureName(g.stretchMeasure).startsWith(QStringLiteral("limb stretch")));
    }

    // Every metric of every clip with a report, against the definitions computed here from
    // BpatFile::matrix() (the global matrices, in double): the game's numbers to 1e-5.
    void everyMetricMatchesItsDefinition_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("v3 late") << QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        QTest::newRow("current") << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        QTest::newRow("sword v1") << QStringLiteral("upstream_assets/bpat_v1_latest/humanoid_sword.bpat");
    }
    void everyMetricMatchesItsDefinition()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const auto bpat = openShared(file);
        QVERIFY(bpat);
        const GaitAnalyzer analyzer(*bpat);
        int compared = 0;
        for (int c = 0; c < bpat->clips().size(); ++c) {
            const ClipGait g = analyzer.analyze(c);
            const quint32 n = bpat->clips().at(c).frameCount;
            QCOMPARE(g.reported, n >= 4);
            if (!g.reported)
                continue;
            QList<double> footLZ, footLY, handLZ, pelvisY, pelvisX, shoulderZ;
            double width = 0.0, worst = 0.0;
            for (quint32 f = 0; f < n; ++f) {
                footLZ << origin(*bpat, c, f, 16).z();
                footLY << origin(*bpat, c, f, 16).y();
                handLZ << origin(*bpat, c, f, 9).z();
                pelvisY << origin(*bpat, c, f, 1).y();
                pelvisX << origin(*bpat, c, f, 1).x();
                shoulderZ << origin(*bpat, c, f, 6).z();
                width += origin(*bpat, c, f, 19).x() - origin(*bpat, c, f, 16).x();
                const int pairs[8][2] = {{7, 8}, {8, 9}, {11, 12}, {12, 13}, {14, 15}, {15, 16}, {17, 18}, {18, 19}};
                const double lengths[8] = {0.32, 0.27, 0.32, 0.27, 0.50, 0.47, 0.50, 0.47};
                for (int p = 0; p < 8; ++p)
                    worst = std::max(worst,
                                     double((origin(*bpat, c, f, pairs[p][1]) - origin(*bpat, c, f, pairs[p][0])).length())
                                         / lengths[p]);
            }
            const double tol = 1e-5;
            QVERIFY(std::abs(g.footTravel - rangeOf(footLZ)) < tol);
            QVERIFY(std::abs(g.footLift - rangeOf(footLY)) < tol);
            QVERIFY(std::abs(g.handSwing - rangeOf(handLZ)) < tol);
            QVERIFY(std::abs(g.pelvisBob - rangeOf(pelvisY)) < tol);
            QVERIFY(std::abs(g.pelvisSway - rangeOf(pelvisX)) < tol);
            QVERIFY(std::abs(g.shoulderTwist - rangeOf(shoulderZ)) < tol);
            QVERIFY(std::abs(g.stepWidth - width / n) < tol);
            QVERIFY2(std::abs(g.worstStretch - worst) < tol, qPrintable(g.name));
            // contact_retreat: the rule restated.
            const double lowest = *std::min_element(footLY.cbegin(), footLY.cend());
            QList<double> kept;
            for (quint32 f = 0; f < n; ++f) {
                const quint32 next = (f + 1) % n;
                if (footLY.at(f) - lowest <= 0.015 && footLY.at(next) - lowest <= 0.015 && footLZ.at(next) < footLZ.at(f))
                    kept << (footLZ.at(f) - footLZ.at(next)) * n;
            }
            std::sort(kept.begin(), kept.end());
            QVERIFY2(std::abs(g.contactRetreat - (kept.isEmpty() ? 0.0 : kept.at(kept.size() / 2))) < 1e-4, qPrintable(g.name));
            QCOMPARE(g.skateFreeSpeeds.at(1).first, 0.85);
            QVERIFY(std::abs(g.skateFreeSpeeds.at(1).second - g.contactRetreat / 0.85) < 1e-5);
            ++compared;
        }
        QVERIFY(compared > 10);
    }

    void plantedFootRule()
    {
        // Planted (y at the lowest) on frames 0..2 and the wrap back to 0; the foot slides back
        // 0.1 per frame there: retreat 0.1 * n for each kept pair.
        const QList<float> y{0.0f, 0.0f, 0.0f, 0.2f, 0.2f};
        const QList<float> z{0.3f, 0.2f, 0.1f, 0.5f, 0.4f};
        // Pairs (0,1) and (1,2) are planted and slide back 0.1: kept 0.5, 0.5; (4,0) is lifted.
        QVERIFY(std::abs(GaitAnalyzer::contactRetreat(y, z) - 0.5) < 1e-6);
        // A planted foot moving forward keeps only the step back from the last frame to the
        // first (next = (f + 1) mod n): 0.2 * 3.
        QVERIFY(std::abs(GaitAnalyzer::contactRetreat({0.0f, 0.0f, 0.0f}, {0.0f, 0.1f, 0.2f}) - 0.6) < 1e-6);
        // A lifted foot (above the planted band) keeps nothing: 0.
        QCOMPARE(GaitAnalyzer::contactRetreat({0.0f, 0.1f, 0.2f}, {0.3f, 0.2f, 0.1f}), 0.0);
        QCOMPARE(GaitAnalyzer::contactRetreat({}, {}), 0.0);
        // The last frame pairs with the first (next = (f + 1) mod n).
        QVERIFY(std::abs(GaitAnalyzer::contactRetreat({0.0f, 0.0f}, {0.0f, 0.5f}) - 1.0) < 1e-6);
    }

    void extraCycleTimes()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const auto bpat = openShared(file);
        const ClipGait g = GaitAnalyzer(*bpat).analyze(bpat->findClip(QStringLiteral("walk")), {0.7, 0.85, 1.0, 0.5});
        QCOMPARE(g.skateFreeSpeeds.size(), 4);
        QCOMPARE(g.skateFreeSpeeds.at(3).first, 0.5);
        QVERIFY(std::abs(g.skateFreeSpeeds.at(3).second - g.contactRetreat / 0.5) < 1e-5);
    }

    // Quadrupeds of every era get the per-foot report: four feet by the sheet's foot bones.
    void quadrupeds_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("feet");
        QTest::newRow("horse 50") << QStringLiteral("upstream_assets/bpat_current/horse.bpat")
                                  << QStringList{QStringLiteral("FF.L"), QStringLiteral("FF.R"), QStringLiteral("FFB.L"),
                                                 QStringLiteral("FFB.R")};
        QTest::newRow("elephant 32") << QStringLiteral("upstream_assets/bpat_current/elephant.bpat")
                                     << QStringList{QStringLiteral("FootFront.L"), QStringLiteral("FootFront.L.001"),
                                                    QStringLiteral("FootBack.L"), QStringLiteral("FootBack.L.001")};
        QTest::newRow("sheep") << QStringLiteral("upstream_assets/bpat_current/sheep.bpat")
                               << QStringList{QStringLiteral("FootFL"), QStringLiteral("FootFR"), QStringLiteral("FootBL"),
                                              QStringLiteral("FootBR")};
        QTest::newRow("horse 16 v2") << QStringLiteral("upstream_assets/bpat_v2/horse.bpat")
                                     << QStringList{QStringLiteral("FootFL"), QStringLiteral("FootFR"), QStringLiteral("FootBL"),
                                                    QStringLiteral("FootBR")};
        QTest::newRow("horse 8 v1") << QStringLiteral("upstream_assets/bpat_v1_initial/horse.bpat")
                                    << QStringList{QStringLiteral("FootFL"), QStringLiteral("FootFR"), QStringLiteral("FootBL"),
                                                   QStringLiteral("FootBR")};
    }
    void quadrupeds()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, feet);
        BPAT_REQUIRE_SHARED(file);
        const auto bpat = openShared(file);
        const GaitAnalyzer analyzer(*bpat);
        QCOMPARE(analyzer.rig().kind, MotionRig::Kind::Quadruped);
        const ClipGait g = analyzer.analyze(bpat->findClip(QStringLiteral("walk")));
        QVERIFY(g.reported);
        QCOMPARE(g.feet.size(), 4);
        QList<double> retreats;
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(g.feet.at(i).boneName, feet.at(i));
            QList<double> z;
            for (quint32 f = 0; f < g.frames; ++f)
                z << origin(*bpat, g.clip, f, g.feet.at(i).bone).z();
            QVERIFY(std::abs(g.feet.at(i).travel - rangeOf(z)) < 1e-5);
            retreats << g.feet.at(i).contactRetreat;
        }
        std::sort(retreats.begin(), retreats.end());
        QCOMPARE(g.contactRetreat, retreats.at(2));
        QVERIFY(g.contactRetreat > 0.0);                                   // a walk's planted feet slide back
        QVERIFY(g.hasStretch || file.contains(QStringLiteral("initial"))); // the 8-bone rig hangs every bone off its root
        if (g.hasStretch) { // against the median, as the lint: the length change, of no control
            QCOMPARE(g.stretchMeasure, ClipGait::StretchMeasure::ClipMedian);
            QVERIFY(analyzer.rig().lengthBones().contains(g.worstBoneIndex));
            QVERIFY2(g.worstLink.endsWith(QStringLiteral(" -> ") + g.worstBone), qPrintable(g.worstLink));
        }
        // Feet as an animator names them: "front left hoof", not the IK control's "FF.L".
        QCOMPARE(g.feet.at(0).name,
                 file.contains(QStringLiteral("horse")) ? QStringLiteral("front left hoof") : QStringLiteral("front left foot"));
        for (const MotionSeries &series : g.series) {
            if (series.key == QLatin1String("front_l_y"))
                QCOMPARE(series.label, g.feet.at(0).name + QStringLiteral(" height"));
        }
    }

    void shortClipsHaveNoReport()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/horse.bpat");
        BPAT_REQUIRE_SHARED(file);
        const auto bpat = openShared(file);
        const ClipGait g = GaitAnalyzer(*bpat).analyze(bpat->findClip(QStringLiteral("dead"))); // 1 frame
        QVERIFY(!g.reported);
        QVERIFY(g.note.contains(QStringLiteral("fewer than 4 frames")));
        QVERIFY(!GaitAnalyzer(*bpat).analyze(99).reported);
    }

    void claimedFramesAreCheckedBeforeAnything()
    {
        // A clip claiming 2^31 frames in a small file: the report said so only after reserving
        // 24 bytes per claimed frame (51 GB; AddressSanitizer's allocator refused it in the
        // window's Analysis tab). The clip's last frame is checked first now.
        const auto bpat = BpatFile::open(testpaths::testData(QStringLiteral("malformed/clip-frames-2pow31.bpat")));
        QVERIFY(bpat);
        QVERIFY(!bpat->clips().isEmpty());
        for (int c = 0; c < bpat->clips().size(); ++c) {
            const ClipGait g = GaitAnalyzer(*bpat).analyze(c);
            if (bpat->clips().at(c).frameCount >= (1U << 31)) {
                QVERIFY(!g.reported);
                QVERIFY2(g.note.contains(QStringLiteral("not inside the file")), qPrintable(g.note));
            }
        }
    }
};

QTEST_GUILESS_MAIN(tst_GaitAnalyzer)
#include "tst_GaitAnalyzer.moc"
