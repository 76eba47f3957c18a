// The motion-editing layer's cost (ClipMotion, issue 40; issue 41's offset keys redraw through it):
// for each clip of a file, reading it into local poses (every frame and bone: the parent's
// global inverted, the local kept) and recomposing it after an edit of every bone's local pose
// (parents before children, in double precision, back to row-major floats: what a drag of an
// offset key costs per redraw), as milliseconds per clip and poses (bone-frames) per second.
// Medians of --runs runs, page cache warm. Prints Markdown rows for docs/performance.md.
//
// Usage: bench_MotionEdit [FILE.bpat ...] [--runs N]   (default: ../shared's bpat_current set)
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "motionedit/ClipMotion.h"
#include "motionedit/PoseMath.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QStringList>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace bpat;

namespace {

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0.0 : values.at(values.size() / 2);
}

struct ClipTimes
{
    double readMs = 0.0;      // fromDocument: globals to local poses
    double recomposeMs = 0.0; // every local set (a small turn on each bone), globals recomposed to floats
};

ClipTimes timeClip(const BpatDocument &doc, int clip, int runs)
{
    QList<double> reads, recomposes;
    const quint32 bones = doc.boneCount();
    std::vector<float> out(size_t(bones) * 16);
    float sink = 0.0f;
    for (int r = 0; r < runs; ++r) {
        QElapsedTimer t;
        t.start();
        std::optional<ClipMotion> motion = ClipMotion::fromDocument(doc, clip);
        reads.append(double(t.nsecsElapsed()) / 1e6);
        if (!motion)
            return {};
        const euler::Quaternion turn = posemath::fromAxisAngle({0.0, 1.0, 0.0}, 0.01);
        t.restart();
        for (quint32 f = 0; f < motion->frameCount(); ++f) {
            for (int b = 0; b < motion->boneCount(); ++b) {
                LocalTransform pose = motion->pose(f, b);
                pose.rotation = posemath::multiply(turn, pose.rotation);
                motion->setPose(f, b, pose);
            }
            motion->globalFloats(f, out.data());
            sink += out[3];
        }
        recomposes.append(double(t.nsecsElapsed()) / 1e6);
    }
    if (sink == 12345.0f)
        std::fprintf(stderr, " ");
    return {median(reads), median(recomposes)};
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
    std::printf("| file | bones | clips | largest clip (frames) | read into poses | edit + recompose | median clip "
                "(read, recompose) | poses/s (read, recompose) |\n");
    std::printf("|---|---:|---:|---|---:|---:|---:|---:|\n");
    for (const QString &path : std::as_const(args)) {
        const std::optional<BpatFile> file = BpatFile::open(path);
        const std::optional<BpatDocument> doc = file ? BpatDocument::fromFile(*file) : std::nullopt;
        if (!doc) {
            std::fprintf(stderr, "cannot open %s\n", qPrintable(path));
            return 1;
        }
        int largest = 0;
        for (int c = 1; c < doc->clipCount(); ++c)
            largest = doc->clip(c).frameCount > doc->clip(largest).frameCount ? c : largest;
        QList<double> reads, recomposes;
        double readTotal = 0.0, recomposeTotal = 0.0;
        qint64 poses = 0;
        for (int c = 0; c < doc->clipCount(); ++c) {
            const ClipTimes t = timeClip(*doc, c, runs);
            reads.append(t.readMs);
            recomposes.append(t.recomposeMs);
            readTotal += t.readMs;
            recomposeTotal += t.recomposeMs;
            poses += qint64(doc->clip(c).frameCount) * qint64(doc->boneCount());
        }
        const ClipTimes big = timeClip(*doc, largest, runs);
        std::printf("| %s | %u | %d | %s (%u) | %.2f ms | %.2f ms | %.3f, %.3f ms | %.2f M, %.2f M |\n",
                    qPrintable(QFileInfo(path).fileName()), doc->boneCount(), doc->clipCount(),
                    qPrintable(doc->clip(largest).name), doc->clip(largest).frameCount, big.readMs, big.recomposeMs,
                    median(reads), median(recomposes), readTotal > 0 ? double(poses) / readTotal / 1e3 : 0.0,
                    recomposeTotal > 0 ? double(poses) / recomposeTotal / 1e3 : 0.0);
    }
    return 0;
}
