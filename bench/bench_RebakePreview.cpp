// The Rebake dialog's Preview, without its window: peak memory of the two ways to preview the
// real 14.5 s HoloLens 2 recording (or a generated one when ../shared is missing) rebaked with
// the `hands` recipe (53 bones) at --fps (default 9600):
//   in memory  what the dialog did before: RebakeJob::build() (the document's palettes and the
//              serialized bytes), wrapped in a BpatFile;
//   streamed   what it does now: RebakeJob::run() into a temporary file, then BpatFile::open
//              (a mapping).
// Each then reads every matrix once, as the dialog's palette summary does. Each way runs in a
// child process of its own (this program with --mode), so each peak is its own. Prints one
// Markdown table row per way: the peak resident memory (VmHWM), the peak of anonymous memory
// (RssAnon sampled every 2 ms: what cannot be paged out; the mapping's pages are file-backed
// and clean) and the time.
//
// Usage: bench_RebakePreview [--fps N] [--dir DIR]
#include "anim/InputAnimationReader.h"
#include "bpat/BpatFile.h"
#include "rebake/BuiltinRecipes.h"
#include "rebake/RebakeJob.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

using namespace bpat;

namespace {

// A field of /proc/self/status in KiB ("VmHWM", "RssAnon"); -1 when unknown.
long statusKiB(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(key.size()).trimmed().split(' ').value(0).toLong();
    }
    return -1;
}

// Reads every matrix the way RebakeDialog::paletteSummary does; returns a checksum.
double readEveryMatrix(const BpatFile &file)
{
    double sum = 0.0;
    const quint32 bones = file.header().boneCount;
    for (const BpatClipInfo &c : file.clips()) {
        for (quint32 f = 0; f < c.frameCount; ++f) {
            for (quint32 b = 0; b < bones; ++b) {
                if (const std::optional<std::array<float, 16>> m = file.matrixFloats(c.frameOffset + f, b))
                    sum += double((*m)[3]);
            }
        }
    }
    return sum;
}

int runMode(const QString &mode, double fps, const QString &dir)
{
    const QString recording = qEnvironmentVariable("BPAT_SHARED_DIR", QStringLiteral(BPAT_SHARED_DIR))
        + QStringLiteral("/mrtk_samples/holographic-recording_InputAnimation-20201027-134946.bin");
    if (!QFile::exists(recording)) {
        std::fprintf(stderr, "needs the real recording: %s\n", qPrintable(recording));
        return 1;
    }
    const std::optional<RebakeRecipe> recipe = BuiltinRecipes::byName(QStringLiteral("hands"));
    QTemporaryDir scratch(QDir(dir).filePath(QStringLiteral("bench_RebakePreview-XXXXXX")));
    RebakeClipRequest clip;
    clip.curvesPath = recording;
    clip.name = QStringLiteral("rec");
    clip.range.fps = fps;
    RebakeRequest request;
    request.outputPath = scratch.filePath(QStringLiteral("preview.bpat"));
    request.recipe = *recipe;
    request.clips = {clip};
    request.formatVersion = format::Dialect::V1; // the series in docs/performance.md is v1

    std::atomic<bool> done{false};
    std::atomic<long> anonPeak{0};
    std::thread sampler([&] {
        while (!done) {
            const long anon = statusKiB("RssAnon");
            if (anon > anonPeak)
                anonPeak = anon;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    });
    QElapsedTimer t;
    t.start();
    bool ok = false;
    quint64 size = 0;
    double checksum = 0.0;
    if (mode == QLatin1String("memory")) {
        const RebakeOutcome o = RebakeJob(request).build();
        ok = o.ok;
        const BpatFile file = BpatFile::fromData(o.bytes, QStringLiteral("preview"));
        size = file.fileSize();
        checksum = readEveryMatrix(file);
    } else {
        const RebakeOutcome o = RebakeJob(request).run();
        ok = o.ok;
        if (const std::optional<BpatFile> file = BpatFile::open(request.outputPath)) {
            size = file->fileSize();
            checksum = readEveryMatrix(*file);
        }
    }
    const double seconds = double(t.nsecsElapsed()) / 1e9;
    done = true;
    sampler.join();
    if (!ok) {
        std::fprintf(stderr, "%s preview failed\n", qPrintable(mode));
        return 1;
    }
    std::printf("| real 14.5 s recording, hands (53 bones), %.0f fps: %.0f MB | %s | %ld MiB | %ld MiB | %.1f s |\n", fps,
                double(size) / 1e6, mode == QLatin1String("memory") ? "in memory (before)" : "streamed and mapped (now)",
                statusKiB("VmHWM") / 1024, anonPeak.load() / 1024, seconds);
    std::fprintf(stderr, "checksum %g\n", checksum);
    return 0;
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
    const double fps = option(QStringLiteral("--fps"), QStringLiteral("9600")).toDouble();
    const QString dir = option(QStringLiteral("--dir"), QDir::tempPath());
    const QString mode = option(QStringLiteral("--mode"), QString());
    if (!mode.isEmpty())
        return runMode(mode, fps, dir);
    int status = 0;
    for (const QString &m : {QStringLiteral("memory"), QStringLiteral("stream")}) {
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedChannels);
        child.start(app.applicationFilePath(),
                    {QStringLiteral("--mode"), m, QStringLiteral("--fps"), QString::number(fps), QStringLiteral("--dir"), dir});
        if (!child.waitForFinished(-1) || child.exitCode() != 0)
            status = 1;
    }
    return status;
}
