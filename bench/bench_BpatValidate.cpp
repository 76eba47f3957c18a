// Open + validate time of a generated 1 GiB BPAT file against a 1 MiB one (opening maps the file
// and reads only header and tables, so the ratio should be about 1), and deep-validation
// throughput beside a plain read of the same mapping, in the same run.
//
// Usage: bench_BpatValidate [--size-mib N] [--runs N] [--keep]   (default 1024 MiB, 5 runs;
// files go to the temp dir and are deleted at the end unless --keep). Deep figures are medians
// of the runs, each run measuring the plain pass, deep with 1 thread and deep with the default
// thread count back to back, page cache warm.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpat/BpatWriter.h"
#include "bpat/Validator.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QThread>
#include <QtEndian>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sys/resource.h>

using namespace bpat;

namespace {

constexpr quint32 Bones = 64;
constexpr quint32 Sockets = 4;

// A valid BPAT file of about `targetBytes`: one looping clip whose frames repeat a small set
// of real frames. The header and tables come from BpatWriter (a one-frame document); the
// frame count is then raised and the palette and socket rows are streamed to disk.
bool generate(const QString &path, quint64 targetBytes)
{
    constexpr quint32 Distinct = 8;
    BpatDocument doc(0, Bones);
    BpatClip clip;
    clip.name = QStringLiteral("loop");
    clip.frameCount = Distinct;
    clip.palette.resize(qsizetype(Distinct) * Bones * 16);
    for (quint32 f = 0; f < Distinct; ++f) {
        for (quint32 b = 0; b < Bones; ++b) {
            const float a = 0.01f * float(f * Bones + b), c = std::cos(a), s = std::sin(a);
            const float m[16] = {c, -s, 0, 0.1f * float(b), s, c, 0, 0.05f * float(f), 0, 0, 1, 0.5f, 0, 0, 0, 1};
            std::memcpy(clip.palette.data() + BpatClip::matrixIndex(f, b, Bones), m, sizeof m);
        }
    }
    doc.addClip(clip);
    for (quint32 s = 0; s < Sockets; ++s)
        doc.addSocket({QStringLiteral("socket%1").arg(s), s * 7, QVector3D(0.0f, 0.1f * float(s), 0.0f)});
    const QByteArray sample = BpatWriter(doc).toBytes();
    const BpatLayout layout = BpatWriter(doc).layout();

    const quint64 frameBytes = quint64(Bones) * 64 + quint64(Sockets) * 48;
    const quint32 frames = quint32(std::max<quint64>(Distinct, (targetBytes - layout.paletteDataOffset) / frameBytes / Distinct * Distinct));
    QByteArray head = sample.left(qsizetype(layout.paletteDataOffset));
    qToLittleEndian<quint32>(frames, head.data() + format::header::FrameTotal);
    qToLittleEndian<quint32>(frames, head.data() + layout.clipTableOffset + format::clip::FrameCount);

    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return false;
    out.write(head);
    const QByteArray paletteChunk = sample.mid(qsizetype(layout.paletteDataOffset), qsizetype(Distinct * Bones * 64));
    const QByteArray socketChunk = sample.mid(qsizetype(layout.socketDataOffset), qsizetype(Distinct * Sockets * 48));
    for (quint32 f = 0; f < frames; f += Distinct)
        out.write(paletteChunk);
    for (quint32 f = 0; f < frames; f += Distinct)
        out.write(socketChunk);
    return out.error() == QFileDevice::NoError;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

// Open (map + decode header and tables) and validate structurally, `runs` times: median ms.
double openAndValidateMs(const QString &path, int runs, ValidationResult *last)
{
    QList<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        const auto file = BpatFile::open(path);
        *last = Validator().validate(*file);
        times << double(t.nsecsElapsed()) / 1e6;
    }
    return median(times);
}

long maxRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    quint64 bigMiB = 1024;
    if (const qsizetype i = args.indexOf(QStringLiteral("--size-mib")); i >= 0)
        bigMiB = args.value(i + 1).toULongLong();
    const bool keep = args.contains(QStringLiteral("--keep"));
    int runs = 5;
    if (const qsizetype i = args.indexOf(QStringLiteral("--runs")); i >= 0)
        runs = std::max(1, args.value(i + 1).toInt());

