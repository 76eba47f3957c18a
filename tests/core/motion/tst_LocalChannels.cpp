// Local channels (LocalChannels, EulerAngles): Euler angles of every order round-trip through
// matrices (gimbal lock too) and unwrap across +-180 and through the order's second solution;
// on the real files of every dialect, the plotted channels composed back (translation, the
// Euler rotation, scale) times the parent's global give the file's global matrix; late v3's
// local translation is the game reader's (column 3 of inverse(parent) x global); a hostile
// frame count samples only the frames the file holds.
#include "motion/LocalChannels.h"

#include "TestPaths.h"
#include "bpat/BpatFile.h"

#include <QFile>
#include <QMatrix4x4>
#include <QRandomGenerator>
#include <QtTest/QTest>
#include <cmath>
#include <cstring>

using namespace bpat;

namespace {

double maxDifference(const euler::Matrix3 &a, const euler::Matrix3 &b)
{
    double worst = 0.0;
    for (size_t r = 0; r < 3; ++r)
        for (size_t c = 0; c < 3; ++c)
            worst = std::max(worst, std::abs(a[r][c] - b[r][c]));
    return worst;
}

// The local pose a graph editor plots at one sample, composed back: translation, the rotation
// of the Euler angles (not the quaternion), scale.
Affine composeFromChannels(const LocalChannels::Track &t, qsizetype i)
{
    using C = LocalChannels;
    const auto v = [&](C::Channel c) { return t.values[size_t(c)].at(i); };
    const euler::Matrix3 r = euler::toMatrix({v(C::EulerX), v(C::EulerY), v(C::EulerZ)}, t.order);
    LocalTransform transform;
    transform.translation = {v(C::TranslationX), v(C::TranslationY), v(C::TranslationZ)};
    transform.rotation = euler::quaternionFromMatrix(r);
    transform.scale = {v(C::ScaleX), v(C::ScaleY), v(C::ScaleZ)};
    return LocalChannels::compose(transform);
}

} // namespace

