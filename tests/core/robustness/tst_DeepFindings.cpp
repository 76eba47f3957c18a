// The deep checks give the same findings as before they were made fast and parallel: every
// BPAT file of the malformed corpus, validated deep in both profiles with 1, 2 and 3 threads,
// reports exactly what tests/data/deep-findings/corpus.txt records (written by the single-thread
// validator of main at 727384d: code, severity, offset, location and message of every finding);
// and on a file big enough to be split over threads, with faults near the range boundaries,
// the findings (kept, counted, truncated) do not depend on the thread count.
//
// The BPSM files of the corpus give what main's BpsmValidator gave (bpsm-corpus.txt).
//
// v2, v3 early and v3 late: small versioned files with deep and structural faults (matrices,
// sockets, contacts, bind palette, values at the edge of the fast checks) give what main's
// validators wrote at d9194cf (versions.txt), and so do 10.7 MB files of each version with
// faults around every range boundary (versions-large.txt), with 1-4 threads.
//
// Since issue 35 each list holds the errors first (DiagnosticSink): the BPAT files were
// rewritten then, and differ from those validators' lists only in that order (each capped list
// is the uncapped one's errors, warnings, infos, in the order found, cut at the cap).
//
// BPAT_WRITE_DEEP_FINDINGS=DIR writes the findings files into DIR instead of comparing.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/DeepCheckKernels.h"
#include "bpat/DeepCheckerLate.h"
#include "bpat/Validator.h"
#include "bpsm/BpsmFile.h"
#include "bpsm/BpsmValidator.h"
#include "bpsm/BpsmWriter.h"
#include "TestDocuments.h"
#include "TestPaths.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QtTest/QTest>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

using namespace bpat;

