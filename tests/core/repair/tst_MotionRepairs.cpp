// Each motion repair on a defect planted in a copy of a real file (tests/MotionPlants.h), in every
// dialect: a 0.3 m drift that jumps only at the loop seam, a whole-limb and a whole-body snap on
// one frame, a shin stretched 25 % for four frames, feet pushed 0.1 m under the ground. Each
// repair removes its finding and brings in none, changes only what it reports (other clips and
// frames keep their bits) and leaves a file that validates with the deep checks; the seam steps
// like its neighbours (within 1.5x each bone's median step) and the frames before its window and
// the markers stay.
#include "MotionPlants.h"
#include "RepairTestSupport.h"
#include "bpat/BpatSaver.h"
#include "motion/MotionLint.h"
#include "repair/ClipSamples.h"

#include <QtTest/QTest>
#include <cmath>

using namespace bpat;
using namespace repairtest;
namespace mc = MotionCodes;

namespace {

bool savable(const BpatDocument &document, QString *why)
{
    const BpatSaver::Result r = BpatSaver::check(document);
    *why = r.error;
    return r.validation.valid();
}

} // namespace

class tst_MotionRepairs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dialects_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("v1") << QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        QTest::newRow("v2") << QStringLiteral("upstream_assets/bpat_v2/humanoid.bpat");
        QTest::newRow("v3 early") << QStringLiteral("upstream_assets/bpat_v3_early/humanoid.bpat");
        QTest::newRow("v3 late") << QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        QTest::newRow("current") << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
    }

    // A 0.3 m sideways drift over the walk that jumps back at the seam: LOOP_SEAM, looped away.
    void seamDriftIsLooped_data() { dialects_data(); }
    void seamDriftIsLooped()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        const int walk = BpatFile::fromData(bytes).findClip(QStringLiteral("walk"));
        const quint32 n = BpatFile::fromData(bytes).clips().at(walk).frameCount;
        for (quint32 f = 0; f < n; ++f)
            QVERIFY(motionplants::moveAll(bytes, walk, f, QVector3D(0.3f * float(f) / float(n - 1), 0.0f, 0.0f)));
        QCOMPARE(lint(bytes, mc::LOOP_SEAM, QStringLiteral("walk")).size(), 1);

        FixOptions options;
        options.loopSeam = true;
        options.clips = {QStringLiteral("walk")};
        const Fixed f = fix(bytes, options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY2(lint(f.bytes, mc::LOOP_SEAM).isEmpty(), qPrintable(describe(lint(f.bytes, mc::LOOP_SEAM))));
        QVERIFY2(f.report.newFindings.isEmpty(), qPrintable(describe(f.report.newFindings)));
        QVERIFY2(unreported(f).isEmpty(), qPrintable(unreported(f)));
        QString why;
        QVERIFY2(savable(f.after, &why), qPrintable(why));

        // Each bone's seam step within 1.5x its median step (or half a millimetre).
        const auto motion = ClipMotion::fromDocument(f.after, walk);
        for (int b = 0; b < motion->boneCount(); ++b) {
            const double seam = clipsamples::seamStep(*motion, b), usual = clipsamples::medianStep(*motion, b);
            QVERIFY2(seam <= std::max(1.5 * usual, 0.0005),
                     qPrintable(QStringLiteral("%1: seam %2, median %3").arg(motion->skeleton().name(b)).arg(seam).arg(usual)));
        }
        // Only the blend window changed; the markers stay.
        const int window = LoopSeamRepair::windowFor(n, 0);
        QCOMPARE(f.report.clips.size(), 1);
        QVERIFY(!f.report.clips.first().change.frames.isEmpty());
        QVERIFY(f.report.clips.first().change.frames.constFirst() >= n - quint32(window));
        QCOMPARE(f.after.clip(walk).markers, f.before.clip(walk).markers);
        // A seam that steps like its neighbours is left alone.
        const Fixed again = fix(f.bytes, options);
        QVERIFY(again.report.ok);
        QVERIFY(!again.report.changed());
    }

    // A limb (upper arm, forearm, hand) 0.15 m off on one frame, and the whole body 0.25 m.
    void snapsAreSmoothed_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("wholeBody");
        for (const char *f : {"v1", "v3 early", "current"}) {
            const QString path = QString::fromLatin1(f) == QLatin1String("v1")
                ? QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat")
                : QString::fromLatin1(f) == QLatin1String("v3 early")
                ? QStringLiteral("upstream_assets/bpat_v3_early/humanoid.bpat")
                : QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
            QTest::newRow(qPrintable(QStringLiteral("%1, limb").arg(QLatin1String(f)))) << path << false;
            QTest::newRow(qPrintable(QStringLiteral("%1, whole body").arg(QLatin1String(f)))) << path << true;
        }
    }
    void snapsAreSmoothed()
    {
        QFETCH(QString, file);
        QFETCH(bool, wholeBody);
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        const int walk = BpatFile::fromData(bytes).findClip(QStringLiteral("walk"));
        if (wholeBody) {
            QVERIFY(motionplants::moveAll(bytes, walk, 10, QVector3D(0.25f, 0.0f, 0.0f)));
        } else {
            for (int bone : {7, 8, 9}) // UpperArmL, ForearmL, HandL
                QVERIFY(motionplants::move(bytes, walk, 10, bone, QVector3D(0.0f, 0.15f, 0.0f)));
        }
        const Diagnostics pops = lint(bytes, mc::MOTION_POP, QStringLiteral("walk"));
        QVERIFY2(!pops.isEmpty(), "the planted snap is a pop");

        FixOptions options;
        options.smoothPops = true;
        const Fixed f = fix(bytes, options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY2(lint(f.bytes, mc::MOTION_POP, QStringLiteral("walk")).isEmpty(),
                 qPrintable(describe(lint(f.bytes, mc::MOTION_POP, QStringLiteral("walk")))));
        QVERIFY2(f.report.newFindings.isEmpty(), qPrintable(describe(f.report.newFindings)));
        QVERIFY2(unreported(f).isEmpty(), qPrintable(unreported(f)));
        // The frame out of place alone is replaced, by the curve through its neighbours.
        const ClipFixReport *walkReport = nullptr;
        for (const ClipFixReport &c : f.report.clips)
            walkReport = c.name == QLatin1String("walk") ? &c : walkReport;
        QVERIFY(walkReport);
        QCOMPARE(walkReport->change.frames, QList<quint32>{10});
        QString why;
        QVERIFY2(savable(f.after, &why), qPrintable(why));
    }

    // The foot 0.12 m (25 %) off its shin for frames 4..7: BONE_STRETCH, restored.
    void stretchedShinIsRestored_data() { dialects_data(); }
    void stretchedShinIsRestored()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        const BpatFile clean = BpatFile::fromData(readShared(file));
        const int walk = clean.findClip(QStringLiteral("walk"));
        const int foot = 16, knee = 15;
        for (quint32 f = 4; f < 8; ++f) {
            const QVector3D shin = (clean.matrix(walk, f, foot).column(3) - clean.matrix(walk, f, knee).column(3)).toVector3D();
            QVERIFY(motionplants::move(bytes, walk, f, foot, shin.normalized() * 0.12f));
        }
        const auto onFoot = [&](const QByteArray &b) {
            Diagnostics out;
            for (const Diagnostic &d : lint(b, mc::BONE_STRETCH, QStringLiteral("walk")))
                if (d.location.bone == foot)
                    out.append(d);
            return out;
        };
        QCOMPARE(onFoot(bytes).size(), 1);
        FixOptions options;
        options.boneLengths = true;
        options.clips = {QStringLiteral("walk")};
        const Fixed f = fix(bytes, options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY2(onFoot(f.bytes).isEmpty(), qPrintable(describe(onFoot(f.bytes))));
        QVERIFY2(f.report.newFindings.isEmpty(), qPrintable(describe(f.report.newFindings)));
        QVERIFY2(unreported(f).isEmpty(), qPrintable(unreported(f)));
        // The foot is back on its shin's line, at the shin's median length in the clip.
        QList<double> lengths;
        for (quint32 fr = 0; fr < clean.clips().at(walk).frameCount; ++fr)
            lengths.append(double((clean.matrix(walk, fr, foot).column(3) - clean.matrix(walk, fr, knee).column(3)).length()));
        const double median = clipsamples::median(lengths);
        const BpatFile out = BpatFile::fromData(f.bytes);
        for (quint32 fr = 4; fr < 8; ++fr) {
            const QVector3D now = (out.matrix(walk, fr, foot).column(3) - out.matrix(walk, fr, knee).column(3)).toVector3D();
            const QVector3D was = (clean.matrix(walk, fr, foot).column(3) - clean.matrix(walk, fr, knee).column(3)).toVector3D();
            QVERIFY2(std::abs(double(now.length()) / median - 1.0) < 0.005, qPrintable(QString::number(now.length())));
            QVERIFY(QVector3D::dotProduct(now.normalized(), was.normalized()) > 0.99999f);
        }
        QString why;
        QVERIFY2(savable(f.after, &why), qPrintable(why));
    }

    // The whole body pushed 0.1 m under the ground over frames 8..18 (a smooth dip, no pop).
    void feetUnderTheGroundAreLifted_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("ik");
        for (const bool ik : {false, true}) {
            const QString mode = ik ? QStringLiteral("ik") : QStringLiteral("lift");
            QTest::newRow(qPrintable(QStringLiteral("v1, %1").arg(mode)))
                << QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat") << ik;
            QTest::newRow(qPrintable(QStringLiteral("v2 horse, %1").arg(mode)))
                << QStringLiteral("upstream_assets/bpat_v2/horse.bpat") << ik;
            QTest::newRow(qPrintable(QStringLiteral("current, %1").arg(mode)))
                << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat") << ik;
            QTest::newRow(qPrintable(QStringLiteral("current wolf, %1").arg(mode)))
                << QStringLiteral("upstream_assets/bpat_current/wolf.bpat") << ik;
        }
    }
    void feetUnderTheGroundAreLifted()
    {
        QFETCH(QString, file);
        QFETCH(bool, ik);
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        const int walk = BpatFile::fromData(bytes).findClip(QStringLiteral("walk"));
        for (quint32 f = 8; f <= 18; ++f) {
            const double dip = 0.1 * std::sin(M_PI * double(f - 7) / 12.0);
            QVERIFY(motionplants::moveAll(bytes, walk, f, QVector3D(0.0f, -float(dip), 0.0f)));
        }
        QVERIFY2(!lint(bytes, mc::FOOT_BELOW_GROUND, QStringLiteral("walk")).isEmpty(), "the dip is under the ground");
        QVERIFY(lint(bytes, mc::MOTION_POP, QStringLiteral("walk")).isEmpty());
        FixOptions options;
        options.ground = ik ? GroundOptions::Mode::Ik : GroundOptions::Mode::Lift;
        options.all = true; // and the contact records the dip left behind (v3)
        options.clips = {QStringLiteral("walk")};
        const Fixed f = fix(bytes, options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY2(lint(f.bytes, mc::FOOT_BELOW_GROUND, QStringLiteral("walk")).isEmpty(),
                 qPrintable(describe(lint(f.bytes, mc::FOOT_BELOW_GROUND, QStringLiteral("walk")))));
        QVERIFY(lint(f.bytes, mc::CONTACT_MISMATCH).isEmpty());
        QVERIFY2(f.report.newFindings.isEmpty(), qPrintable(describe(f.report.newFindings)));
        QVERIFY2(unreported(f).isEmpty(), qPrintable(unreported(f)));
        QString why;
        QVERIFY2(savable(f.after, &why), qPrintable(why));
    }
};

QTEST_APPLESS_MAIN(tst_MotionRepairs)
#include "tst_MotionRepairs.moc"