class tst_LocalChannels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void eulerRoundTripsInEveryOrder_data()
    {
        QTest::addColumn<int>("order");
        for (int o = 0; o < EulerOrderCount; ++o)
            QTest::newRow(qPrintable(euler::orderName(EulerOrder(o)))) << o;
    }
    void eulerRoundTripsInEveryOrder()
    {
        QFETCH(int, order);
        const EulerOrder o = EulerOrder(order);
        QCOMPARE(euler::orderFromName(euler::orderName(o).toLower()), std::optional<EulerOrder>(o));
        QRandomGenerator random(1234 + quint32(order));
        const int middle = euler::axes(o)[1];
        for (int i = 0; i < 500; ++i) {
            euler::Angles angles{random.bounded(360.0) - 180.0, random.bounded(360.0) - 180.0, random.bounded(360.0) - 180.0};
            angles[size_t(middle)] = random.bounded(178.0) - 89.0;
            const euler::Matrix3 m = euler::toMatrix(angles, o);
            const euler::Angles back = euler::fromMatrix(m, o);
            for (size_t a = 0; a < 3; ++a)
                QVERIFY2(std::abs(back[a] - angles[a]) < 1e-7,
                         qPrintable(QStringLiteral("angle %1: %2 vs %3").arg(a).arg(back[a]).arg(angles[a])));
            // The quaternion path gives the same rotation.
            QVERIFY(maxDifference(euler::matrixFromQuaternion(euler::quaternionFromMatrix(m)), m) < 1e-12);
        }
        // Gimbal lock: the middle angle at +-90 still gives angles of the same rotation.
        for (double lock : {90.0, -90.0}) {
            euler::Angles angles{35.0, 35.0, -50.0};
            angles[size_t(middle)] = lock;
            const euler::Matrix3 m = euler::toMatrix(angles, o);
            QVERIFY(maxDifference(euler::toMatrix(euler::fromMatrix(m, o), o), m) < 1e-9);
        }
    }

    void eulerUnwrapsAcrossTheHalfTurn()
    {
        // A spin about the first axis through two whole turns, the middle one through 90 (where
        // fromMatrix() takes the other solution), the last one a little: the unwrapped samples
        // are the angles that made the matrices.
        for (int o = 0; o < EulerOrderCount; ++o) {
            const EulerOrder order = EulerOrder(o);
            const auto [first, middle, last] = euler::axes(order);
            std::optional<euler::Angles> previous;
            for (int step = 0; step <= 80; ++step) {
                euler::Angles truth{};
                truth[size_t(first)] = 10.0 + step * 9.0;
                truth[size_t(middle)] = 40.3 + step * 1.25; // crosses 90 between two samples
                truth[size_t(last)] = -20.0 + step * 4.0;
                euler::Angles sample = euler::fromMatrix(euler::toMatrix(truth, order), order);
                if (previous)
                    sample = euler::closestTo(sample, *previous, order);
                else
                    sample = euler::closestTo(sample, truth, order);
                for (size_t a = 0; a < 3; ++a)
                    QVERIFY2(std::abs(sample[a] - truth[a]) < 1e-6,
                             qPrintable(QStringLiteral("%1 step %2 axis %3: %4, expected %5")
                                            .arg(euler::orderName(order))
                                            .arg(step)
                                            .arg(a)
                                            .arg(sample[a])
                                            .arg(truth[a])));
                previous = sample;
            }
        }
        // A quaternion and its negation are one rotation: the curve keeps the previous sign.
        const euler::Quaternion q{0.1, -0.7, 0.7, 0.1};
        const euler::Quaternion flipped = euler::sameHemisphere({-0.1, 0.7, -0.7, -0.1}, q);
        QCOMPARE(flipped, q);
    }

    void matrixArithmetic()
    {
        LocalTransform t;
        t.translation = {1.0, -2.0, 3.5};
        t.rotation = euler::quaternionFromMatrix(euler::toMatrix({20.0, -30.0, 75.0}, EulerOrder::ZXY));
        t.scale = {-2.0, 0.5, 1.25}; // mirrored
        const Affine m = LocalChannels::compose(t);
        const std::optional<LocalTransform> back = LocalChannels::decompose(m);
        QVERIFY(back);
        for (size_t i = 0; i < 3; ++i) {
            QVERIFY(std::abs(back->translation[i] - t.translation[i]) < 1e-12);
            QVERIFY(std::abs(back->scale[i] - t.scale[i]) < 1e-12);
        }
        const Affine composed = LocalChannels::compose(*back);
        const std::optional<Affine> inverse = LocalChannels::inverse(m);
        QVERIFY(inverse);
        const Affine identity = LocalChannels::multiply(*inverse, composed);
        for (size_t k = 0; k < 16; ++k) {
            QVERIFY(std::abs(composed[k] - m[k]) < 1e-12);
            QVERIFY(std::abs(identity[k] - ((k % 5) == 0 ? 1.0 : 0.0)) < 1e-12);
        }
        Affine flat = m;
        flat[2] = flat[6] = flat[10] = 0.0; // a collapsed axis
        QVERIFY(!LocalChannels::inverse(flat));
        QVERIFY(!LocalChannels::decompose(flat));
    }

    void composedBackEqualsGlobalInEveryDialect_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"bpat_v1_initial/horse.bpat", "bpat_v1_latest/humanoid.bpat", "bpat_v1_latest/elephant.bpat",
                              "bpat_v2/horse.bpat", "bpat_v3_early/humanoid.bpat", "bpat_v3_late/humanoid.bpat",
                              "bpat_current/horse.bpat", "bpat_current/humanoid.bpat", "bpat_current/wolf.bpat"})
            QTest::newRow(f) << QStringLiteral("upstream_assets/%1").arg(QLatin1String(f));
    }
    void composedBackEqualsGlobalInEveryDialect()
    {
        QFETCH(QString, file);
        BPAT_REQUIRE_SHARED(file);
        const std::optional<BpatFile> bpat = BpatFile::open(testpaths::shared(file));
        QVERIFY(bpat);
        const LocalChannels channels(*bpat);
        const int bones = channels.boneCount();
        QVERIFY(bones > 0);
        int withParent = 0;
        for (int b = 0; b < bones; ++b)
            withParent += channels.parentOf(b) >= 0 ? 1 : 0;
        QVERIFY2(withParent >= bones / 2, "the rig's hierarchy is known");
        QList<int> all;
        for (int b = 0; b < bones; ++b)
            all.append(b);
        // A few clips (the first, one from the middle, the last) keep it fast on 74-clip files.
        const int clips = int(bpat->clips().size());
        int samples = 0;
        double worst = 0.0;
        for (int clip : {0, clips / 2, clips - 1}) {
            const EulerOrder order = EulerOrder(clip % EulerOrderCount);
            const QList<LocalChannels::Track> tracks = channels.tracks(clip, all, order);
            for (const LocalChannels::Track &t : tracks) {
                QCOMPARE(t.unreadable, 0);
                QCOMPARE(t.frames.size(), qsizetype(bpat->clips().at(clip).frameCount));
                for (qsizetype i = 0; i < t.frames.size(); ++i) {
                    const quint32 global = *bpat->globalFrame(clip, quint32(t.frames.at(i)));
                    const Affine expected = *channels.globalMatrix(global, t.bone);
                    Affine rebuilt = composeFromChannels(t, i);
                    if (const int parent = channels.parentOf(t.bone); parent >= 0)
                        rebuilt = LocalChannels::multiply(*channels.globalMatrix(global, parent), rebuilt);
                    double magnitude = 1.0;
                    for (double x : expected)
                        magnitude = std::max(magnitude, std::abs(x));
                    for (size_t k = 0; k < 12; ++k)
                        worst = std::max(worst, std::abs(rebuilt[k] - expected[k]) / magnitude);
                    ++samples;
                }
            }
        }
        QVERIFY(samples > 0);
        QVERIFY2(worst < 2e-5,
                 qPrintable(QStringLiteral("worst relative difference %1 over %2 samples").arg(worst).arg(samples)));
    }

    void eulerCurvesAreContinuousOnRealMotion()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_current/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const std::optional<BpatFile> bpat = BpatFile::open(testpaths::shared(file));
        QVERIFY(bpat);
        const LocalChannels channels(*bpat);
        QList<int> all;
        for (int b = 0; b < channels.boneCount(); ++b)
            all.append(b);
        const int walk = bpat->findClip(QStringLiteral("walk"));
        QVERIFY(walk >= 0);
        for (const LocalChannels::Track &t : channels.tracks(walk, all, EulerOrder::XYZ)) {
            for (int c = LocalChannels::EulerX; c <= LocalChannels::EulerZ; ++c) {
                const QList<double> &v = t.values[size_t(c)];
                for (qsizetype i = 1; i < v.size(); ++i)
                    QVERIFY2(std::abs(v[i] - v[i - 1]) < 90.0,
                             qPrintable(
                                 QStringLiteral("bone %1 channel %2 jumps %3 -> %4").arg(t.bone).arg(c).arg(v[i - 1]).arg(v[i])));
            }
        }
    }

    void lateLocalTranslationIsTheGameReaders()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
        BPAT_REQUIRE_SHARED(file);
        const std::optional<BpatFile> bpat = BpatFile::open(testpaths::shared(file));
        QVERIFY(bpat);
        QVERIFY(bpat->boneParentsInBounds());
        const LocalChannels channels(*bpat);
        const QList<quint8> &parents = bpat->boneParents();
        for (int b = 0; b < channels.boneCount(); ++b)
            QCOMPARE(channels.parentOf(b), parents.at(b) == 0xFF ? -1 : int(parents.at(b)));
        // The HEAD reader: local = inverse(global[parent]) * global, translation = column 3.
        const int clip = 0;
        for (int b = 0; b < channels.boneCount(); ++b) {
            const LocalChannels::Track t = channels.track(clip, b, EulerOrder::XYZ);
            for (qsizetype i = 0; i < t.frames.size(); i += 5) {
                const quint32 frame = quint32(t.frames.at(i));
                QMatrix4x4 local = bpat->matrix(clip, frame, quint32(b));
                if (parents.at(b) != 0xFF)
                    local = bpat->matrix(clip, frame, parents.at(b)).inverted() * local;
                const QVector3D translation = local.column(3).toVector3D();
                QVERIFY(std::abs(t.values[LocalChannels::TranslationX].at(i) - translation.x()) < 1e-4);
                QVERIFY(std::abs(t.values[LocalChannels::TranslationY].at(i) - translation.y()) < 1e-4);
                QVERIFY(std::abs(t.values[LocalChannels::TranslationZ].at(i) - translation.z()) < 1e-4);
            }
        }
    }

    void hostileFrameCountSamplesOnlyWhatTheFileHolds()
    {
        const QString file = QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
        BPAT_REQUIRE_SHARED(file);
        QFile in(testpaths::shared(file));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        const std::optional<BpatFile> original = BpatFile::open(testpaths::shared(file));
        QVERIFY(original && !original->clips().isEmpty());
        // Clip 0's frame_count (the clip entry's third u32 in v1: offset 64 + 8) claims 4 billion.
        const quint32 huge = 0xFFFFFFF0u;
        std::memcpy(bytes.data() + 64 + 8, &huge, 4);
        const BpatFile hostile = BpatFile::fromData(bytes);
        QCOMPARE(hostile.clips().at(0).frameCount, huge);
        const LocalChannels channels(hostile);
        QCOMPARE(channels.framesHeld(0), quint64(original->header().frameTotal - hostile.clips().at(0).frameOffset));
        const LocalChannels::Track t = channels.track(0, 1, EulerOrder::XYZ);
        QCOMPARE(t.frames.size(), qsizetype(channels.framesHeld(0)));
        QCOMPARE(t.unreadable, 0);
        QVERIFY(channels.track(0, 99, EulerOrder::XYZ).frames.isEmpty()); // no such bone
        QVERIFY(channels.track(7, 0, EulerOrder::XYZ).frames.isEmpty());  // no such clip
        QCOMPARE(LocalChannels::strideFor(1000, 50, 10000), 5);
        QCOMPARE(LocalChannels::strideFor(10, 50, 10000), 1);
    }
};

QTEST_GUILESS_MAIN(tst_LocalChannels)
#include "tst_LocalChannels.moc"
