#include "repair/LongClipFixer.h"

#include "motion/OriginReader.h"
#include "motionedit/MotionChange.h"
#include "repair/BoneLengthRepair.h"
#include "repair/ClipSamples.h"

#include <QThread>
#include <QThreadPool>
#include <QVector3D>
#include <QtConcurrent/QtConcurrentMap>
#include <QtConcurrent/QtConcurrentRun>
#include <array>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace bpat {

namespace {

// The median length of each stretched bone over the whole clip (its runs are repaired against
// these), in double from the floats as ClipMotion measures it: the same medians as in memory.
QHash<int, double> medianLengths(const BpatFile &file, const MotionSkeleton &skeleton, int clip, quint32 frames,
                                 const QList<int> &stretched)
{
    // One list per bone that has a parent (a bone named twice gets its lengths twice, as before).
    QList<int> bones;
    std::vector<int> slot;
    for (int b : stretched) {
        if (skeleton.parentOf(b) < 0)
            continue;
        if (!bones.contains(b))
            bones.append(b);
        slot.push_back(int(bones.indexOf(b)));
    }
    // Only the origins these lengths need: the bones' and their parents'.
    std::vector<int> needed, slotOf(file.header().boneCount, -1);
    for (int b : stretched) {
        if (skeleton.parentOf(b) < 0)
            continue; // a root has no length
        for (int x : {b, skeleton.parentOf(b)}) {
            if (x >= 0 && x < int(slotOf.size()) && slotOf[size_t(x)] < 0) {
                slotOf[size_t(x)] = int(needed.size());
                needed.push_back(x);
            }
        }
    }
    // In as many parts as there are threads, each its own lists; joined in frame order (the
    // medians do not depend on the order, but the lists are the whole clip's either way).
    const quint32 parts = quint32(std::clamp(QThread::idealThreadCount(), 1, 16));
    std::vector<std::vector<QList<double>>> lengths(parts, std::vector<QList<double>>(size_t(bones.size())));
    const OriginReader reader(file);
    const auto measure = [&](quint32 part) {
        const quint32 first = quint32(quint64(frames) * part / parts), last = quint32(quint64(frames) * (part + 1) / parts);
        std::vector<QList<double>> &mine = lengths[part];
        for (QList<double> &l : mine)
            l.reserve(last - first);
        std::vector<QVector3D> origins(needed.size());
        for (quint32 f = first; f < last; ++f) {
            const std::optional<quint32> g = file.globalFrame(clip, f);
            if (!g || !reader.read(*g, needed, origins.data())) // not held: no more to measure
                break;
            if ((f - first) % 4096 == 4095)
                reader.release(*g - 4095, 4096); // read once: out of the resident set
            size_t k = 0;
            for (int b : stretched) {
                const int parent = skeleton.parentOf(b);
                if (parent < 0)
                    continue;
                const QVector3D &p = origins[size_t(slotOf[size_t(b)])], &q = origins[size_t(slotOf[size_t(parent)])];
                const double dx = double(p.x()) - double(q.x()), dy = double(p.y()) - double(q.y()),
                             dz = double(p.z()) - double(q.z());
                mine[size_t(slot[k++])].append(std::sqrt(dx * dx + dy * dy + dz * dz));
            }
        }
    };
    std::vector<quint32> partIndex(parts);
    std::iota(partIndex.begin(), partIndex.end(), 0u);
    QtConcurrent::blockingMap(partIndex, measure);
    for (quint32 part = 1; part < parts; ++part) {
        for (size_t i = 0; i < size_t(bones.size()); ++i)
            lengths[0][i] += lengths[part][i];
    }
    QHash<int, double> medians;
    for (qsizetype i = 0; i < bones.size(); ++i) {
        if (!lengths[0][size_t(i)].isEmpty())
            medians.insert(bones.at(i), clipsamples::median(lengths[0][size_t(i)]));
    }
    return medians;
}

// One run: the frames written [at, end), read with margins [from, to).
struct Span
{
    quint32 at = 0, end = 0, from = 0, to = 0;
    ClipRepairPlan plan; // its pops (frames of the run), the bone lengths
};

// A run repaired in place on a worker, waiting for the writer.
struct Slot
{
    const Span *span = nullptr;
    bool held = false; // repaired in place (else: the general way, on the writer's thread)
    QList<RepairOutcome> outcomes;
    MotionChange change;
    RunWriter::Moved moved;
};

} // namespace

