// What one move of an offset key costs (issue 41): the clip's frames put back to the layer's base,
// the layer applied (MotionEditor::applyOffsets: the clip read into local poses, the offset added
// to the keyed bone on every frame, its descendants recomposed, the changed matrices written back
// with their socket rows and v3 contact records), for each clip of a file, with the key on a bone
// high in the hierarchy (the humanoid's Pelvis: 19 of 20 bones move) and on a leaf. Beside it the
// floor of the same run: copying the clip's floats once. Then what the window adds per move: the
// whole document written to bytes (DocumentSession's publish). Medians of --runs runs, printed as
// Markdown rows for docs/performance.md: milliseconds per clip and poses (bone-frames) per second.
//
// Usage: bench_OffsetKeys [FILE.bpat ...] [--runs N]   (default: ../shared's bpat_current set)
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "motionedit/MotionEditor.h"
#include "motionedit/MotionSkeleton.h"

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

// The bone with the most descendants below a root (a pelvis, a body), and a leaf.
std::pair<int, int> highAndLeaf(const MotionSkeleton &skeleton)
{
    int high = 0, leaf = 0;
    qsizetype most = -1;
    for (int b = 0; b < skeleton.boneCount(); ++b) {
        const qsizetype below = skeleton.descendants(b).size();
        if (!skeleton.isRoot(b) && below > most) {
            most = below;
            high = b;
        }
        if (below == 0)
            leaf = b;
    }
    return {high, leaf};
}

// Median milliseconds of one key move on `bone` of `clip`: base frames back, layer applied.
double timeMove(BpatDocument &doc, const BpatClip &base, int clip, int bone, int runs, double *floorMs)
{
    QList<double> moves, floors;
    for (int r = 0; r < runs; ++r) {
        OffsetLayer layer;
        layer.setKey(bone, OffsetChannel::RotationY, {0.0, 5.0 + r});
        QElapsedTimer t;
        t.start();
        BpatClip &c = doc.clip(clip);
        c.palette = base.palette;
        c.palette.detach();
        floors.append(double(t.nsecsElapsed()) / 1e6);
        c.socketRows = base.socketRows;
        c.contacts = base.contacts;
        const MotionEditResult result = MotionEditor(doc).applyOffsets(clip, layer);
        moves.append(double(t.nsecsElapsed()) / 1e6);
        if (!result.ok)
            std::fprintf(stderr, "%s\n", qPrintable(result.error));
    }
    *floorMs = median(floors);
    return median(moves);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int runs = 9;
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
    std::printf("| file | bones | clips | key on | longest clip (frames): move | median clip: move | slowest clip | poses/s "
                "(all clips) | copy floor (longest) | whole file to bytes | longest clip over the file |\n");
    std::printf("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (const QString &path : std::as_const(args)) {
        const std::optional<BpatFile> file = BpatFile::open(path);
        std::optional<BpatDocument> doc = file ? BpatDocument::fromFile(*file) : std::nullopt;
        if (!doc) {
            std::fprintf(stderr, "cannot open %s\n", qPrintable(path));
            return 1;
        }
        const MotionSkeleton skeleton = MotionSkeleton::forDocument(*doc);
        const auto [high, leaf] = highAndLeaf(skeleton);
        int longest = 0;
        for (int c = 1; c < doc->clipCount(); ++c)
            longest = doc->clip(c).frameCount > doc->clip(longest).frameCount ? c : longest;
        QList<double> writes;
        for (int r = 0; r < runs; ++r) {
            QElapsedTimer t;
            t.start();
            const QByteArray bytes = BpatWriter(*doc).toBytes();
            writes.append(double(t.nsecsElapsed()) / 1e6);
            if (bytes.isEmpty())
                return 1;
        }
        // What a drag's move publishes instead (DocumentChange::Motion): the file shown before,
        // with the longest clip's frames written over theirs.
        QList<double> clipWrites;
        {
            const BpatWriter writer(*doc);
            const BpatLayout layout = writer.layout();
            const QByteArray shown = writer.toBytes();
            for (int r = 0; r < runs; ++r) {
                QElapsedTimer t;
                t.start();
                const QByteArray bytes = writer.clipOver(layout, shown, longest);
                clipWrites.append(double(t.nsecsElapsed()) / 1e6);
                if (bytes != shown)
                    return 1;
            }
        }
        for (const int bone : {high, leaf}) {
            QList<double> perClip;
            double total = 0.0, slowest = 0.0, floor = 0.0, longestMs = 0.0;
            qint64 poses = 0;
            for (int c = 0; c < doc->clipCount(); ++c) {
                const BpatClip base = doc->clip(c);
                double f = 0.0;
                const double ms = timeMove(*doc, base, c, bone, runs, &f);
                doc->replaceClip(c, base);
                perClip.append(ms);
                total += ms;
                slowest = std::max(slowest, ms);
                poses += qint64(base.frameCount) * qint64(doc->boneCount());
                if (c == longest) {
                    longestMs = ms;
                    floor = f;
                }
            }
            std::printf(
                "| %s | %u | %d | %s (%lld below) | %s (%u): %.3f ms | %.3f ms | %.3f ms | %.2f M | %.3f ms | %.2f ms | %.2f ms |\n",
                qPrintable(QFileInfo(path).fileName()), doc->boneCount(), doc->clipCount(), qPrintable(skeleton.name(bone)),
                static_cast<long long>(skeleton.descendants(bone).size()), qPrintable(doc->clip(longest).name),
                doc->clip(longest).frameCount, longestMs, median(perClip), slowest,
                total > 0.0 ? double(poses) / total / 1e3 : 0.0, floor, median(writes), median(clipWrites));
        }
    }
    return 0;
}
