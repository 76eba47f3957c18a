// Rebake beside its floor, in one run: the real 14.5 s HoloLens 2 recording (or a generated one
// when ../shared is missing) rebaked with the `hands` recipe (53 bones) at --fps (default 2400):
//   floor    writing the same number of bytes through QSaveFile (AtomicFile, 4 MiB writes)
//            into the same directory, and a plain `write` pass of them;
//   rebake   RebakeJob::run(), streaming into the output, 1 thread and all threads;
//   compute  Rebaker::bakeFrames into a sink that drops the frames: bone poses per second of wall
//            time and per CPU-second (all threads' CPU time), 1 thread and all threads; the
//            speed-up of all threads over one, in wall time and per CPU-second (the second
//            shows what threading costs even when other work holds the other cores).
// Every figure is the median of --runs runs (default 5). Prints Markdown table rows
// (scripts/bench.sh adds the headers; docs/performance.md shows them), then the peak memory.
//
// Usage: bench_Rebake [--fps N] [--runs N] [--recipe NAME] [--dir DIR]
#include "BenchFiles.h"
#include "anim/InputAnimationReader.h"
#include "anim/InputAnimationWriter.h"
#include "io/AtomicFile.h"
#include "rebake/BuiltinRecipes.h"
#include "rebake/RebakeJob.h"
#include "rebake/Rebaker.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QThread>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <sys/resource.h>

using namespace bpat;
using benchfiles::maxRssMiB;
using benchfiles::median;

