// The graph editor's cost: LocalChannels::tracks() for every bone of a clip (what the Curves tab
// builds when a BPAT clip is shown: BoneCurveSet), on the game's current creature set. For each
// file: its largest clip and the median over all its clips, milliseconds and bone-frames per
// second (medians of --runs runs, page cache warm). Prints Markdown rows for docs/performance.md.
//
// Usage: bench_LocalChannels [FILE.bpat ...] [--runs N]   (default: ../shared's bpat_current set)
#include "bpat/BpatFile.h"
#include "motion/LocalChannels.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QStringList>
#include <algorithm>
#include <cstdio>

using namespace bpat;

namespace {

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0.0 : values.at(values.size() / 2);
}

// Milliseconds to sample every bone of `clip` (median of `runs`).
double clipMs(const LocalChannels &channels, int clip, int runs)
{
    QList<int> bones;
    for (int b = 0; b < channels.boneCount(); ++b)
        bones.append(b);
    QList<double> times;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer t;
        t.start();
        const QList<LocalChannels::Track> tracks = channels.tracks(clip, bones, EulerOrder::XYZ);
        times.append(double(t.nsecsElapsed()) / 1e6);
        if (tracks.size() != bones.size())
            std::fprintf(stderr, "short result\n");
    }
    return median(times);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int runs = 5;
    const qsizetype runsAt = args.indexOf(QStringLiteral("--runs"));
    if (runsAt >= 0 && runsAt + 1 < args.size()) {
        runs = std::max(1, args.at(runsAt + 1).toInt());
        args.remove(runsAt, 2);
    }
    if (args.isEmpty()) {
        const QDir dir(QStringLiteral(BPAT_SHARED_DIR "/upstream_assets/bpat_current"));
        for (const QString &name : dir.entryList({QStringLiteral("*.bpat")}, QDir::Files, QDir::Name))
            args.append(dir.filePath(name));
    }
    std::printf("| file | bones | clips | largest clip (frames) | its tracks | median clip | bone-frames/s |\n");
    std::printf("|---|---:|---:|---|---:|---:|---:|\n");
    for (const QString &path : std::as_const(args)) {
        const std::optional<BpatFile> file = BpatFile::open(path);
        if (!file) {
            std::fprintf(stderr, "cannot open %s\n", qPrintable(path));
            return 1;
        }
        const LocalChannels channels(*file);
        const int clips = int(file->clips().size());
        int largest = 0;
        for (int c = 1; c < clips; ++c)
            largest = file->clips().at(c).frameCount > file->clips().at(largest).frameCount ? c : largest;
        QList<double> perClip;
        double totalMs = 0.0;
        qint64 boneFrames = 0;
        for (int c = 0; c < clips; ++c) {
            const double ms = clipMs(channels, c, runs);
            perClip.append(ms);
            totalMs += ms;
            boneFrames += qint64(channels.framesHeld(c)) * channels.boneCount();
        }
        const double largestMs = clipMs(channels, largest, runs);
        std::printf("| %s | %d | %d | %s (%u) | %.2f ms | %.3f ms | %.1f M |\n", qPrintable(QFileInfo(path).fileName()),
                    channels.boneCount(), clips, qPrintable(file->clips().at(largest).name), file->clips().at(largest).frameCount,
                    largestMs, median(perClip), totalMs > 0 ? double(boneFrames) / totalMs / 1e3 : 0.0);
    }
    return 0;
}
