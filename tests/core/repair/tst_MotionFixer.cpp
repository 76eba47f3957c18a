// MotionFixer's fix-all on the real files of every dialect: every finding it repairs is gone
// after, none comes in, only what it reports changed, the result validates with the deep checks
// and keeps its dialect (late v3: bind palette and parents byte-identical). Bad input is refused
// with nothing changed (a clip that does not exist, NaN in the source, nothing asked) or skipped
// with the reason (a clip of one frame). FileFixer's streaming path (StreamFixer) writes the same
// bytes as the document path, and refuses an output that is its input.
#include "MotionPlants.h"
#include "RepairTestSupport.h"
#include "bpat/BpatSaver.h"
#include "repair/FileFixer.h"
#include "motionedit/TranslatedRun.h"
#include "repair/StreamFixer.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest/QTest>
#include <cstring>

using namespace bpat;
using namespace repairtest;
namespace mc = MotionCodes;

class tst_MotionFixer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fixAllOnRealFiles_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"bpat_v1_initial/humanoid.bpat", "bpat_v1_initial/horse.bpat", "bpat_v1_latest/humanoid.bpat",
                              "bpat_v1_latest/elephant.bpat", "bpat_v2/horse.bpat", "bpat_v2/elephant.bpat",
                              "bpat_v3_early/humanoid.bpat", "bpat_v3_late/humanoid.bpat", "bpat_v3_late/elephant.bpat",
                              "bpat_current/humanoid.bpat", "bpat_current/humanoid_skeleton.bpat", "bpat_current/horse.bpat",
                              "bpat_current/elephant.bpat", "bpat_current/sheep.bpat", "bpat_current/wolf.bpat"})
            QTest::newRow(f) << QStringLiteral("upstream_assets/") + QLatin1String(f);
    }
    void fixAllOnRealFiles()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const QByteArray bytes = readShared(file);
        FixOptions options;
        options.all = true;
        const Fixed f = fix(bytes, options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY2(f.report.newFindings.isEmpty(), qPrintable(describe(f.report.newFindings)));
        QVERIFY2(unreported(f).isEmpty(), qPrintable(unreported(f)));
        for (const QString &code : {mc::MOTION_POP, mc::LOOP_SEAM, mc::BONE_STRETCH, mc::FOOT_BELOW_GROUND, mc::CONTACT_MISMATCH})
            QVERIFY2(f.report.after.value(code) == 0,
                     qPrintable(QStringLiteral("%1 left: %2").arg(code).arg(f.report.after.value(code))));
        QCOMPARE(f.after.dialect(), f.before.dialect());
        const BpatSaver::Result saved = BpatSaver::check(f.after);
        QVERIFY2(saved.validation.valid(), qPrintable(saved.error));
        // Clips the lint did not flag keep every byte.
        QSet<int> flagged;
        for (const Diagnostic &d : lint(bytes))
            flagged.insert(d.location.clip);
        for (int c = 0; c < f.before.clipCount(); ++c) {
            if (!flagged.contains(c))
                QVERIFY(f.after.clip(c).palette == f.before.clip(c).palette);
        }
        // And each change is measured.
        for (const ClipFixReport &c : f.report.clips) {
            if (!c.change.isEmpty())
                QVERIFY(c.change.maxError > 0.0 && c.change.worstBone >= 0);
        }
    }

    void clipThatDoesNotExistIsRefused()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        FixOptions options;
        options.all = true;
        options.clips = {QStringLiteral("walk"), QStringLiteral("moonwalk")};
        const Fixed f = fix(readShared(file), options);
        QVERIFY(!f.report.ok);
        QCOMPARE(f.report.errorCode, QStringLiteral("CLIP_NOT_FOUND"));
        QVERIFY(f.report.error.contains(QStringLiteral("moonwalk")));
        QVERIFY(bytesOf(f.after) == bytesOf(f.before));
    }

    void nothingAskedIsRefused()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/wolf.bpat");
        BPAT_REQUIRE_SHARED(file);
        const Fixed f = fix(readShared(file), FixOptions{});
        QVERIFY(!f.report.ok);
        QCOMPARE(f.report.errorCode, QStringLiteral("NOTHING_ASKED"));
    }

    void nonFiniteSourceIsRefused()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        QByteArray bytes = readShared(file);
        QVERIFY(motionplants::move(bytes, 6, 3, 9, QVector3D(qQNaN(), 0.0f, 0.0f)));
        FixOptions options;
        options.all = true;
        const Fixed f = fix(bytes, options);
        QVERIFY(!f.report.ok);
        QCOMPARE(f.report.errorCode, QStringLiteral("NON_FINITE"));
        QVERIFY2(f.report.error.contains(QStringLiteral("walk")), qPrintable(f.report.error));
        QCOMPARE(f.after.clip(6).palette.size(), f.before.clip(6).palette.size());
        QVERIFY(bytesOf(f.after) == bytesOf(f.before));
        // Another clip can still be repaired.
        options.clips = {QStringLiteral("attack_sword_a")};
        QVERIFY(fix(bytes, options).report.ok);
    }

    void clipOfOneFrameIsSkippedWithTheReason()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        FixOptions options;
        options.loopSeam = true;
        options.footLock = true;
        options.clips = {QStringLiteral("dead_infantry")};
        const Fixed f = fix(readShared(file), options);
        QVERIFY2(f.report.ok, qPrintable(f.report.error));
        QVERIFY(!f.report.changed());
        QStringList skipped;
        for (const RepairOutcome &r : f.report.clips.first().repairs)
            skipped += r.skipped;
        QVERIFY2(skipped.join(QLatin1Char(' ')).contains(QStringLiteral("1 frame")), qPrintable(skipped.join(QLatin1Char('\n'))));
    }

    void streamingWritesTheSameBytes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("current humanoid") << QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        QTest::newRow("v2 elephant") << QStringLiteral("upstream_assets/bpat_v2/elephant.bpat");
        QTest::newRow("early v3 humanoid") << QStringLiteral("upstream_assets/bpat_v3_early/humanoid.bpat");
    }
    void streamingWritesTheSameBytes()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        QTemporaryDir dir;
        FixOptions options;
        options.all = true;
        const QString input = testpaths::shared(file);
        const FileFixResult viaDocument =
            FileFixer::fix(input, dir.filePath(QStringLiteral("doc.bpat")), options, nullptr, FileFixer::Path::Document);
        const FileFixResult streamed =
            FileFixer::fix(input, dir.filePath(QStringLiteral("stream.bpat")), options, nullptr, FileFixer::Path::Stream);
        QVERIFY2(viaDocument.saved, qPrintable(viaDocument.error));
        QVERIFY2(streamed.saved, qPrintable(streamed.error));
        QFile a(dir.filePath(QStringLiteral("doc.bpat"))), b(dir.filePath(QStringLiteral("stream.bpat")));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QVERIFY(a.readAll() == b.readAll());
        QCOMPARE(streamed.report.after, viaDocument.report.after);
        QCOMPARE(streamed.report.clipsChanged(), viaDocument.report.clipsChanged());
    }

    // A clip too long for one edit is repaired in runs: the same bytes as in memory (bone lengths
    // against the whole clip's medians), and the seam says it needs the whole clip. The game's
    // late-v3 matrices carry float noise in their bottom rows, so their runs go the general way
    // (ClipMotion); with the rows exactly 0 0 0 1 (as every file BPAT Studio writes has them)
    // the runs are repaired in place on the pool's threads (TranslatedRun): the same bytes.
    void longClipInRunsWritesTheSameBytes_data()
    {
        QTest::addColumn<bool>("exactRows");
        QTest::newRow("the game's rows (general way)") << false;
        QTest::newRow("exact rows (in place, threads)") << true;
    }

    void longClipInRunsWritesTheSameBytes()
    {
        QFETCH(bool, exactRows);
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        BpatDocument doc = documentOf(readShared(file));
        const int walk = doc.findClip(QStringLiteral("walk"));
        BpatClip longWalk = doc.clip(walk);
        const int repeats = 230; // 7,360 frames of 20 bones: beyond StreamFixer::WholeClipPoses
        for (int r = 1; r < repeats; ++r) {
            longWalk.palette += doc.clip(walk).palette;
            longWalk.socketRows += doc.clip(walk).socketRows;
            longWalk.contacts += doc.clip(walk).contacts;
            longWalk.storedSkin += doc.clip(walk).storedSkin;
        }
        longWalk.frameCount *= quint32(repeats);
        QVERIFY(quint64(longWalk.frameCount) * doc.boneCount() > StreamFixer::WholeClipPoses);
        QString error;
        QVERIFY2(doc.replaceClip(walk, longWalk, &error), qPrintable(error));
        QByteArray bytes = bytesOf(doc);
        if (exactRows) {
            const BpatFile file = BpatFile::fromData(bytes);
            QVERIFY(file.storesSkinningMatrices());
            const float row[4] = {0.0f, 0.0f, 0.0f, 1.0f}; // column-major: floats 3, 7, 11, 15
            for (quint64 m = 0; m < quint64(file.header().frameTotal) * file.header().boneCount; ++m) {
                for (int k = 0; k < 4; ++k)
                    std::memcpy(bytes.data() + file.paletteDataOffset() + m * 64 + quint64(k * 4 + 3) * 4, &row[k], 4);
            }
        }
        const BpatFile planted = BpatFile::fromData(bytes);
        {
            TranslatedRun probe; // which way the runs go
            QCOMPARE(TranslatedRun::read(probe, planted, MotionSkeleton::forFile(planted), walk, 0, 64), exactRows);
        }
        for (quint32 f = 3000; f < 3004; ++f) { // a shin pulled 0.12 m long, across no run's edge
            const QVector3D shin = (planted.matrix(walk, f, 16).column(3) - planted.matrix(walk, f, 15).column(3)).toVector3D();
            QVERIFY(motionplants::move(bytes, walk, f, 16, shin.normalized() * 0.12f));
        }
        QTemporaryDir dir;
        const QString input = dir.filePath(QStringLiteral("long.bpat"));
        QFile in(input);
        QVERIFY(in.open(QIODevice::WriteOnly) && in.write(bytes) == bytes.size());
        in.close();
        FixOptions options;
        options.boneLengths = true;
        options.loopSeam = true;
        options.clips = {QStringLiteral("walk")};
        const FileFixResult streamed =
            FileFixer::fix(input, dir.filePath(QStringLiteral("s.bpat")), options, nullptr, FileFixer::Path::Stream);
        QVERIFY2(streamed.saved, qPrintable(streamed.error));
        QVERIFY2(streamed.report.clips.first().notes.join(QLatin1Char(' ')).contains(QStringLiteral("whole clip")),
                 qPrintable(streamed.report.clips.first().notes.join(QLatin1Char('\n'))));
        options.loopSeam = false;
        const FileFixResult inRuns =
            FileFixer::fix(input, dir.filePath(QStringLiteral("r.bpat")), options, nullptr, FileFixer::Path::Stream);
        const FileFixResult inMemory =
            FileFixer::fix(input, dir.filePath(QStringLiteral("m.bpat")), options, nullptr, FileFixer::Path::Document);
        QVERIFY2(inRuns.saved && inMemory.saved, qPrintable(inRuns.error + inMemory.error));
        QFile a(dir.filePath(QStringLiteral("r.bpat"))), b(dir.filePath(QStringLiteral("m.bpat")));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QVERIFY(a.readAll() == b.readAll());
        QCOMPARE(inRuns.report.clips.first().change.frames, inMemory.report.clips.first().change.frames);
        QVERIFY(inRuns.report.after.value(mc::BONE_STRETCH) < inRuns.report.before.value(mc::BONE_STRETCH));
    }

    void outputThatIsTheInputIsRefused()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/wolf.bpat");
        BPAT_REQUIRE_SHARED(file);
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("wolf.bpat"));
        QVERIFY(QFile::copy(testpaths::shared(file), copy));
        FixOptions options;
        options.all = true;
        const FileFixResult r = FileFixer::fix(copy, copy, options);
        QVERIFY(!r.saved);
        QCOMPARE(r.errorCode, QStringLiteral("OUTPUT_IS_INPUT"));
        QFile f(copy);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll() == readShared(file));
    }
};

QTEST_APPLESS_MAIN(tst_MotionFixer)
#include "tst_MotionFixer.moc"
