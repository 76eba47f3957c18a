// The deep checks' matrix scan (deepkernels::nextSuspect): every implementation (AVX where the
// processor has it, SSE2, plain C++) gives the same verdict for every matrix; a matrix it passes
// passes the exact checks (finite, affine, |det| >= minDet computed in double); and singular
// matrices whose float determinant is rounding noise, which the 4x-margin test of before let
// through, are reported as DEGENERATE_MATRIX in v1 and late v3.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/DeepCheckKernels.h"
#include "bpat/DeepMatrixScan.h"
#include "bpat/Validator.h"
#include "TestDocuments.h"

#include <QRandomGenerator>
#include <QtTest/QTest>
#include <cmath>
#include <limits>
#include <vector>

using namespace bpat;
using namespace bpat::deepkernels;

namespace {

// Rows a, b and a + b of numbers k / 8192 with |k| < 2^15: a + b is exact in float and every
// product exact in double, so the determinant computed in double is exactly 0, while float
// products round (30-bit results) and leave noise far above 1e-12.
void singularRows(QRandomGenerator &random, float rows[3][3])
{
    for (int c = 0; c < 3; ++c) {
        rows[0][c] = float(int(random.bounded(1 << 15)) - (1 << 14)) / 8192.0f;
        rows[1][c] = float(int(random.bounded(1 << 15)) - (1 << 14)) / 8192.0f;
        rows[2][c] = rows[0][c] + rows[1][c];
    }
}

// One matrix of a random kind: a rigid motion with scale, a singular one, huge or tiny entries,
// a NaN or an infinity, a last row off by a bit, with -0.0 or with -1. Row-major floats.
void randomMatrix(QRandomGenerator &random, float m[16])
{
    testdocs::putMatrix(m, float(random.generateDouble() * 6.28), float(random.generateDouble()), 2.0f, -1.0f);
    const float scale = float(std::ldexp(1.0, int(random.bounded(60)) - 30));
    for (int i : {0, 1, 2, 4, 5, 6, 8, 9, 10})
        m[i] *= scale;
    switch (random.bounded(12)) {
    case 0: {
        float rows[3][3];
        singularRows(random, rows);
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                m[r * 4 + c] = rows[r][c];
        break;
    }
    case 1: m[random.bounded(12)] = std::numeric_limits<float>::quiet_NaN(); break;
    case 2: m[random.bounded(12)] = -std::numeric_limits<float>::infinity(); break;
    case 3: m[12 + random.bounded(4)] = -0.0f; break;
    case 4: m[15] = std::nextafter(1.0f, 2.0f); break;
    case 5: m[random.bounded(12)] = 3e38f; break;
    case 6: m[0] = m[5] = m[10] = 1e-5f; break; // det 1e-15: degenerate
    case 7: m[15] = -1.0f; break;               // the last row's 1 compared with its sign
    default: break;
    }
}

// What the exact checks decide for a row-major matrix (DeepChecker::checkMatrixSlow).
bool exactlyFine(const float *m, double minDet)
{
    for (int i = 0; i < 16; ++i) {
        if (!std::isfinite(m[i]))
            return false;
    }
    if (!(m[12] == 0.0f && m[13] == 0.0f && m[14] == 0.0f && m[15] == 1.0f))
        return false;
    const double det = double(m[0]) * (double(m[5]) * m[10] - double(m[6]) * m[9])
        - double(m[1]) * (double(m[4]) * m[10] - double(m[6]) * m[8])
        + double(m[2]) * (double(m[4]) * m[9] - double(m[5]) * m[8]);
    return std::abs(det) >= minDet;
}

// The matrices of a run that fall in a suspect batch of `kernel`.
std::vector<bool> suspects(const std::vector<float> &run, const ScanBounds &bounds, bool columnMajor, ScanKernel kernel)
{
    const quint64 count = run.size() / 16;
    std::vector<bool> out(count, false);
    const uchar *bytes = reinterpret_cast<const uchar *>(run.data());
    for (Suspect s = nextSuspect(bytes, 0, count, bounds, columnMajor, kernel); s.first < count;
         s = nextSuspect(bytes, s.first + s.count, count, bounds, columnMajor, kernel)) {
        for (quint64 i = s.first; i < s.first + s.count; ++i)
            out[i] = true;
    }
    return out;
}

} // namespace

