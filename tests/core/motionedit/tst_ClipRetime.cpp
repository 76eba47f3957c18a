// Retime and reverse (issue 41) on the real files: resampling 24 -> 48 -> 24 frames gives back
// every matrix (within 1e-4; in fact the very bytes, frames on the old ones being copied) and
// adds no motion finding, the in-between frames blend their neighbours (a loop across its seam);
// a time warp shows frame `from` at frame `to`, keeps the ends and moves the markers with it;
// reversing twice gives back the very bytes of every clip of every file, markers mirrored in
// phase; every output validates deep in the spec and game profiles and keeps its dialect; a
// resample to 0 frames or to more than one clip holds is refused with nothing changed.
#include "motionedit/ClipRetime.h"
#include "motionedit/ClipReverse.h"
#include "motionedit/MotionEditor.h"

#include "MotionEditTestSupport.h"
#include "motionedit/MotionSkeleton.h"

#include <QtTest/QTest>
#include <cmath>

using namespace bpat;
using namespace motionedittest;

namespace {

const char *const EveryDialect[] = {"bpat_v1_latest/horse.bpat", "bpat_v1_initial/elephant.bpat", "bpat_v2/humanoid.bpat",
                                    "bpat_v3_early/horse.bpat",  "bpat_v3_late/elephant.bpat",    "bpat_current/humanoid.bpat",
                                    "bpat_current/horse.bpat",   "bpat_current/sheep.bpat",       "bpat_current/wolf.bpat"};

double largestDifference(const BpatClip &a, const BpatClip &b)
{
    if (a.palette.size() != b.palette.size())
        return INFINITY;
    double worst = 0.0;
    for (qsizetype i = 0; i < a.palette.size(); ++i)
        worst = std::max(worst, double(std::abs(a.palette[i] - b.palette[i])));
    return worst;
}

} // namespace

