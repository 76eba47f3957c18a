// TranslatedRun, the in-place run StreamFixer repairs bone lengths in, against ClipMotion on the
// real files of every dialect: the same origins and readability as read, the same answers to
// the same moves (including one too small to change a float), the same changed matrices and
// globals after them, the same MotionChange (MotionChange::translationError against
// vertexError), and the stored floats it writes are those BpatWriter writes for ClipMotion's
// globals (late v3: BpatWriter::lateV3Skin keeping the 3x3 of a matrix only moved). What it
// cannot hold (a matrix that is not affine) it refuses.
#include "motionedit/TranslatedRun.h"

#include "motionedit/ClipMotion.h"
#include "motionedit/MotionChange.h"

#include "TestPaths.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"

#include <QFile>
#include <QtTest/QTest>
#include <cstring>
#include <tuple>

using namespace bpat;

namespace {

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// A deterministic sequence of small moves (LCG), some far below a float's step.
struct Moves
{
    quint32 state = 12345;
    double next()
    {
        state = state * 1664525u + 1013904223u;
        return double(state >> 8) / double(1u << 24) - 0.5;
    }
};

} // namespace

class tst_TranslatedRun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsClipMotion_data()
    {
        QTest::addColumn<QString>("relative");
        for (const char *f : {"bpat_v1_latest/humanoid.bpat", "bpat_v1_initial/horse.bpat", "bpat_v2/elephant.bpat",
                              "bpat_v3_early/humanoid.bpat", "bpat_v3_late/humanoid.bpat", "bpat_current/humanoid.bpat",
                              "bpat_current/wolf.bpat"})
            QTest::newRow(f) << QString::fromLatin1(f);
    }

    void sameAsClipMotion()
    {
        QFETCH(QString, relative);
        const QString path = QStringLiteral("upstream_assets/") + relative;
        BPAT_REQUIRE_SHARED(path);
        QFile in(testpaths::shared(path));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        std::optional<BpatFile> file = BpatFile::fromData(bytes);
        QVERIFY(file);
        if (file->storesSkinningMatrices()) {
            // The game's late-v3 skinning matrices carry float noise in their bottom rows, which
            // only ClipMotion handles (read() refuses it): made exactly 0 0 0 1 here, as every
            // late-v3 file BPAT Studio writes has them (rebakes, conversions).
            const float row[4] = {0.0f, 0.0f, 0.0f, 1.0f};
            const quint64 matrices = quint64(file->header().frameTotal) * file->header().boneCount;
            for (quint64 m = 0; m < matrices; ++m) {
                for (int k = 0; k < 4; ++k)
                    std::memcpy(bytes.data() + file->paletteDataOffset() + m * 64 + quint64(k * 4 + 3) * 4, &row[k], 4);
            }
            // Two parents collapsed: one's first axis made its second (its children cannot be
            // read), one's made its second plus a ten-thousandth of itself (under the sure
            // pass's bound, well over the exact test's: that decides).
            const quint32 g = *file->globalFrame(0, 1);
            for (const auto &[frame, bone, keep] : {std::tuple{g, 1u, 0.0f}, std::tuple{g + 1, 2u, 1e-4f}}) {
                const quint64 at = file->paletteDataOffset() + (quint64(frame) * file->header().boneCount + bone) * 64;
                float m[16];
                std::memcpy(m, bytes.constData() + at, sizeof m);
                for (int r = 0; r < 3; ++r)
                    m[r] = m[4 + r] + keep * m[r];
                std::memcpy(bytes.data() + at, m, sizeof m);
            }
            file = BpatFile::fromData(bytes);
        }
        const MotionSkeleton skeleton = MotionSkeleton::forFile(*file);
        int clip = 0; // the longest (late v3: the first, where the flattened parents are)
        for (int c = 0; c < file->clips().size() && !file->storesSkinningMatrices(); ++c) {
            if (file->clips().at(c).frameCount > file->clips().at(clip).frameCount)
                clip = c;
        }
        const quint32 first = 1, count = std::min<quint32>(40, file->clips().at(clip).frameCount - 1);
        QString error;
        std::optional<ClipMotion> motion = ClipMotion::fromFile(*file, skeleton, clip, first, count, &error);
        QVERIFY2(motion, qPrintable(error));
        TranslatedRun run;
        QVERIFY2(TranslatedRun::read(run, *file, skeleton, clip, first, count, &error), qPrintable(error));
        QCOMPARE(run.frameCount(), count);
        QCOMPARE(run.firstFrame(), first);
        const int bones = skeleton.boneCount();

        // As read.
        int unreadable = 0;
        for (quint32 f = 0; f < count; ++f) {
            for (int b = 0; b < bones; ++b) {
                const auto a = motion->origin(f, b), t = run.origin(f, b);
                for (size_t r = 0; r < 3; ++r)
                    QVERIFY2(sameBits(a[r], t[r]), qPrintable(QStringLiteral("frame %1 bone %2").arg(f).arg(b)));
                QCOMPARE(run.isReadable(f, b), motion->isReadable(f, b));
                unreadable += motion->isReadable(f, b) ? 0 : 1;
            }
        }
        QVERIFY(!file->storesSkinningMatrices() || unreadable > 0); // the flattened parent's children

        // The same moves, parents first, with the same answers.
        Moves random;
        int tiny = 0;
        for (quint32 f = 0; f < count; ++f) {
            for (int b : skeleton.order()) {
                if (random.next() < 0.1)
                    continue;
                double scale = 0.05;
                if (f % 7 == 3 && b % 3 == 0) {
                    scale = 1e-12; // no float moves: nothing changes
                    ++tiny;
                }
                const std::array<double, 3> delta{random.next() * scale, random.next() * scale, random.next() * scale};
                QCOMPARE(run.translate(f, b, delta), motion->translate(f, b, delta));
            }
        }
        QVERIFY(tiny > 0);
        std::vector<float> globals(size_t(bones) * 16);
        for (quint32 f = 0; f < count; ++f) {
            QCOMPARE(run.isFrameChanged(f), motion->isFrameChanged(f));
            motion->globalFloats(f, globals.data());
            for (int b = 0; b < bones; ++b) {
                QVERIFY2(run.isChanged(f, b) == motion->isChanged(f, b),
                         qPrintable(QStringLiteral("frame %1 bone %2: changed %3, ClipMotion %4, edited %5")
                                        .arg(f)
                                        .arg(b)
                                        .arg(run.isChanged(f, b))
                                        .arg(motion->isChanged(f, b))
                                        .arg(motion->isEdited(f, b))));
                const auto a = motion->origin(f, b), t = run.origin(f, b);
                for (size_t r = 0; r < 3; ++r)
                    QVERIFY2(sameBits(a[r], t[r]), qPrintable(QStringLiteral("frame %1 bone %2").arg(f).arg(b)));
                const std::array<float, 16> g = run.global(f, b);
                QVERIFY(std::memcmp(g.data(), globals.data() + size_t(b) * 16, sizeof g) == 0);
                const std::array<float, 16> o = run.originalGlobal(f, b);
                QVERIFY(std::memcmp(o.data(), motion->originalFloats(f) + size_t(b) * 16, sizeof o) == 0);
            }
        }

        // The same change, measured.
        const MotionChange expected = MotionChange::of(*motion);
        MotionChange::Tally tally(bones);
        for (quint32 f = 0; f < count; ++f) {
            for (int b = 0; b < bones; ++b) {
                if (run.isChanged(f, b))
                    tally.add(first + f, b, MotionChange::translationError(run.movedBy(f, b)));
            }
        }
        const MotionChange measured = tally.finish();
        QVERIFY(expected.matrices > 0);
        QCOMPARE(measured.matrices, expected.matrices);
        QCOMPARE(measured.frames, expected.frames);
        QCOMPARE(measured.bones, expected.bones);
        QVERIFY(sameBits(measured.maxError, expected.maxError));
        QVERIFY(sameBits(measured.meanError, expected.meanError));
        QCOMPARE(measured.worstBone, expected.worstBone);
        QCOMPARE(measured.worstFrame, expected.worstFrame);

        // The floats written: ClipMotion's globals as the writer stores them.
        std::vector<float> all(size_t(count) * size_t(bones) * 16), stored(all.size()), written(all.size());
        for (quint32 f = 0; f < count; ++f)
            motion->globalFloats(f, all.data() + size_t(f) * size_t(bones) * 16);
        const float *source = file->matrixData(*file->globalFrame(clip, first), 0);
        QVERIFY(source);
        std::memcpy(stored.data(), source, stored.size() * sizeof(float));
        if (file->storesSkinningMatrices()) {
            std::vector<float> bind;
            for (int b = 0; b < bones; ++b) {
                const auto m = *file->bindFloats(quint32(b));
                bind.insert(bind.end(), m.begin(), m.end());
            }
            const QList<QMatrix4x4> inverse = BpatWriter::inverseBindPalette(bind.data(), quint32(bones));
            BpatWriter::lateV3Skin(all.data(), stored.data(), bind.data(), inverse.constData(), quint32(bones), count,
                                   written.data(), motion->originalFloats(0));
        } else {
            written = all;
        }
        const float *settled = run.settle(0, count);
        for (size_t i = 0; i < written.size(); ++i)
            QVERIFY2(std::memcmp(settled + i, written.data() + i, sizeof(float)) == 0,
                     qPrintable(QStringLiteral("float %1 (frame %2, bone %3)")
                                    .arg(i)
                                    .arg(i / 16 / size_t(bones))
                                    .arg(i / 16 % size_t(bones))));
        // Late v3: a moved matrix keeps its 3x3 bits.
        if (file->storesSkinningMatrices()) {
            for (size_t m = 0; m < written.size() / 16; ++m) {
                for (int k = 0; k < 12; ++k)
                    QVERIFY(std::memcmp(settled + m * 16 + k, stored.data() + m * 16 + k, sizeof(float)) == 0);
            }
        }
    }

    void refusesWhatItCannotHold()
    {
        const QString path = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
        BPAT_REQUIRE_SHARED(path);
        QFile in(testpaths::shared(path));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        BpatFile file = BpatFile::fromData(bytes);
        const MotionSkeleton skeleton = MotionSkeleton::forFile(file);
        TranslatedRun run;
        QVERIFY(TranslatedRun::read(run, file, skeleton, 0, 0, 4));
        // The first matrix's bottom row made 0 0 0 2 (row-major: float 15).
        const quint64 at = file.paletteDataOffset() + 15 * 4;
        const float two = 2.0f;
        std::memcpy(bytes.data() + at, &two, sizeof two);
        file = BpatFile::fromData(bytes);
        QString why;
        QVERIFY(!TranslatedRun::read(run, file, skeleton, 0, 0, 4, &why));
        QVERIFY(why.contains(QStringLiteral("affine")));
        QVERIFY(!TranslatedRun::read(run, file, skeleton, 99, 0, 4, &why));
        QVERIFY(!TranslatedRun::read(run, file, skeleton, 0, 0, file.clips().at(0).frameCount + 1, &why));
    }
};

QTEST_APPLESS_MAIN(tst_TranslatedRun)
#include "tst_TranslatedRun.moc"