class tst_DeepMatrixScan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kernelsAgree_data()
    {
        QTest::addColumn<bool>("columnMajor");
        QTest::newRow("row-major") << false;
        QTest::newRow("column-major") << true;
    }

    // Runs of 1..40 matrices, mostly fine with a fault here and there (per-matrix bounds, as
    // late v3 has): every kernel's suspect batches hold exactly the matrices the plain C++ test
    // fails, and nothing else but their batch mates.
    void kernelsAgree()
    {
        QFETCH(bool, columnMajor);
        QRandomGenerator random(columnMajor ? 7 : 8);
        qInfo("this machine scans with %s", scanKernelName(bestScanKernel()));
        for (int trial = 0; trial < 3000; ++trial) {
            const int count = 1 + int(random.bounded(40));
            std::vector<float> run(size_t(count) * 16);
            for (int i = 0; i < count; ++i) {
                float m[16];
                if (random.bounded(8) == 0)
                    randomMatrix(random, m);
                else
                    testdocs::putMatrix(m, float(i) * 0.3f, 1.0f, 2.0f, 3.0f);
                for (int r = 0; r < 4; ++r)
                    for (int c = 0; c < 4; ++c)
                        run[size_t(i) * 16 + size_t(columnMajor ? c * 4 + r : r * 4 + c)] = m[r * 4 + c];
            }
            std::vector<float> minDet(size_t(count + 7) / 8 * 8), slope(minDet.size());
            for (size_t i = 0; i < minDet.size(); ++i) {
                const size_t at = std::min(i, size_t(count - 1));
                minDet[i] = at % 5 == 4 ? std::numeric_limits<float>::quiet_NaN() : float(1e-12 * double(at + 1));
                slope[i] = DetSlope * float(1 + at % 3);
            }
            ScanBounds bounds{minDet.data(), slope.data(), true, columnMajor ? 4.6e18f : std::numeric_limits<float>::infinity()};
            std::vector<bool> failing(static_cast<size_t>(count), false);
            for (int i = 0; i < count; ++i) {
                const uchar *m = reinterpret_cast<const uchar *>(run.data() + size_t(i) * 16);
                failing[size_t(i)] = columnMajor ? !matrixFineScalar<true>(m, minDet[size_t(i)], slope[size_t(i)], bounds.limit)
                                                 : !matrixFineScalar<false>(m, minDet[size_t(i)], slope[size_t(i)], bounds.limit);
            }
            QVERIFY(suspects(run, bounds, columnMajor, ScanKernel::Scalar) == failing);
            for (ScanKernel kernel : {ScanKernel::Sse2, ScanKernel::Avx}) {
                const int batch = kernel == ScanKernel::Avx && bestScanKernel() == ScanKernel::Avx ? 8 : 4;
                const std::vector<bool> got = suspects(run, bounds, columnMajor, kernel);
                for (int start = 0; start < count; start += batch) {
                    bool anyFailing = false;
                    for (int i = start; i < std::min(count, start + batch); ++i)
                        anyFailing |= failing[size_t(i)];
                    for (int i = start; i < std::min(count, start + batch); ++i)
                        QCOMPARE(got[size_t(i)], anyFailing);
                }
            }
        }
    }

    // Whatever the fast test passes, the exact checks pass (row-major, the default minDet).
    void passedMatricesAreExactlyFine()
    {
        QRandomGenerator random(11);
        const DetBound bound = detBound(1e-12);
        int passed = 0, exact = 0, singular = 0;
        for (int i = 0; i < 200000; ++i) {
            float m[16];
            randomMatrix(random, m);
            exact += exactlyFine(m, 1e-12) ? 1 : 0;
            if (!matrixFineScalar<false>(reinterpret_cast<const uchar *>(m), bound.minDet, bound.slope,
                                         std::numeric_limits<float>::infinity()))
                continue;
            ++passed;
            QVERIFY2(exactlyFine(m, 1e-12), qPrintable(QStringLiteral("matrix %1 passed").arg(i)));
        }
        for (int i = 0; i < 20000; ++i) { // singular with float noise: never passed
            float rows[3][3];
            singularRows(random, rows);
            float m[16] = {rows[0][0], rows[0][1], rows[0][2], 1, rows[1][0], rows[1][1], rows[1][2], 2,
                           rows[2][0], rows[2][1], rows[2][2], 3, 0,          0,          0,          1};
            singular += matrixFineScalar<false>(reinterpret_cast<const uchar *>(m), bound.minDet, bound.slope,
                                                std::numeric_limits<float>::infinity())
                ? 1
                : 0;
        }
        QVERIFY2(passed >= exact * 3 / 4,
                 qPrintable(QStringLiteral("%1 of %2 exactly fine matrices passed").arg(passed).arg(exact)));
        QCOMPARE(singular, 0);
    }

    // End to end: singular matrices in a v1 file and in late-v3 skinning matrices (identity
    // bind palette: the global is the skin exactly) are each reported.
    void singularMatricesAreReported_data()
    {
        QTest::addColumn<bool>("late");
        QTest::newRow("v1") << false;
        QTest::newRow("v3 late") << true;
    }

    void singularMatricesAreReported()
    {
        QFETCH(bool, late);
        constexpr quint32 Bones = 13, Frames = 40;
        BpatDocument doc(0, Bones);
        doc.addClip(testdocs::makeClip(QStringLiteral("a"), Frames, Bones, 30.0f, true));
        if (late) {
            doc.setDialect(format::Dialect::V3Late);
            QList<QMatrix4x4> bind;
            QList<quint8> parents;
            for (quint32 b = 0; b < Bones; ++b) {
                bind.append(QMatrix4x4());
                parents.append(b == 0 ? format::NoParentBone : quint8(b - 1));
            }
            doc.setBindMatrices(bind);
            doc.setBoneParents(parents);
            for (quint32 f = 0; f < Frames; ++f)
                doc.clip(0).contacts << 0.0f << 0.5f;
        }
        QByteArray bytes = BpatWriter(doc).toBytes();
        const BpatLayout l = BpatWriter(doc).layout();
        QRandomGenerator random(5);
        int planted = 0, passedBefore = 0;
        for (quint32 f = 0; f < Frames; f += 3) {
            const quint32 bone = (f * 7) % Bones;
            float rows[3][3];
            singularRows(random, rows);
            const qsizetype at = qsizetype(l.paletteDataOffset + (quint64(f) * Bones + bone) * 64);
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 3; ++c)
                    testdocs::setF32(bytes, at + 4 * (late ? c * 4 + r : r * 4 + c), rows[r][c]);
            ++planted;
            // The float determinant in the order of the old single-matrix test, r0 . (r1 x r2):
            // rounding noise that its 4 * minDet margin took for a regular matrix.
            const float noise = rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1])
                + rows[0][1] * (rows[1][2] * rows[2][0] - rows[1][0] * rows[2][2])
                + rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0]);
            passedBefore += std::abs(noise) >= 4e-12f ? 1 : 0;
        }
        QVERIFY2(passedBefore > 0, "no planted matrix would have passed the old test: the test proves nothing");
        const BpatFile file = BpatFile::fromData(bytes);
        for (int threads : {1, 2}) {
            ValidationOptions o = ValidationOptions::make(ValidationProfile::Spec, true, 0);
            o.threads = threads;
            const ValidationResult r = Validator(o).validate(file);
            int degenerate = 0;
            for (const Diagnostic &d : r.issues)
                degenerate += d.code == codes::DEGENERATE_MATRIX ? 1 : 0;
            QCOMPARE(degenerate, planted);
        }
    }
};

QTEST_GUILESS_MAIN(tst_DeepMatrixScan)
#include "tst_DeepMatrixScan.moc"