class tst_ClipRetime : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void times()
    {
        QCOMPARE(ClipRetime::resampleTimes(3, 6, false), (QList<double>{0.0, 0.5, 1.0, 1.5, 2.0, 2.0}));
        QCOMPARE(ClipRetime::resampleTimes(3, 6, true), (QList<double>{0.0, 0.5, 1.0, 1.5, 2.0, 2.5}));
        QCOMPARE(ClipRetime::resampleTimes(4, 8, true), (QList<double>{0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5}));
        QCOMPARE(ClipRetime::resampleTimes(8, 4, true), (QList<double>{0.0, 2.0, 4.0, 6.0}));
        QCOMPARE(ClipRetime::resampleTimes(5, 1, false), (QList<double>{0.0}));
        // The warp: the ends stay, `to` shows `from`, no frame goes back in time.
        for (bool loops : {false, true}) {
            const QList<double> t = ClipRetime::warpTimes(32, 12.0, 18.0, loops);
            QCOMPARE(t.constFirst(), 0.0);
            QCOMPARE(t.at(18), 12.0);
            if (!loops)
                QCOMPARE(t.constLast(), 31.0);
            for (qsizetype i = 1; i < t.size(); ++i)
                QVERIFY(t[i] > t[i - 1]);
            QVERIFY(std::abs(ClipRetime::unwarp(12.0, 12.0, 18.0, 32, loops) - 18.0) < 1e-9);
        }
    }

    void roundTrip24To48To24_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("clip");
        QTest::newRow("current horse walk (loop)") << QStringLiteral("bpat_current/horse.bpat") << QStringLiteral("walk");
        QTest::newRow("current elephant die") << QStringLiteral("bpat_current/elephant.bpat") << QStringLiteral("die");
        QTest::newRow("current humanoid riding_charge")
            << QStringLiteral("bpat_current/humanoid.bpat") << QStringLiteral("riding_charge");
        QTest::newRow("v1 horse fight") << QStringLiteral("bpat_v1_latest/horse.bpat") << QStringLiteral("fight");
        QTest::newRow("early v3 elephant idle") << QStringLiteral("bpat_v3_early/elephant.bpat") << QStringLiteral("idle");
    }
    void roundTrip24To48To24()
    {
        QFETCH(QString, path);
        QFETCH(QString, clip);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        const BpatDocument before = documentOf(input);
        BpatDocument doc = before;
        const int c = doc.findClip(clip);
        QVERIFY(c >= 0);
        QCOMPARE(doc.clip(c).frameCount, 24u);
        MotionEditor editor(doc);
        MotionEditResult r = editor.resample(c, 48);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(doc.clip(c).frameCount, 48u);
        QCOMPARE(doc.clip(c).markers, before.clip(c).markers);
        const QByteArray doubled = bytesOf(doc);
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game})
            QVERIFY2(deepErrors(doubled, p).isEmpty(), qPrintable(deepErrors(doubled, p)));
        QCOMPARE(BpatFile::fromData(doubled).dialect(), BpatFile::fromData(input).dialect());
        // The in-between frames lie between their neighbours: each bone's origin on the chord
        // between its two (blended in model space, as the game blends frames); a bone that turns
        // fast is a little short mid-way (cos(a/2) for a turn of a per frame: the elephant's leg
        // bones that flip 90 degrees in one frame of `die`, 25 %).
        const quint32 bones = doc.boneCount();
        const BpatClip &d = doc.clip(c);
        const QList<int> parents = MotionSkeleton::forDocument(doc).parents();
        double worstOff = 0.0, worstShort = 0.0;
        for (quint32 j = 1; j < 48; j += 2) {
            if (!d.loops && j == 47)
                continue; // a one-shot holds its last frame
            const auto origin = [&](quint32 f, quint32 bone) {
                const float *m = d.palette.constData() + BpatClip::matrixIndex(f % 48, bone, bones);
                return std::array<double, 3>{m[3], m[7], m[11]};
            };
            for (quint32 b = 0; b < bones; ++b) {
                const auto p0 = origin(j - 1, b), p1 = origin(j, b), p2 = origin(j + 1, b);
                for (int axis = 0; axis < 3; ++axis)
                    worstOff = std::max(worstOff, std::abs(p1[axis] - (p0[axis] + p2[axis]) / 2.0));
                if (parents.value(int(b), -1) < 0)
                    continue;
                const auto q0 = origin(j - 1, quint32(parents[b])), q1 = origin(j, quint32(parents[b])),
                           q2 = origin(j + 1, quint32(parents[b]));
                const auto length = [](const std::array<double, 3> &x, const std::array<double, 3> &y) {
                    return std::sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1])
                                     + (x[2] - y[2]) * (x[2] - y[2]));
                };
                const double ends = (length(p0, q0) + length(p2, q2)) / 2.0;
                if (ends > 0.02)
                    worstShort = std::max(worstShort, 1.0 - length(p1, q1) / ends);
            }
        }
        QVERIFY(worstOff < 1e-5);
        qInfo("%s: bones at most %.1f %% short mid-way", qPrintable(clip), worstShort * 100.0);
        // The doubled clip adds no motion-lint finding.
        const QHash<QString, int> was = lintCounts(input), now = lintCounts(doubled);
        for (auto it = now.cbegin(); it != now.cend(); ++it)
            QVERIFY2(it.value() <= was.value(it.key()), qPrintable(it.key()));
        r = editor.resample(c, 24);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(largestDifference(doc.clip(c), before.clip(c)) <= 1e-4);
        const QByteArray back = bytesOf(doc);
        QCOMPARE(lintCounts(back), lintCounts(input)); // no motion finding added (nor gone)
        QCOMPARE(back, input);                         // the even frames are the old ones: the very bytes come back
    }

    void fpsAndLimits()
    {
        const QString path = QStringLiteral("bpat_current/wolf.bpat");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        BpatDocument doc = documentOf(input);
        MotionEditor editor(doc);
        const int walk = doc.findClip(QStringLiteral("walk")); // 28 frames at 28 fps
        MotionEditResult r = editor.resample(walk, 0);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("to 0 frames")), qPrintable(r.error));
        r = editor.resample(walk, 5000000);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("at most 199728 frames of 21 bones")), qPrintable(r.error));
        r = editor.resample(walk, 30, -1.0f);
        QVERIFY(!r.ok);
        r = editor.resample(99, 30);
        QVERIFY(!r.ok);
        QCOMPARE(bytesOf(doc), input);        // refused: nothing changed
        r = editor.resample(walk, 30, 30.0f); // the same second at 30 fps
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(doc.clip(walk).frameCount, 30u);
        QCOMPARE(doc.clip(walk).fps, 30.0f);
        const QByteArray output = bytesOf(doc);
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game})
            QVERIFY2(deepErrors(output, p).isEmpty(), qPrintable(deepErrors(output, p)));
        QCOMPARE(lintCounts(output), lintCounts(input));
    }

    void timeWarp()
    {
        const QString path = QStringLiteral("bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        const BpatDocument before = documentOf(input);
        BpatDocument doc = before;
        const int c = doc.findClip(QStringLiteral("attack_sword_a"));
        const BpatClip &was = before.clip(c);
        const auto contactFrame = double(was.markers[2]) * (was.frameCount - 1); // the contact marker
        QVERIFY(contactFrame > 1.0);
        MotionEditor editor(doc);
        QVERIFY(!editor.timeWarp(c, 0.0, 5.0).ok); // the ends stay
        QVERIFY(!editor.timeWarp(c, 12.0, 31.0).ok);
        QVERIFY(!editor.timeWarp(c, 12.0, 12.0).ok);
        QCOMPARE(bytesOf(doc), input);
        const MotionEditResult r = editor.timeWarp(c, 12.0, 16.0);
        QVERIFY2(r.ok, qPrintable(r.error));
        const BpatClip &now = doc.clip(c);
        QCOMPARE(now.frameCount, was.frameCount);
        const qsizetype frame = qsizetype(doc.boneCount()) * 16;
        QVERIFY(now.palette.mid(16 * frame, frame) == was.palette.mid(12 * frame, frame)); // frame 12's bytes at 16
        QVERIFY(now.palette.mid(0, frame) == was.palette.mid(0, frame));
        QVERIFY(now.palette.mid(31 * frame, frame) == was.palette.mid(31 * frame, frame));
        // The markers moved with the warp: the contact shows where its motion now is.
        const double newContact = double(now.markers[2]) * (now.frameCount - 1);
        QVERIFY(std::abs(ClipRetime::warp(newContact, 12.0, 16.0, 32, false) - contactFrame) < 1e-3);
        const QByteArray output = bytesOf(doc);
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game})
            QVERIFY2(deepErrors(output, p).isEmpty(), qPrintable(deepErrors(output, p)));
    }

    void reverseTwiceIsTheIdentity_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *f : EveryDialect)
            QTest::newRow(f) << QString::fromLatin1(f);
    }
    void reverseTwiceIsTheIdentity()
    {
        QFETCH(QString, path);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/") + path);
        const QByteArray input = readShared(path);
        BpatDocument doc = documentOf(input);
        MotionEditor editor(doc);
        for (int c = 0; c < doc.clipCount(); ++c)
            QVERIFY(editor.reverse(c).ok);
        const QByteArray once = bytesOf(doc);
        for (ValidationProfile p : {ValidationProfile::Spec, ValidationProfile::Game})
            QVERIFY2(deepErrors(once, p).isEmpty(), qPrintable(deepErrors(once, p)));
        const BpatDocument original = documentOf(input);
        for (int c = 0; c < doc.clipCount(); ++c) {
            const BpatClip &a = original.clip(c), &b = doc.clip(c);
            const qsizetype frame = qsizetype(doc.boneCount()) * 16;
            QVERIFY(b.palette.mid(0, frame) == a.palette.mid(qsizetype(a.frameCount - 1) * frame, frame));
            for (int k = 0; k < 5; ++k)
                QVERIFY(a.markers[k] == -1.0f ? b.markers[k] == -1.0f : std::abs(b.markers[k] - (1.0f - a.markers[k])) < 1e-6f);
        }
        for (int c = 0; c < doc.clipCount(); ++c)
            QVERIFY(editor.reverse(c).ok);
        QCOMPARE(bytesOf(doc), input);
    }

    void reversedPhases()
    {
        for (float p : {0.0f, 1.0f, 0.1f, 0.42f, 0.54f, 0.72f, 0.92f, 0.12f, 0.46f, 0.58f, 0.76f, 0.34f, 0.48f, 0.9f, 0.2f, 0.98f,
                        0.05f, 0.333f, 0.0001f}) {
            const float q = ClipReverse::reversedPhase(p);
            QVERIFY(std::abs(double(q) - (1.0 - double(p))) < 1e-7);
            QCOMPARE(ClipReverse::reversedPhase(q), p);
        }
        QCOMPARE(ClipReverse::reversedPhase(-1.0f), -1.0f);
    }
};

QTEST_GUILESS_MAIN(tst_ClipRetime)
#include "tst_ClipRetime.moc"