bool LongClipFixer::fix(const Clip &job, RunWriter &out, ClipFixReport &report, const std::atomic<bool> *cancel, QString *why)
{
    const ClipRepairPlan &p = job.plan;
    const quint32 n = job.file.clips().at(job.clip).frameCount;
    const int bones = job.skeleton.boneCount();
    FixOptions runOptions = job.options;
    ClipRepairPlan runPlan = p;
    runPlan.seam = runPlan.lock = runPlan.ground = runPlan.groundAsked = false;
    if (p.seam || p.lock || p.ground)
        report.notes << QStringLiteral("%1 has %2 frames, repaired in runs of %3: the loop seam, the foot lock and the "
                                       "ground need the whole clip (split it with bpat edit --split-clip to repair them)")
                            .arg(report.name)
                            .arg(n)
                            .arg(RunFrames);
    if (p.lengths)
        runOptions.lengths.medians = medianLengths(job.file, job.skeleton, job.clip, n, p.stretched);
    RepairContext local = job.context;
    local.loops = false; // a run is no loop
    local.contactFootY.clear();

    // The runs, each end moved past any pop near it so that each pop's window lies in one run.
    QList<Span> spans;
    for (quint32 at = 0; at < n;) {
        quint32 end = std::min(n, at + RunFrames);
        for (bool moved = true; moved && end < n;) {
            moved = false;
            for (const PopTarget &t : p.popTargets) {
                if (t.frame + Margin >= end && t.frame < end + Margin) {
                    end = std::min(n, t.frame + Margin + 1);
                    moved = true;
                }
            }
        }
        Span s{at, end, at >= Margin ? at - Margin : 0, std::min(n, end + Margin), runPlan};
        s.plan.popTargets.clear();
        for (const PopTarget &t : p.popTargets) {
            if (t.frame >= at && t.frame < end)
                s.plan.popTargets.append({t.frame - s.from, t.bone});
        }
        s.plan.pops = runPlan.pops && !s.plan.popTargets.isEmpty();
        spans.append(s);
        at = end;
    }

    RepairOutcome pops, stretch;
    pops.repair = QStringLiteral("pops");
    stretch.repair = QStringLiteral("bone_lengths");
    const auto collect = [&](const RepairOutcome &o, const Span &s) {
        RepairOutcome &into = o.repair == QLatin1String("pops") ? pops : stretch;
        for (quint32 f : o.frames) {
            if (f + s.from >= s.at && f + s.from < s.end)
                into.frames.append(f + s.from);
        }
        for (int b : o.bones) {
            if (!into.bones.contains(b))
                into.bones.append(b);
        }
        into.addressed += o.repair == QLatin1String("pops") ? o.addressed : 0;
        for (const QString &skip : o.skipped) {
            if (!into.skipped.contains(skip))
                into.skipped.append(skip);
        }
    };

    // In place, on a worker: reads the file and writes only its slot.
    const auto repairInPlace = [&](Slot &slot) {
        const Span &s = *slot.span;
        slot.held = !s.plan.pops && TranslatedRun::read(slot.moved.run, job.file, job.skeleton, job.clip, s.from, s.to - s.from);
        if (!slot.held)
            return;
        TranslatedRun &run = slot.moved.run;
        slot.outcomes.clear();
        if (s.plan.lengths)
            slot.outcomes.append(BoneLengthRepair::apply(run, local, s.plan.stretched, runOptions.lengths));
        MotionChange::Tally tally{bones};
        for (quint32 f = s.at - s.from; f < s.end - s.from; ++f) {
            for (int b = 0; run.isFrameChanged(f) && b < bones; ++b) {
                if (run.isChanged(f, b))
                    tally.add(s.from + f, b, MotionChange::translationError(run.movedBy(f, b)));
            }
        }
        slot.change = tally.finish();
        out.prepare(slot.moved, s.at, s.end);
    };
    // The general way, on this thread.
    ClipMotion general; // its memory reused from run to run
    const auto repairInMemory = [&](const Span &s) {
        if (!ClipMotion::readFile(general, job.file, job.skeleton, job.clip, s.from, s.to - s.from, why))
            return false;
        for (const RepairOutcome &o : ClipRepairs::run(general, local, s.plan, runOptions, job.chains, job.legNotes))
            collect(o, s);
        report.change.add(MotionChange::of(general, s.at - s.from, s.end - s.from));
        return out.write(general, s.at, s.end, &report.contactRecords, &report.socketRows, why);
    };

    // Up to Slots - 1 runs repaired ahead while this thread writes one.
    constexpr qsizetype Slots = 3;
    std::array<Slot, Slots> runs;
    std::array<QFuture<void>, Slots> running;
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
    const auto start = [&](qsizetype k) {
        Slot &slot = runs[size_t(k % Slots)];
        slot.span = &spans[k];
        running[size_t(k % Slots)] = QtConcurrent::run(&pool, [&repairInPlace, &slot] { repairInPlace(slot); });
    };
    const auto stopAll = [&]() {
        for (QFuture<void> &f : running)
            f.waitForFinished();
    };
    for (qsizetype k = 0; k < std::min(Slots - 1, spans.size()); ++k)
        start(k);
    const quint64 frameBytes = quint64(bones) * 64;
    const quint64 clipBase = job.file.paletteDataOffset() + quint64(job.file.clips().at(job.clip).frameOffset) * frameBytes;
    for (qsizetype k = 0; k < spans.size(); ++k) {
        running[size_t(k % Slots)].waitForFinished();
        if (cancel && cancel->load()) {
            stopAll();
            *why = QStringLiteral("cancelled");
            return false;
        }
        if (k + Slots - 1 < spans.size())
            start(k + Slots - 1); // into the slot written last time round
        Slot &slot = runs[size_t(k % Slots)];
        const Span &s = spans[k];
        bool ok = true;
        if (slot.held) {
            for (const RepairOutcome &o : slot.outcomes)
                collect(o, s);
            report.change.add(slot.change);
            ok = out.write(slot.moved, &report.contactRecords, &report.socketRows, why);
        } else {
            ok = repairInMemory(s);
        }
        if (!ok) {
            stopAll();
            return false;
        }
        // The frames read before the next run (this one's, its margin and what the kernel read
        // ahead of it) leave the resident set: the runs ahead read their own from the page cache.
        const quint64 ahead = quint64(1) << 20, base = clipBase + quint64(s.from) * frameBytes;
        const quint32 next = k + 1 < spans.size() ? spans[k + 1].from : s.to;
        job.file.releasePages(base >= ahead ? base - ahead : 0, quint64(next - s.from) * frameBytes + ahead);
    }

    // A bone restored in some run keeps its length in others: said only of bones never restored,
    // as in one edit of the whole clip.
    for (int b : stretch.bones) {
        const QString kept = job.skeleton.name(b) + QStringLiteral(" keeps its length");
        stretch.skipped.removeIf([&kept](const QString &skip) { return skip.startsWith(kept); });
    }
    for (RepairOutcome *o : {&pops, &stretch}) {
        o->finish();
        if (o == &stretch && p.lengths) {
            o->addressed = int(o->bones.size());
            o->notes << QStringLiteral("%1 frames of %2 bone(s) back to their median lengths in the clip (in runs of %3 frames)")
                            .arg(o->frames.size())
                            .arg(o->bones.size())
                            .arg(RunFrames);
        }
        if (o == &pops && p.pops)
            o->notes << QStringLiteral("%1 pop(s) smoothed in %2 frames").arg(o->addressed).arg(o->frames.size());
    }
    if (p.pops)
        report.repairs.append(pops);
    if (p.lengths)
        report.repairs.append(stretch);
    return true;
}

} // namespace bpat
