// GlobalPalette: a run of frames' global matrices, every kernel (AVX where the processor has it,
// SSE2, plain C++) with the very bits of BpatFile::globalMatrixFloats (skin x bind in late v3,
// the stored floats otherwise) on every real late-v3 file and on random matrices with signed
// zeros, infinities, NaN and subnormals; whatever the thread count; nothing past the palette.
#include "bpat/BpatFile.h"
#include "bpat/GlobalPalette.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QDirIterator>
#include <QRandomGenerator>
#include <QtTest/QTest>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace bpat;

namespace {

const QList<GlobalPalette::Kernel> &kernels()
{
    static const QList<GlobalPalette::Kernel> all{GlobalPalette::Kernel::Scalar, GlobalPalette::Kernel::Sse2,
                                                  GlobalPalette::Kernel::Avx};
    return all;
}

// The same float, or NaN for NaN (a NaN's payload may differ with the operand order).
bool sameFloat(float a, float b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    quint32 x, y;
    std::memcpy(&x, &a, 4);
    std::memcpy(&y, &b, 4);
    return x == y;
}

// Compares every matrix of the file's frames [0, frame_total) read through GlobalPalette with
// the per-matrix accessor; returns the first difference as text.
QString compareWholeFile(const BpatFile &file, GlobalPalette::Kernel kernel, int threads)
{
    const quint32 frames = file.header().frameTotal, bones = file.header().boneCount;
    std::vector<float> out(size_t(frames) * bones * 16, -7.0f);
    if (!GlobalPalette::read(file, 0, frames, out.data(), threads, kernel))
        return QStringLiteral("read refused");
    for (quint32 f = 0; f < frames; ++f) {
        for (quint32 b = 0; b < bones; ++b) {
            const auto expected = file.globalMatrixFloats(f, b);
            if (!expected)
                return QStringLiteral("no matrix %1/%2").arg(f).arg(b);
            for (int k = 0; k < 16; ++k) {
                if (!sameFloat(out[(size_t(f) * bones + b) * 16 + size_t(k)], (*expected)[size_t(k)]))
                    return QStringLiteral("frame %1 bone %2 float %3: %4, expected %5")
                        .arg(f)
                        .arg(b)
                        .arg(k)
                        .arg(out[(size_t(f) * bones + b) * 16 + size_t(k)])
                        .arg((*expected)[size_t(k)]);
            }
        }
    }
    return QString();
}

float randomFloat(QRandomGenerator &random)
{
    switch (random.bounded(16)) {
    case 0: return -0.0f;
    case 1: return 0.0f;
    case 2: return std::numeric_limits<float>::infinity();
    case 3: return -std::numeric_limits<float>::infinity();
    case 4: return std::numeric_limits<float>::quiet_NaN();
    case 5: return std::numeric_limits<float>::denorm_min() * float(random.bounded(1000));
    case 6: return 3e38f;
    default: return float(std::ldexp(random.generateDouble() * 2.0 - 1.0, int(random.bounded(40)) - 20));
    }
}

} // namespace

