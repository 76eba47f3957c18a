// The BPSM content check (BpsmContentCheck) finds exactly what its exact per-vertex rules say,
// whichever fast path looked at a record first (eight at a time with AVX, four with SSE2, one
// at a time at the end of a frame range): records with a NaN or an infinity in every float
// field, weights summing to just inside and just outside 1 +- 1e-3, a negative or -0.0 weight,
// non-zero pad bytes, planted at random among fine ones, with 1 to 3 threads.
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmValidator.h"
#include "bpsm/BpsmWriter.h"

#include <QHash>
#include <QRandomGenerator>
#include <QtTest/QTest>
#include <cmath>
#include <limits>

using namespace bpat;

namespace {

// The rules as the format states them (docs/validation-codes.md): which codes a record earns.
QStringList expectedCodes(const CreatureVertex &x)
{
    QStringList codes;
    bool finite = true;
    float sum = 0.0f;
    bool negative = false;
    for (int k = 0; k < 3; ++k)
        finite = finite && std::isfinite(x.position[k]) && std::isfinite(x.normal[k]);
    finite = finite && std::isfinite(x.uv[0]) && std::isfinite(x.uv[1]);
    for (int k = 0; k < 4; ++k) {
        finite = finite && std::isfinite(x.weights[k]);
        sum += x.weights[k];
        negative = negative || x.weights[k] < 0.0f;
    }
    if (!finite)
        codes << QStringLiteral("BPSM_NON_FINITE");
    else if (negative || std::abs(sum - 1.0f) > 1e-3f)
        codes << QStringLiteral("BPSM_BAD_WEIGHTS");
    if (x.pad[0] || x.pad[1] || x.pad[2])
        codes << QStringLiteral("BPSM_RESERVED_NONZERO");
    return codes;
}

CreatureVertex fineVertex(QRandomGenerator &random)
{
    CreatureVertex x;
    for (int k = 0; k < 3; ++k) {
        x.position[k] = float(random.generateDouble() * 4.0 - 2.0);
        x.normal[k] = float(random.generateDouble());
    }
    x.uv[0] = float(random.generateDouble());
    x.uv[1] = float(random.generateDouble());
    const float a = float(random.generateDouble()), b = float(random.generateDouble()) * (1.0f - a);
    x.weights[0] = a;
    x.weights[1] = b;
    x.weights[2] = (1.0f - a - b) * 0.5f;
    x.weights[3] = 1.0f - a - b - x.weights[2];
    x.bones[0] = quint8(random.bounded(64));
    x.colorRole = quint8(random.bounded(256));
    return x;
}

void damage(QRandomGenerator &random, CreatureVertex &x)
{
    float *floats[12] = {&x.position[0], &x.position[1], &x.position[2], &x.normal[0],  &x.normal[1],  &x.normal[2],
                         &x.uv[0],       &x.uv[1],       &x.weights[0],  &x.weights[1], &x.weights[2], &x.weights[3]};
    switch (random.bounded(7)) {
    case 0: *floats[random.bounded(12)] = std::numeric_limits<float>::quiet_NaN(); break;
    case 1:
        *floats[random.bounded(12)] =
            random.bounded(2) ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
        break;
    case 2: { // the sum just inside or outside the tolerance, by a few float steps
        const float target = 1.0f + (random.bounded(2) ? 1e-3f : -1e-3f);
        x.weights[0] = target - x.weights[1] - x.weights[2] - x.weights[3];
        for (int steps = int(random.bounded(7)) - 3; steps != 0; steps += steps > 0 ? -1 : 1)
            x.weights[0] = std::nextafter(x.weights[0], steps > 0 ? 2.0f : -2.0f);
        break;
    }
    case 3: x.weights[random.bounded(4)] = -float(random.generateDouble()) * 1e-3f; break;
    case 4: x.weights[3] = -0.0f; break;
    case 5: x.pad[random.bounded(3)] = quint8(1 + random.bounded(255)); break;
    default: x.weights[1] += 0.5f; break;
    }
}

} // namespace

class tst_BpsmContentCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findingsFollowTheExactRules_data()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("2 threads") << 2;
        QTest::newRow("3 threads") << 3;
    }

    void findingsFollowTheExactRules()
    {
        QFETCH(int, threads);
        // 37 vertices a frame (not a multiple of 4 or 8), frames enough for several MiB so the
        // threads split them: groups straddle frame and range boundaries.
        constexpr quint32 Vertices = 37, Frames = 6500; // 13.5 MB: three ranges of 4 MiB or more
        QRandomGenerator random(quint32(41 + threads));
        BpsmSnapshot s;
        s.speciesId = 1;
        s.vertexCount = Vertices;
        s.clips = {{QStringLiteral("a"), Frames}};
        s.indices = {0, 1, 2};
        QHash<QString, int> expected;
        for (quint32 i = 0; i < Vertices * Frames; ++i) {
            CreatureVertex x = fineVertex(random);
            if (random.bounded(300) == 0)
                damage(random, x);
            for (const QString &code : expectedCodes(x))
                ++expected[code];
            s.vertices.append(x);
        }
        QByteArray bytes = BpsmWriter(s).toBytes();
        QVERIFY(!bytes.isEmpty());
        { // the writer writes zero pad bytes: damaged ones are patched in
            const BpsmFile written = BpsmFile::fromData(bytes);
            for (quint32 i = 0; i < Vertices * Frames; ++i) {
                const CreatureVertex &x = s.vertices.at(i);
                const quint64 at = *written.vertexOffset(i / Vertices, i % Vertices) + bpsm::vertex::Pad;
                for (int k = 0; k < 3; ++k)
                    bytes[qsizetype(at) + k] = char(x.pad[k]);
            }
        }
        QHash<QString, int> found;
        for (const Diagnostic &d : BpsmValidator(1000000, threads).validate(BpsmFile::fromData(bytes)))
            ++found[d.code];
        QVERIFY(expected.value(QStringLiteral("BPSM_BAD_WEIGHTS")) > 20); // the test plants enough
        QVERIFY(expected.value(QStringLiteral("BPSM_NON_FINITE")) > 20);
        QCOMPARE(found, expected);
    }
};

QTEST_GUILESS_MAIN(tst_BpsmContentCheck)
#include "tst_BpsmContentCheck.moc"
