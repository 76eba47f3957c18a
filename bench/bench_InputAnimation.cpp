// Input animation benchmarks (figures go to docs/performance.md):
//  1. parse throughput (MB/s) of a generated hour-long 1.0 recording, beside a plain read of the
//     same bytes from the page cache and a plain copy in memory;
//  2. sequential sampling throughput (samples/s) of the real hand recording with forward
//     cursors (every curve at 60 fps), beside random access (binary search per sample).
// Usage: bench_InputAnimation [minutes=60] [keys-per-second-per-curve=22]
// The default density is the real recording's (118,089 keys over 371 recorded curves in 14.5 s).
#include "anim/CurveCursor.h"
#include "anim/InputAnimationReader.h"
#include "anim/InputAnimationWriter.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <cstdio>
#include <cstring>

using namespace bpat;

namespace {

InputAnimation generate(double seconds, double keysPerSecond)
{
    InputAnimation a;
    a.setVersion(1, 0);
    QRandomGenerator rng(42);
    const qsizetype keyCount = qsizetype(seconds * keysPerSecond);
    auto fill = [&](FloatCurve &curve) {
        QList<Keyframe> keys;
        keys.reserve(keyCount);
        float value = float(rng.generateDouble());
        for (qsizetype k = 0; k < keyCount; ++k) {
            value += float(rng.generateDouble() - 0.5) * 0.01f;
            keys.append(Keyframe::linear(float(double(k) / keysPerSecond), value));
        }
        curve.setKeys(std::move(keys));
    };
    for (FloatCurve &c : a.camera().curves)
        fill(c);
    for (int h = 0; h < HandCount; ++h) {
        for (int j = 1; j < HandJointCount; ++j) { // "None" is never recorded
            for (FloatCurve &c : a.joint(Hand(h), HandJoint(j)).curves)
                fill(c);
        }
        a.handBool(h == 0 ? HandBoolCurve::LeftTracked : HandBoolCurve::RightTracked).setKeys({{0, 1}});
    }
    return a;
}

template<typename F> double bestSeconds(int runs, F &&body)
{
    double best = 1e30;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        body();
        best = std::min(best, double(timer.nsecsElapsed()) / 1e9);
    }
    return best;
}

void benchParse(double minutes, double keysPerSecond)
{
    std::printf("== parse: generated %.0f-minute 1.0 recording, %.0f keys/s on each of 371 curves ==\n", minutes, keysPerSecond);
    const InputAnimation generated = generate(minutes * 60, keysPerSecond);
    const QByteArray bytes = InputAnimationWriter().toBytes(generated);
    const double mb = double(bytes.size()) / 1e6;
    std::printf("file: %.1f MB, %lld keys\n", mb, static_cast<long long>(generated.keyCount()));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("hour.bin"));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
    }
    QByteArray copy(bytes.size(), Qt::Uninitialized);
    const double memcpySeconds = bestSeconds(3, [&] { std::memcpy(copy.data(), bytes.constData(), size_t(bytes.size())); });
    const double readSeconds = bestSeconds(3, [&] {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly) || f.readAll().size() != bytes.size())
            qFatal("read failed");
    });
    InputAnimationReader reader;
    const double parseSeconds = bestSeconds(3, [&] {
        if (!reader.read(bytes))
            qFatal("parse failed: %s", qPrintable(reader.errorString()));
    });
    const double fileSeconds = bestSeconds(3, [&] {
        if (!reader.readFile(path))
            qFatal("readFile failed");
    });
    const double writeSeconds = bestSeconds(3, [&] { (void)InputAnimationWriter().toBytes(generated); });
    std::printf("memcpy of the bytes          %8.0f MB/s\n", mb / memcpySeconds);
    std::printf("plain read (QFile::readAll)  %8.0f MB/s\n", mb / readSeconds);
    std::printf("parse from memory            %8.0f MB/s  (%.3f s)\n", mb / parseSeconds, parseSeconds);
    std::printf("readFile (read + parse)      %8.0f MB/s  (%.3f s)\n", mb / fileSeconds, fileSeconds);
    std::printf("write to memory (1.0)        %8.0f MB/s\n", mb / writeSeconds);
}

void benchSampling(const InputAnimation &a, const char *label, double fps)
{
    const QList<CurveRef> curves = a.curves();
    const double start = 0.0;
    const double end = a.duration();
    const qint64 frames = qint64((end - start) * fps) + 1;
    const qint64 samples = frames * curves.size();
    double sink = 0;
    const double cursorSeconds = bestSeconds(3, [&] {
        for (const CurveRef &ref : curves) {
            CurveCursor cursor = ref.boolCurve ? CurveCursor(*ref.boolCurve) : CurveCursor(*ref.floatCurve);
            for (qint64 f = 0; f < frames; ++f)
                sink += cursor.value(start + double(f) / fps);
        }
    });
    const double randomSeconds = bestSeconds(3, [&] {
        for (const CurveRef &ref : curves) {
            for (qint64 f = 0; f < frames; ++f) {
                const double t = start + double(f) / fps;
                sink += ref.boolCurve ? double(ref.boolCurve->evaluate(t)) : ref.floatCurve->evaluate(t);
            }
        }
    });
    // Per-key density: every key of the recording visited once, one sample per key time.
    std::printf("== sampling: %s, %lld curves x %lld frames at %.0f fps (%lld samples) ==\n", label,
                static_cast<long long>(curves.size()), static_cast<long long>(frames), fps, static_cast<long long>(samples));
    std::printf("forward cursors              %8.1f M samples/s\n", double(samples) / cursorSeconds / 1e6);
    std::printf("random access (evaluate)     %8.1f M samples/s\n", double(samples) / randomSeconds / 1e6);
    std::printf("(checksum %g)\n", sink);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const double minutes = argc > 1 ? std::atof(argv[1]) : 60.0;
    const double density = argc > 2 ? std::atof(argv[2]) : 22.0;
    benchParse(minutes, density);

    const QString real = QStringLiteral(BPAT_SHARED_DIR "/mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
    InputAnimationReader reader;
    const auto recording = reader.readFile(real);
    if (recording && recording->keyCount() > 0) {
        benchSampling(*recording, "real hand recording", 60.0);
        benchSampling(*recording, "real hand recording", 1000.0);
    } else {
        std::printf("== sampling: real recording unavailable (%s): %s ==\n", qPrintable(real), qPrintable(reader.errorString()));
    }
    const InputAnimation minute = generate(60, density);
    benchSampling(minute, "generated 1-minute recording", 60.0);
    return 0;
}