namespace {

double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// Writes `bytes` bytes of zeros through AtomicFile in 4 MiB writes: the floor of any job that
// writes that much through the atomic save path.
double writeFloorSeconds(const QString &path, quint64 bytes)
{
    const QByteArray block(4 << 20, '\0');
    QElapsedTimer t;
    t.start();
    const bool ok = AtomicFile::write(
        path,
        [&](QIODevice *device, QString *) {
            for (quint64 left = bytes; left > 0;) {
                const qint64 n = qint64(std::min<quint64>(left, quint64(block.size())));
                if (!AtomicFile::writeAll(device, block.constData(), n))
                    return false;
                left -= quint64(n);
            }
            return true;
        },
        nullptr);
    const double s = double(t.nsecsElapsed()) / 1e9;
    QFile::remove(path);
    return ok ? s : std::nan("");
}

// A recording like the real one (camera and both hands' 26 joints, keys at 60 Hz) for machines
// without ../shared.
InputAnimation generated(double seconds)
{
    InputAnimation a;
    auto fill = [&](PoseCurves &pose, float phase) {
        for (int c = 0; c < PoseComponentCount; ++c) {
            QList<Keyframe> k;
            for (int i = 0; i <= int(seconds * 60.0); ++i) {
                const float t = float(i / 60.0);
                k.append(Keyframe::linear(t, std::sin(t * 0.7f + phase + float(c)) * 0.3f + (c == 6 ? 0.8f : 0.0f)));
            }
            pose.curves[size_t(c)] = FloatCurve(std::move(k));
        }
    };
    fill(a.camera(), 0.0f);
    for (int h = 0; h < HandCount; ++h) {
        for (int j = 1; j < HandJointCount; ++j)
            fill(a.joint(Hand(h), HandJoint(j)), float(h * 27 + j) * 0.1f);
        a.handBool(h == 0 ? HandBoolCurve::LeftTracked : HandBoolCurve::RightTracked) = BoolCurve({BoolKey{0.0f, 1.0f}});
    }
    return a;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    auto option = [&](const QString &name, const QString &fallback) {
        const qsizetype i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.at(i + 1) : fallback;
    };
    const double fps = option(QStringLiteral("--fps"), QStringLiteral("2400")).toDouble();
    const int runs = std::max(1, option(QStringLiteral("--runs"), QStringLiteral("5")).toInt());
    const QString recipeName = option(QStringLiteral("--recipe"), QStringLiteral("hands"));
    const std::optional<RebakeRecipe> recipe = BuiltinRecipes::byName(recipeName);
    if (!recipe) {
        std::fprintf(stderr, "unknown recipe %s\n", qPrintable(recipeName));
        return 2;
    }
    QTemporaryDir scratch(
        QDir(option(QStringLiteral("--dir"), QDir::tempPath())).filePath(QStringLiteral("bench_Rebake-XXXXXX")));
    const int all = QThread::idealThreadCount();

    QString recording = qEnvironmentVariable("BPAT_SHARED_DIR", QStringLiteral(BPAT_SHARED_DIR))
        + QStringLiteral("/mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
    QString source = QStringLiteral("real 14.5 s recording");
    InputAnimationReader reader;
    std::optional<InputAnimation> animation = reader.readFile(recording);
    if (!animation) {
        source = QStringLiteral("generated 14.5 s recording");
        animation = generated(14.5);
        recording = scratch.filePath(QStringLiteral("generated.bin"));
        if (!InputAnimationWriter().writeFile(*animation, recording)) {
            std::fprintf(stderr, "cannot write %s\n", qPrintable(recording));
            return 1;
        }
    }
    const QString out = scratch.filePath(QStringLiteral("out.bpat"));
    RebakeClipRequest clip{recording, QStringLiteral("rec"), RebakeRange{0.0, {}, fps}, false};
    RebakeRequest request{out, *recipe, {clip}, QString()};
    // v1, as the series in docs/performance.md was measured (a new file is late v3 by default
    // since November 2026; scripts/bench.sh times every version with --format-version).
    request.formatVersion = format::Dialect::V1;

    // Rebakes into the file (streamed): wall time per thread count.
    QList<int> threadCounts{1};
    if (all > 1)
        threadCounts << all;
    QHash<int, QList<double>> rebake;
    QList<double> floor;
    quint64 bytes = 0;
    quint32 frames = 0;
    for (int run = 0; run < runs; ++run) {
        for (int threads : threadCounts) {
            RebakeOptions options;
            options.threads = threads;
            QElapsedTimer t;
            t.start();
            const RebakeOutcome o = RebakeJob(request).run(options);
            rebake[threads] << double(t.nsecsElapsed()) / 1e9;
            if (!o.ok) {
                std::fprintf(stderr, "rebake failed: %s\n", qPrintable(o.errors.join(QLatin1Char(' '))));
                return 1;
            }
            bytes = quint64(o.bytesWritten);
            frames = o.frameCounts.value(0);
            QFile::remove(out);
        }
        floor << writeFloorSeconds(scratch.filePath(QStringLiteral("floor.bin")), bytes);
    }
    const long rebakeRss = maxRssMiB();

    // Compute alone: frames dropped as they come.
    const RecipePoser poser(*recipe);
    QHash<int, QList<double>> wall, cpu;
    for (int run = 0; run < runs; ++run) {
        for (int threads : threadCounts) {
            RebakeOptions options;
            options.threads = threads;
            const auto drop = [](const float *, quint32, quint32, QString *) { return true; };
            const double cpu0 = cpuSeconds();
            QElapsedTimer t;
            t.start();
            Rebaker::bakeFrames(*animation, poser, RebakeRange{0.0, {}, fps}, drop, options);
            wall[threads] << double(t.nsecsElapsed()) / 1e9;
            cpu[threads] << cpuSeconds() - cpu0;
        }
    }

    const double poses = double(frames) * recipe->boneCount();
    const double floorS = median(floor);
    std::printf("| %s, %s (%d bones), %.0f fps: %u frames, %.1f MB | write the same bytes (QSaveFile) | %.0f ms | 1.00 |\n",
                qPrintable(source), qPrintable(recipe->name), recipe->boneCount(), fps, frames, double(bytes) / 1e6,
                floorS * 1e3);
    for (int threads : threadCounts) {
        const double s = median(rebake[threads]);
        std::printf("| | rebake into the file, %d thread%s | %.0f ms | %.2f |\n", threads, threads > 1 ? "s" : "", s * 1e3,
                    s / floorS);
    }
    for (int threads : threadCounts) {
        const double s = median(wall[threads]), c = median(cpu[threads]);
        std::printf("| | compute only, %d thread%s: %.1f M bone poses/s, %.1f M per CPU-second | %.0f ms | %.2f |\n", threads,
                    threads > 1 ? "s" : "", poses / s / 1e6, poses / c / 1e6, s * 1e3, s / floorS);
    }
    if (threadCounts.size() > 1) {
        std::printf("| | compute speed-up, %d threads over 1 | %.2fx | |\n", all, median(wall[1]) / median(wall[all]));
        // What the threads cost in synchronisation, whatever else runs on the machine: poses per
        // CPU-second with all threads over one thread's (1.00: none; the wall-time speed-up
        // reaches the thread count times this only when the cores are free).
        std::printf("| | compute per CPU-second, %d threads over 1 | %.2f | |\n", all, median(cpu[1]) / median(cpu[all]));
    }
    std::printf("peak memory (max RSS) after the streamed rebakes: %ld MiB; %d hardware threads; median of %d runs\n", rebakeRss,
                all, runs);
    return 0;
}