    const QString small = QDir::temp().filePath(QStringLiteral("bench_bpat_1mib.bpat"));
    const QString big = QDir::temp().filePath(QStringLiteral("bench_bpat_big.bpat"));
    if (!generate(small, 1ull << 20) || !generate(big, bigMiB << 20)) {
        std::fprintf(stderr, "cannot write the generated files in %s\n", qPrintable(QDir::tempPath()));
        return 1;
    }
    const quint64 smallSize = quint64(QFileInfo(small).size()), bigSize = quint64(QFileInfo(big).size());
    std::printf("files: %llu bytes and %llu bytes (64 bones, %u sockets, one clip)\n",
                static_cast<unsigned long long>(smallSize), static_cast<unsigned long long>(bigSize), Sockets);

    ValidationResult r;
    openAndValidateMs(big, 3, &r); // warm-up
    const double smallMs = openAndValidateMs(small, 21, &r);
    const bool smallValid = r.valid() && r.issues.isEmpty();
    const double bigMs = openAndValidateMs(big, 21, &r);
    const bool bigValid = r.valid() && r.issues.isEmpty();
    std::printf("open + validate (median of 21): 1 MiB %.3f ms, %llu MiB %.3f ms, ratio %.2f (valid: %s/%s)\n", smallMs,
                static_cast<unsigned long long>(bigMiB), bigMs, bigMs / smallMs, smallValid ? "yes" : "NO", bigValid ? "yes" : "NO");
    std::printf("max RSS after opening both: %ld MiB\n", maxRssMiB());

    const auto file = BpatFile::open(big);
    const uchar *data = file->data();
    const quint64 size = file->fileSize();
    const int all = QThread::idealThreadCount();
    QList<double> plain, deepOne, deepAll;
    auto deepRun = [&](int threads) {
        ValidationOptions o = ValidationOptions::make(ValidationProfile::Spec, true);
        o.threads = threads;
        QElapsedTimer t;
        t.start();
        const ValidationResult d = Validator(o).validate(*file);
        const double gbs = double(size) / double(t.nsecsElapsed());
        if (!d.issues.isEmpty())
            std::printf("unexpected deep findings: %lld\n", static_cast<long long>(d.issues.size()));
        return gbs;
    };
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer t;
        t.start();
        quint64 acc = 0;
        for (quint64 at = 0; at + 8 <= size; at += 8) {
            quint64 v;
            std::memcpy(&v, data + at, 8);
            acc += v;
        }
        plain << double(size) / double(t.nsecsElapsed()); // bytes per ns = GB/s
        if (acc == 42)
            std::printf(" ");
        deepOne << deepRun(1);
        deepAll << deepRun(0);
    }
    // Markdown rows: measurement | GB/s | ratio to the plain pass (scripts/bench.sh adds headers).
    std::printf("| %llu MiB v1 file, 64 bones, %u sockets | plain pass over the mapping (sum of 64-bit words, 1 thread) | %.2f GB/s | 1.00 |\n",
                static_cast<unsigned long long>(bigMiB), Sockets, median(plain));
    std::printf("| | deep validation, 1 thread | %.2f GB/s | %.2f |\n", median(deepOne), median(deepOne) / median(plain));
    std::printf("| | deep validation, default threads (%d) | %.2f GB/s | %.2f |\n", all, median(deepAll), median(deepAll) / median(plain));
    std::printf("max RSS after deep validation: %ld MiB (the mapping's pages count once read); median of %d runs\n", maxRssMiB(), runs);

    if (!keep) {
        QFile::remove(small);
        QFile::remove(big);
    }
    return 0;
}