class tst_GlobalPalette : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void realLateFilesGiveTheAccessorsBits_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *dir : {"upstream_assets/bpat_v3_late", "upstream_assets/bpat_current"}) {
            QDirIterator it(testpaths::shared(QLatin1String(dir)), {QStringLiteral("*.bpat")}, QDir::Files);
            while (it.hasNext()) {
                const QString path = it.next();
                QTest::newRow(qPrintable(QLatin1String(dir).mid(16) + QLatin1Char('/') + QFileInfo(path).fileName())) << path;
            }
        }
        if (!QFileInfo::exists(testpaths::shared(QStringLiteral("upstream_assets"))))
            QTest::newRow("shared files absent") << QString(); // skipped (or failed) below
    }
    void realLateFilesGiveTheAccessorsBits()
    {
        QFETCH(QString, path);
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat"));
        const auto file = BpatFile::open(path);
        QVERIFY(file);
        for (GlobalPalette::Kernel kernel : kernels()) {
            const QString difference = compareWholeFile(*file, kernel, 2);
            QVERIFY2(difference.isEmpty(),
                     qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(GlobalPalette::kernelName(kernel)), difference)));
        }
    }

    void everyKernelMatchesSkinTimesBindOnHostileFloats()
    {
        QRandomGenerator random(23);
        const quint32 bones = 7, frames = 300;
        std::vector<float> skin(size_t(frames) * bones * 16), bind(size_t(bones) * 16);
        for (float &v : skin)
            v = randomFloat(random);
        for (float &v : bind)
            v = randomFloat(random);
        // An unaligned copy: the kernels read the mapping's floats at any address.
        std::vector<uchar> unaligned(skin.size() * 4 + 1);
        std::memcpy(unaligned.data() + 1, skin.data(), skin.size() * 4);
        for (GlobalPalette::Kernel kernel : kernels()) {
            std::vector<float> out(skin.size());
            GlobalPalette::skinTimesBindRun(unaligned.data() + 1, frames, bones, bind.data(), out.data(), kernel);
            for (quint32 m = 0; m < frames * bones; ++m) {
                const std::array<float, 16> expected =
                    skinTimesBind(skin.data() + size_t(m) * 16, bind.data() + size_t(m % bones) * 16);
                for (int k = 0; k < 16; ++k)
                    QVERIFY2(sameFloat(out[size_t(m) * 16 + size_t(k)], expected[size_t(k)]),
                             qPrintable(QStringLiteral("%1: matrix %2 float %3")
                                            .arg(QLatin1String(GlobalPalette::kernelName(kernel)))
                                            .arg(m)
                                            .arg(k)));
            }
        }
    }

    void storedGlobalsAreCopiedAsTheyAre()
    {
        const BpatFile file = BpatFile::fromData(testdocs::smallFileBytes());
        QVERIFY(!file.storesSkinningMatrices());
        QCOMPARE(compareWholeFile(file, GlobalPalette::bestKernel(), 1), QString());
    }

    void lateWithoutBindPaletteTransposesTheSkin()
    {
        // Late v3 whose bind palette lies past the end: an identity bind, as the accessor has it.
        QByteArray bytes = testdocs::smallVersionedBytes(format::Dialect::V3Late);
        BpatFile file = BpatFile::fromData(bytes);
        QVERIFY(file.storesSkinningMatrices() && file.bindPaletteInBounds());
        testdocs::setU64(bytes, qsizetype(format::ext::BindPaletteOffset), quint64(bytes.size()) + 64);
        file = BpatFile::fromData(bytes);
        QVERIFY(file.storesSkinningMatrices());
        QVERIFY(!file.bindPaletteInBounds());
        QCOMPARE(compareWholeFile(file, GlobalPalette::bestKernel(), 1), QString());
    }

    void threadsDoNotChangeTheResult()
    {
        BPAT_REQUIRE_SHARED(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat"));
        const auto file = BpatFile::open(testpaths::shared(QStringLiteral("upstream_assets/bpat_current/humanoid.bpat")));
        QVERIFY(file);
        const quint32 frames = file->header().frameTotal - 5, bones = file->header().boneCount;
        std::vector<float> one(size_t(frames) * bones * 16), many(one.size());
        QVERIFY(GlobalPalette::read(*file, 5, frames, one.data(), 1));
        QVERIFY(GlobalPalette::read(*file, 5, frames, many.data(), 4));
        QVERIFY(std::memcmp(one.data(), many.data(), one.size() * 4) == 0);
        const auto expected = file->globalMatrixFloats(5, 0);
        QVERIFY(std::memcmp(one.data(), expected->data(), 64) == 0);
    }

    void refusesFramesPastThePalette()
    {
        const BpatFile file = BpatFile::fromData(testdocs::smallFileBytes());
        std::vector<float> out(1024);
        const quint32 total = file.header().frameTotal;
        QVERIFY(GlobalPalette::read(file, total, 0, out.data()));
        QVERIFY(!GlobalPalette::read(file, total, 1, out.data()));
        QVERIFY(!GlobalPalette::read(file, 1, total, out.data()));
        QVERIFY(!GlobalPalette::read(file, total + 1, 0, out.data()));
        QByteArray cut = testdocs::smallFileBytes(false); // the palette ends the file
        cut.chop(20);
        QVERIFY(!GlobalPalette::read(BpatFile::fromData(cut), 0, 1, out.data()));
    }
};

QTEST_APPLESS_MAIN(tst_GlobalPalette)
#include "tst_GlobalPalette.moc"