namespace {

QString describe(const ValidationResult &r)
{
    QStringList lines;
    for (const Diagnostic &d : r.issues) {
        lines << QStringLiteral("  %1 %2 @%3 %4: %5")
                     .arg(severityName(d.severity), d.code)
                     .arg(d.offset ? QString::number(*d.offset) : QStringLiteral("-"))
                     .arg(d.location.toString(), d.message);
    }
    lines << QStringLiteral("  counts %1/%2/%3%4%5")
                 .arg(r.counts.errors)
                 .arg(r.counts.warnings)
                 .arg(r.counts.infos)
                 .arg(r.truncated ? QStringLiteral(" truncated") : QString())
                 .arg(r.cancelled ? QStringLiteral(" cancelled") : QString());
    return lines.join(QLatin1Char('\n'));
}

QString corpusFindings(int threads)
{
    QStringList out;
    const QDir dir(testpaths::testData(QStringLiteral("malformed")));
    for (const QString &name : dir.entryList({QStringLiteral("*.bpat")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("cannot read ") + name;
        const BpatFile file = BpatFile::fromData(f.readAll(), name);
        for (ValidationProfile profile : {ValidationProfile::Spec, ValidationProfile::Game}) {
            for (int maxIssues : {0, 2}) {
                ValidationOptions o = ValidationOptions::make(profile, true, maxIssues);
#ifndef BPAT_REFERENCE_BUILD
                o.threads = threads;
                // The records judge the game profile by the game of the file's version (what it
                // meant before it meant the current game).
                o.gameEra = gameEra::ofDialect(file.dialect());
#endif
                out << QStringLiteral("%1 %2 max %3").arg(name, profileName(profile)).arg(maxIssues)
                    << describe(Validator(o).validate(file));
            }
        }
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// Every BPSM file of the corpus, with the default and an unlimited per-code cap.
QString bpsmFindings()
{
    QStringList out;
    const QDir dir(testpaths::testData(QStringLiteral("malformed")));
    for (const QString &name : dir.entryList({QStringLiteral("*.bpsm")}, QDir::Files, QDir::Name)) {
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("cannot read ") + name;
        const BpsmFile file = BpsmFile::fromData(f.readAll(), name);
        for (int cap : {8, 1000000}) {
            ValidationResult r;
            r.issues = BpsmValidator(cap).validate(file);
            out << QStringLiteral("%1 cap %2").arg(name).arg(cap) << describe(r);
        }
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

using bpat::format::Dialect;

// Bytes patched in place; `late` files store column-major skinning matrices, whose "row 3" is
// floats 3, 7, 11, 15 and whose translation is floats 12..14.
struct Fault
{
    const char *name;
    std::function<void(QByteArray &, const BpatLayout &, quint32 bones, quint32 sockets, bool late)> apply;
};

void transposeMatrix(QByteArray &b, qsizetype at)
{
    float m[16];
    std::memcpy(m, b.constData() + at, sizeof m);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            testdocs::setF32(b, at + 4 * (r * 4 + c), m[c * 4 + r]);
}

qsizetype matrixAt(const BpatLayout &l, quint32 bones, quint32 frame, quint32 bone)
{
    return qsizetype(l.paletteDataOffset + (quint64(frame) * bones + bone) * 64);
}

// The first and last frames of a file of `frames` frames and the two around every boundary of
// a split into 2, 3 or 4 ranges (DeepChecker's ranges for 2-4 threads).
QList<quint32> boundaryFrames(quint32 frames)
{
    QList<quint32> out{0, 1, frames - 1};
    for (quint32 parts : {2u, 3u, 4u}) {
        for (quint32 r = 1; r < parts; ++r) {
            const quint32 boundary = quint32(quint64(frames) * r / parts);
            out << boundary - 1 << boundary;
        }
    }
    return out;
}

QList<Fault> versionedFaults()
{
    using testdocs::setF32;
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    return {
        {"base", [](QByteArray &, const BpatLayout &, quint32, quint32, bool) {}},
        {"matrix-nan",
         [=](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool) { setF32(b, matrixAt(l, n, 1, 2) + 20, nan); }},
        {"matrix-inf",
         [=](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool) { setF32(b, matrixAt(l, n, 4, 0) + 0, -inf); }},
        {"non-affine",
         [](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool late) {
             setF32(b, matrixAt(l, n, 2, 0) + 4 * (late ? 7 : 13), 0.5f);
         }},
        {"negative-zero",
         [](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool late) {
             setF32(b, matrixAt(l, n, 3, 1) + 4 * (late ? 3 : 12), -0.0f);
         }},
        {"transposed",
         [](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool) { transposeMatrix(b, matrixAt(l, n, 1, 1)); }},
        {"degenerate",
         [](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool) {
             for (int k : {0, 1, 2, 4, 5, 6, 8, 9, 10})
                 setF32(b, matrixAt(l, n, 3, 1) + 4 * k, 0.0f);
         }},
        {"tiny-scale",
         [](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool) {
             for (int k : {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
                 float v;
                 std::memcpy(&v, b.constData() + matrixAt(l, n, 5, 2) + 4 * k, 4);
                 setF32(b, matrixAt(l, n, 5, 2) + 4 * k, v * 1.1e-4f);
             }
         }},
        {"tiny-scale-below",
         [](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool) {
             for (int k : {0, 1, 2, 4, 5, 6, 8, 9, 10}) {
                 float v;
                 std::memcpy(&v, b.constData() + matrixAt(l, n, 5, 2) + 4 * k, 4);
                 setF32(b, matrixAt(l, n, 5, 2) + 4 * k, v * 0.9e-4f);
             }
         }},
        {"huge",
         [](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool) {
             for (int k : {0, 1, 4, 5})
                 setF32(b, matrixAt(l, n, 0, 2) + 4 * k, 3.0e38f);
         }},
        {"moved-anchor",
         [](QByteArray &b, const BpatLayout &l, quint32 n, quint32, bool late) {
             setF32(b, matrixAt(l, n, 4, 2) + 4 * (late ? 13 : 7), 9.0f);
         }},
        {"socket-nudged",
         [](QByteArray &b, const BpatLayout &l, quint32, quint32 s, bool) {
             const qsizetype at = qsizetype(l.socketDataOffset + (5ull * s + 0) * 48 + 12);
             float v;
             std::memcpy(&v, b.constData() + at, 4);
             setF32(b, at, v + 0.01f);
         }},
        {"socket-within-tolerance",
         [](QByteArray &b, const BpatLayout &l, quint32, quint32 s, bool) {
             const qsizetype at = qsizetype(l.socketDataOffset + (2ull * s + 1) * 48 + 28);
             float v;
             std::memcpy(&v, b.constData() + at, 4);
             setF32(b, at, v + 1e-6f);
         }},
        {"socket-inf",
         [=](QByteArray &b, const BpatLayout &l, quint32, quint32 s, bool) {
             setF32(b, qsizetype(l.socketDataOffset + (0ull * s + 1) * 48), inf);
         }},
        {"contact-nan",
         [=](QByteArray &b, const BpatLayout &l, quint32, quint32, bool) {
             if (l.contactDataOffset)
                 setF32(b, qsizetype(l.contactDataOffset + 5 * 8 + 4), nan);
         }},
        {"bind-nan",
         [=](QByteArray &b, const BpatLayout &l, quint32, quint32, bool) {
             if (l.bindPaletteOffset)
                 setF32(b, qsizetype(l.bindPaletteOffset + 2 * 64), nan);
         }},
        {"bind-not-affine",
         [](QByteArray &b, const BpatLayout &l, quint32, quint32, bool) {
             if (l.bindPaletteOffset)
                 setF32(b, qsizetype(l.bindPaletteOffset + 1 * 64 + 4 * 7), 0.5f);
         }},
        {"bind-degenerate",
         [](QByteArray &b, const BpatLayout &l, quint32, quint32, bool) {
             if (l.bindPaletteOffset)
                 for (int k : {0, 1, 2, 4, 5, 6, 8, 9, 10})
                     testdocs::setF32(b, qsizetype(l.bindPaletteOffset + 1 * 64 + 4 * k), 0.0f);
         }},
        {"bind-out-of-bounds",
         [](QByteArray &b, const BpatLayout &l, quint32, quint32, bool) {
             if (l.bindPaletteOffset)
                 testdocs::setU64(b, 80, quint64(b.size()) - 10);
         }},
        {"truncated-palette",
         [](QByteArray &b, const BpatLayout &l, quint32, quint32, bool) { b.truncate(qsizetype(l.paletteDataOffset + 100)); }},
    };
}

QString versionedFindings(int threads)
{
    QStringList out;
    for (Dialect dialect : {Dialect::V2, Dialect::V3Early, Dialect::V3Late}) {
        const BpatDocument doc = testdocs::smallVersionedDocument(dialect);
        const QByteArray base = BpatWriter(doc).toBytes();
        const BpatLayout l = BpatWriter(doc).layout();
        for (const Fault &fault : versionedFaults()) {
            QByteArray bytes = base;
            fault.apply(bytes, l, doc.boneCount(), quint32(doc.sockets().size()), dialect == Dialect::V3Late);
            const BpatFile file = BpatFile::fromData(bytes);
            for (ValidationProfile profile : {ValidationProfile::Spec, ValidationProfile::Game}) {
                for (int maxIssues : {0, 2}) {
                    ValidationOptions o = ValidationOptions::make(profile, true, maxIssues);
                    o.threads = threads;
                    o.gameEra = gameEra::ofDialect(file.dialect()); // as the records were made
                    out << QStringLiteral("%1 %2 %3 max %4")
                               .arg(format::dialectName(dialect), QLatin1String(fault.name), profileName(profile))
                               .arg(maxIssues)
                        << describe(Validator(o).validate(file));
                }
            }
        }
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// 64 bones x 2,500 frames in two clips, 2 sockets (contacts in v3, a bind palette and parents
// in late v3), with faults in the first and last frames and around every range boundary of 2,
// 3 and 4 threads.
QByteArray largeVersionedFile(Dialect dialect)
{
    constexpr quint32 Bones = 64, Frames = 2500;
    BpatDocument doc(0, Bones);
    doc.addClip(testdocs::makeClip(QStringLiteral("a"), 1200, Bones, 30.0f, true));
    doc.addClip(testdocs::makeClip(QStringLiteral("b"), Frames - 1200, Bones, 30.0f, false, 0.3f));
    doc.addSocket({QStringLiteral("s"), 3, QVector3D(0.0f, 0.2f, 0.0f)});
    doc.addSocket({QStringLiteral("t"), 60, QVector3D()});
    doc.setDialect(dialect);
    if (format::isV3(dialect)) {
        for (int c = 0; c < doc.clipCount(); ++c) {
            BpatClip &clip = doc.clip(c);
            for (quint32 f = 0; f < clip.frameCount; ++f)
                clip.contacts << 0.01f * float(f) << 0.5f;
        }
    }
    if (dialect == Dialect::V3Late) {
        QList<QMatrix4x4> bind;
        QList<quint8> parents;
        for (quint32 b = 0; b < Bones; ++b) {
            bind.append(doc.clip(0).matrix(7, b, Bones));
            parents.append(b == 0 ? format::NoParentBone : quint8(b - 1));
        }
        doc.setBindMatrices(bind);
        doc.setBoneParents(parents);
    }
    QByteArray bytes = BpatWriter(doc).toBytes();
    const BpatLayout l = BpatWriter(doc).layout();
    const bool late = dialect == Dialect::V3Late;
    const QList<quint32> frames = boundaryFrames(Frames);
    int k = 0;
    for (quint32 f : frames) {
        switch (k++ % 6) {
        case 0: testdocs::setF32(bytes, matrixAt(l, Bones, f, 5) + 4 * 2, std::numeric_limits<float>::quiet_NaN()); break;
        case 1: testdocs::setF32(bytes, matrixAt(l, Bones, f, 3) + 4 * (late ? 13 : 7), 9.0f); break; // moves socket 's'
        case 2: transposeMatrix(bytes, matrixAt(l, Bones, f, 9)); break;
        case 3:
            testdocs::setF32(bytes, qsizetype(l.socketDataOffset + (quint64(f) * 2 + 1) * 48),
                             std::numeric_limits<float>::infinity());
            break;
        case 4:
            for (int i : {0, 1, 2, 4, 5, 6, 8, 9, 10})
                testdocs::setF32(bytes, matrixAt(l, Bones, f, 60) + 4 * i, 0.0f); // also moves socket 't'
            break;
        default:
            if (l.contactDataOffset)
                testdocs::setF32(bytes, qsizetype(l.contactDataOffset + quint64(f) * 8), -std::numeric_limits<float>::infinity());
            testdocs::setF32(bytes, matrixAt(l, Bones, f, 1) + 4 * (late ? 11 : 14), 0.25f); // not affine
        }
    }
    return bytes;
}

QString largeVersionedFindings(int threads)
{
    QStringList out;
    for (Dialect dialect : {Dialect::V2, Dialect::V3Early, Dialect::V3Late}) {
        const BpatFile file = BpatFile::fromData(largeVersionedFile(dialect));
        for (int maxIssues : {0, 3, 12}) {
            ValidationOptions o = ValidationOptions::make(ValidationProfile::Spec, true, maxIssues);
            o.threads = threads;
            out << QStringLiteral("%1 large max %2").arg(format::dialectName(dialect)).arg(maxIssues)
                << describe(Validator(o).validate(file));
        }
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// A BPSM of 3 clips, 1,000 vertices and 400 frames (22.4 MB), every vertex finite with weights
// summing to 1, then faults (NaN, infinity, weights off, negative weight, pad, index out of range)
// in the first and last frames and around every range boundary of 2, 3 and 4 threads.
QByteArray largeBpsm()
{
    constexpr quint32 Vertices = 1000, Frames = 400;
    BpsmSnapshot snapshot;
    snapshot.vertexCount = Vertices;
    snapshot.clips = {{QStringLiteral("a"), 150}, {QStringLiteral("b"), 200}, {QStringLiteral("c"), 50}};
    for (quint32 t = 0; t + 2 < Vertices; t += 3)
        snapshot.indices << t << t + 1 << t + 2;
    snapshot.vertices.resize(qsizetype(Frames) * Vertices);
    for (quint32 f = 0; f < Frames; ++f) {
        for (quint32 v = 0; v < Vertices; ++v) {
            CreatureVertex &x = snapshot.vertices[qsizetype(f) * Vertices + v];
            x.position[0] = 0.001f * float(v);
            x.position[1] = 0.01f * float(f);
            x.position[2] = -0.5f;
            x.uv[0] = 0.25f;
            x.bones[0] = quint8(v % 20);
            x.weights[0] = 0.5f;
            x.weights[1] = 0.25f;
            x.weights[2] = 0.125f;
            x.weights[3] = 0.125f;
            x.colorRole = quint8(v % 3);
        }
    }
    QByteArray bytes = BpsmWriter(snapshot).toBytes();
    const BpsmLayout l = BpsmWriter(snapshot).layout();
    const QList<quint32> frames = boundaryFrames(Frames);
    int k = 0;
    for (quint32 f : frames) {
        for (quint32 v : {0u, Vertices - 1}) {
            const qsizetype at = qsizetype(l.vertexDataOffset + (quint64(f) * Vertices + v) * 56);
            // Only NON_FINITE passes the cap of 8 (the order of the summaries is the hash's).
            switch (k++ % 6) {
            case 0: testdocs::setF32(bytes, at + 4, std::numeric_limits<float>::quiet_NaN()); break;
            case 1: testdocs::setF32(bytes, at + 28, std::numeric_limits<float>::infinity()); break;
            case 2: testdocs::setF32(bytes, at + 36 + 4, 0.2502f); break; // sum 1.0002: within 1e-3
            case 3: testdocs::setF32(bytes, at + 36 + 4 * (f % 2 ? 3 : 1), f % 2 ? -0.125f : 0.3f); break;
            case 4: bytes[at + 53 + f % 3] = 1; break;
            default: testdocs::setF32(bytes, at + 48, std::numeric_limits<float>::quiet_NaN());
            }
        }
    }
    testdocs::setU32(bytes, qsizetype(l.indexDataOffset + 4 * 5), Vertices);
    testdocs::setU32(bytes, qsizetype(l.indexDataOffset + 4 * 997), 0xffffffffu);
    return bytes;
}

QString largeBpsmFindings(int threads)
{
    QStringList out;
    const BpsmFile file = BpsmFile::fromData(largeBpsm());
    for (int cap : {8, 1000000}) {
        ValidationResult r;
        r.issues = BpsmValidator(cap, threads).validate(file);
        out << QStringLiteral("large cap %1").arg(cap) << describe(r);
    }
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool compareWith(const QString &findings, const QString &file)
{
    if (const QString path = qEnvironmentVariable("BPAT_WRITE_DEEP_FINDINGS"); !path.isEmpty()) {
        QFile f(path + QLatin1Char('/') + file);
        if (!f.open(QIODevice::WriteOnly))
            return false;
        f.write(findings.toUtf8());
        return true;
    }
    QFile f(testpaths::testData(QStringLiteral("deep-findings/") + file));
    if (!f.open(QIODevice::ReadOnly)) {
        qWarning("cannot read %s", qPrintable(f.fileName()));
        return false;
    }
    const QStringList expected = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    const QStringList actual = findings.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < std::min(expected.size(), actual.size()); ++i) {
        if (expected.at(i) != actual.at(i)) {
            qWarning("%s line %lld:\n expected %s\n actual   %s", qPrintable(file), static_cast<long long>(i + 1),
                     qPrintable(expected.at(i)), qPrintable(actual.at(i)));
            return false;
        }
    }
    return expected.size() == actual.size();
}

} // namespace

class tst_DeepFindings : public QObject
{
    Q_OBJECT

private:
    static void threads_data()
    {
        QTest::addColumn<int>("threads");
        for (int n = 1; n <= 4; ++n)
            QTest::newRow(qPrintable(QStringLiteral("%1 threads").arg(n))) << n;
    }

private Q_SLOTS:
    void corpusFindingsAreUnchanged_data()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("1 thread") << 1;
        QTest::newRow("2 threads") << 2;
        QTest::newRow("3 threads") << 3;
    }
    void corpusFindingsAreUnchanged()
    {
        QFETCH(int, threads);
        QVERIFY(compareWith(corpusFindings(threads), QStringLiteral("corpus.txt")));
    }

    void versionedFindingsAreUnchanged_data() { threads_data(); }
    void versionedFindingsAreUnchanged()
    {
        QFETCH(int, threads);
        QVERIFY(compareWith(versionedFindings(threads), QStringLiteral("versions.txt")));
    }

    void largeVersionedFindingsAreUnchanged_data() { threads_data(); }
    void largeVersionedFindingsAreUnchanged()
    {
        QFETCH(int, threads);
        QVERIFY(compareWith(largeVersionedFindings(threads), QStringLiteral("versions-large.txt")));
    }

    void bpsmCorpusFindingsAreUnchanged() { QVERIFY(compareWith(bpsmFindings(), QStringLiteral("bpsm-corpus.txt"))); }

    void largeBpsmFindingsAreUnchanged_data() { threads_data(); }
    void largeBpsmFindingsAreUnchanged()
    {
        QFETCH(int, threads);
        QVERIFY(compareWith(largeBpsmFindings(threads), QStringLiteral("bpsm-large.txt")));
    }

    // The socket-row kernel computes what the exact check computes, to the bit
    // (BpatDocument::computeSocketRow); the late-v3 kernel, which computes the global in float,
    // passes only rows the exact check (global skin x bind in double) does not count as
    // differing, on random matrices of every magnitude and stored rows around the tolerance, and
    // passes most rows of moderate magnitude that are within half of it.
    void kernelsAgreeWithTheExactChecks()
    {
        QRandomGenerator random(23);
        auto value = [&](int spread) {
            const double magnitude = std::ldexp(1.0, int(random.bounded(2 * spread)) - spread);
            return float((random.generateDouble() * 2.0 - 1.0) * magnitude);
        };
        constexpr float Tolerance = 1e-4f;
        int passedModerate = 0, moderate = 0;
        for (int i = 0; i < 40000; ++i) {
            const int spread = i % 2 == 0 ? 20 : 2; // every magnitude, or moderate ones
            float skin[16], bind[16];
            for (float &v : skin)
                v = value(spread);
            for (float &v : bind)
                v = i % 3 == 0 ? -0.0f : value(spread);
            const std::array<float, 16> global = skinTimesBind(skin, bind);
            const QVector3D offset(value(spread), value(spread), value(spread));
            float socket[12];
            deepkernels::socketRow(global.data(), offset.x(), offset.y(), offset.z(), socket);
            const std::array<float, 12> expected = BpatDocument::computeSocketRow(global.data(), offset);
            QVERIFY(std::memcmp(socket, expected.data(), sizeof socket) == 0);
#if defined(__SSE2__)
            // What DeepCheckerLate prepares: the bind splatted, B(k, c) = bind[c * 4 + k], and
            // the error scale.
            __m128 splat[16];
            float maxB = 0.0f;
            for (int k = 0; k < 4; ++k) {
                for (int c = 0; c < 4; ++c) {
                    splat[k * 4 + c] = _mm_set1_ps(bind[c * 4 + k]);
                    maxB = std::max(maxB, std::abs(bind[c * 4 + k]));
                }
            }
            const float errorScale =
                float(16.0 / (1 << 24) * double(maxB)
                      * (std::abs(double(offset.x())) + std::abs(double(offset.y())) + std::abs(double(offset.z())) + 1.0)
                      * (1.0 + 1e-6));
            const bool near = i % 4 < 2; // stored rows within half the tolerance, or around it
            float stored[12];
            bool differs = false;
            for (int k = 0; k < 12; ++k) {
                const float scale = Tolerance * std::max(1.0f, std::abs(expected[k]));
                stored[k] = expected[k] + float(random.generateDouble() * 2.0 - 1.0) * scale * (near ? 0.4f : 1.02f);
                differs |= !(std::abs(stored[k] - expected[k]) <= scale);
            }
            const bool within = deepkernels::lateSocketRowWithin(
                reinterpret_cast<const uchar *>(stored), reinterpret_cast<const uchar *>(skin), splat, _mm_set1_ps(offset.x()),
                _mm_set1_ps(offset.y()), _mm_set1_ps(offset.z()), errorScale, Tolerance);
            QVERIFY2(!within || !differs,
                     qPrintable(QStringLiteral("case %1: passed a row the exact check counts as differing").arg(i)));
            if (spread == 2 && near) {
                ++moderate;
                passedModerate += within ? 1 : 0;
            }
#endif
        }
#if defined(__SSE2__)
        QVERIFY2(passedModerate * 10 >= moderate * 9,
                 qPrintable(QStringLiteral("%1 of %2 passed").arg(passedModerate).arg(moderate)));
#endif
    }

    // Late v3 skinning matrices whose last row is 0 0 0 1 with some zeros negative (as
    // global x inverse(bind) writes them for some binds) are passed by the fast test, which
    // compares those zeros without their sign (deepkernels::nextSuspect): the findings are the
    // exact checks' (DeepCheckerLate::check), matrix by matrix, on matrices whose global
    // determinant lies around the degenerate threshold.
    void lateSignedZerosGetTheExactVerdicts()
    {
        constexpr quint32 Bones = 8;
        BpatDocument doc(0, Bones);
        doc.addClip(testdocs::makeClip(QStringLiteral("a"), 500, Bones, 30.0f, true));
        doc.setDialect(format::Dialect::V3Late);
        QList<QMatrix4x4> bindMatrices;
        for (quint32 b = 0; b < Bones; ++b)
            bindMatrices.append(doc.clip(0).matrix(3, b, Bones));
        doc.setBindMatrices(bindMatrices);
        QVERIFY(doc.hasBindPalette());
        const quint32 bones = doc.boneCount();
        QByteArray positive = BpatWriter(doc).toBytes(); // every zero positive
        QVERIFY(!positive.isEmpty());
        const BpatLayout l = BpatWriter(doc).layout();
        const QList<float> &bind = doc.bindPalette();
        const double minDet = ValidationOptions().degenerateDeterminant;
        QRandomGenerator random(7);
        QByteArray negative = positive;
        const quint64 matrices = quint64(doc.frameTotal()) * bones;
        for (quint64 i = 0; i < matrices; ++i) {
            const float *b = bind.constData() + (i % bones) * 16; // column-major: B(r, c) = b[c * 4 + r]
            auto det3 = [](auto e) {                              // e(r, c)
                return double(e(0, 0)) * (double(e(1, 1)) * e(2, 2) - double(e(1, 2)) * e(2, 1))
                    - double(e(0, 1)) * (double(e(1, 0)) * e(2, 2) - double(e(1, 2)) * e(2, 0))
                    + double(e(0, 2)) * (double(e(1, 0)) * e(2, 1) - double(e(1, 1)) * e(2, 0));
            };
            const double detBind = det3([&](int r, int c) { return b[c * 4 + r]; });
            float s[16] = {};
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 3; ++r)
                    s[c * 4 + r] = float(random.generateDouble() * 2.0 - 1.0);
            const double detSkin = det3([&](int r, int c) { return s[c * 4 + r]; });
            // Scale the upper 3x3 so that |det(global)| is the threshold times 2^[-1, 1], a
            // quarter of them within 2^-18 of it.
            const double spread = i % 4 == 0 ? 1.0 / (1 << 18) : 1.0;
            const double target = minDet * std::exp2((random.generateDouble() * 2.0 - 1.0) * spread);
            const double t = std::cbrt(target / std::abs(detSkin * detBind));
            if (!std::isfinite(t))
                continue;
            for (int c = 0; c < 3; ++c)
                for (int r = 0; r < 3; ++r)
                    s[c * 4 + r] = float(s[c * 4 + r] * t);
            s[15] = 1.0f;
            const qsizetype at = qsizetype(l.paletteDataOffset + i * 64);
            for (int k = 0; k < 16; ++k) {
                testdocs::setF32(positive, at + 4 * k, s[k]);
                const bool zeroRow = k == 3 || k == 7 || k == 11;
                testdocs::setF32(negative, at + 4 * k, zeroRow && random.bounded(2) ? -0.0f : s[k]);
            }
        }
        QVERIFY(positive != negative);
        ValidationOptions o;
        o.deep = true;
        const BpatFile file = BpatFile::fromData(negative);
        const DeepCheckerLate exact(file, o);
        QStringList expected;
        for (quint64 i = 0; i < matrices; ++i) {
            float s[16];
            std::memcpy(s, negative.constData() + l.paletteDataOffset + i * 64, sizeof s);
            const DeepCheckerLate::Verdict v = exact.check(s, quint32(i % bones), false);
            QCOMPARE(int(v.kind) == int(DeepCheckerLate::Verdict::RowMajor), false);
            if (v.kind == DeepCheckerLate::Verdict::Finding)
                expected << QStringLiteral("%1 @%2").arg(v.code).arg(l.paletteDataOffset + i * 64);
        }
        QStringList got;
        for (const Diagnostic &d : Validator(o).validate(file).issues) {
            if (d.offset && *d.offset >= l.paletteDataOffset && *d.offset < l.paletteDataOffset + matrices * 64)
                got << QStringLiteral("%1 @%2").arg(d.code).arg(*d.offset);
        }
        QCOMPARE(got, expected);
        QVERIFY2(expected.size() > qsizetype(matrices / 5) && expected.size() < qsizetype(matrices * 4 / 5),
                 qPrintable(QStringLiteral("%1 of %2 degenerate").arg(expected.size()).arg(matrices)));
    }

    // 64 bones x 2,500 frames (about 10.7 MB): split over threads. Faults in the first and last
    // frames and around every possible range boundary.
    void findingsDoNotDependOnThreads()
    {
        constexpr quint32 Bones = 64, Frames = 2500;
        BpatDocument doc(0, Bones);
        doc.addClip(testdocs::makeClip(QStringLiteral("a"), 1200, Bones, 30.0f, true));
        doc.addClip(testdocs::makeClip(QStringLiteral("b"), Frames - 1200, Bones, 30.0f, false, 0.3f));
        doc.addSocket({QStringLiteral("s"), 3, QVector3D(0.0f, 0.2f, 0.0f)});
        doc.addSocket({QStringLiteral("t"), 60, QVector3D()});
        QByteArray bytes = BpatWriter(doc).toBytes();
        QVERIFY(!bytes.isEmpty());
        const BpatLayout l = BpatWriter(doc).layout();
        const QList<quint32> frames = boundaryFrames(Frames);
        int k = 0;
        for (quint32 f : frames) {
            switch (k++ % 4) {
            case 0: testdocs::setF32(bytes, matrixAt(l, Bones, f, 5) + 4 * 2, std::numeric_limits<float>::quiet_NaN()); break;
            case 1: testdocs::setF32(bytes, matrixAt(l, Bones, f, 3) + 4 * 7, 9.0f); break; // moves socket 's' off its rows
            case 2:                                                                         // column-major
                for (int i : {3, 7, 11})
                    testdocs::setF32(bytes, matrixAt(l, Bones, f, 9) + 4 * i, 0.0f);
                testdocs::setF32(bytes, matrixAt(l, Bones, f, 9) + 4 * 12, 1.0f);
                break;
            default:
                testdocs::setF32(bytes, qsizetype(l.socketDataOffset + (quint64(f) * 2 + 1) * 48),
                                 std::numeric_limits<float>::infinity());
            }
        }
        const BpatFile file = BpatFile::fromData(bytes);
        for (int maxIssues : {0, 3, 12}) {
            ValidationOptions one = ValidationOptions::make(ValidationProfile::Spec, true, maxIssues);
            one.threads = 1;
            const QString expected = describe(Validator(one).validate(file));
            QVERIFY(expected.contains(u"COLUMN_MAJOR_SUSPECTED") || maxIssues > 0);
            for (int threads : {2, 3, 4}) {
                ValidationOptions many = one;
                many.threads = threads;
                QCOMPARE(describe(Validator(many).validate(file)), expected);
            }
        }
    }
};

QTEST_GUILESS_MAIN(tst_DeepFindings)
#include "tst_DeepFindings.moc"
