#pragma once
// The motion lint (validation profile `motion`, docs/validation.md): pops, loop seams, bone
// stretch, feet below the ground and contact tables that disagree with the feet. It streams
// through the mapping clip by clip in two passes and keeps no frames (ClipPass): the first
// gathers each clip's usual steps and median bone lengths and its lowest foot, the second judges
// every frame against them. A long clip is split into ranges, one per thread, merged in frame
// order (the findings do not depend on the thread count). Findings carry the clip, the
// clip-local frame and the bone, and the matrix's byte offset.
#include "diagnostics/Diagnostic.h"
#include "motion/ClipPass.h"
#include "motion/MotionRig.h"
#include "bpat/MotionThresholds.h"
#include "motion/OriginReader.h"

#include <algorithm>
#include <atomic>
#include <functional>

namespace bpat {

class MotionLint
{
public:
    MotionLint(const BpatFile &file, const MotionThresholds &thresholds);
    // Each pass lets the pages it has read leave the resident set (for a file mapped to be
    // checked once: the CLI), as the deep checks' ValidationOptions::releaseBehind.
    void setReleaseBehind(bool release) { m_releaseBehind = release; }
    // Threads sharing a long clip's frames (0: QThread::idealThreadCount()); clips of fewer
    // than about a million bone positions use one.
    void setThreads(int threads) { m_threads = threads; }
    // The fewest bone positions (frames x bones) a range gets: a clip is split only when it has
    // more (about a million; tests lower it to split short clips).
    void setPositionsPerRange(quint64 positions) { m_positionsPerRange = std::max<quint64>(1, positions); }

    const MotionRig &rig() const { return m_rig; }
    // Findings in clip order; within a clip: contacts, pops and seams by frame, stretch by bone,
    // feet by foot. `progress` gets frames done and the total (both passes); `cancel` stops soon
    // (the findings so far are returned and *cancelled is set).
    Diagnostics run(const std::atomic<bool> *cancel = nullptr, const std::function<void(quint64, quint64)> &progress = {},
                    bool *cancelled = nullptr);

    // The file's ground after run(): its height and where it came from ("contact table",
    // "feet", or empty when the feet are unknown): the median over the clips of each clip's
    // lowest foot. A late-v3 file whose clips' ground lies more than `ground` under its rest
    // pose's lowest foot (where the game stands the creature: its bodies' soles at y = 0 in it)
    // gets the rest pose's ("rest pose (bind palette) ...").
    double ground() const { return m_ground; }
    QString groundSource() const { return m_groundSource; }

private:
    struct Gathered;
    QList<std::pair<quint32, quint32>> ranges(int clip) const;
    ClipStats gather(int clip, float *lowestFoot);
    void judge(int clip, const ClipStats &stats, Diagnostics &out);
    void findGround(const QList<float> &lowestFeet);
    void report(int clip, const PopEvent &event, Diagnostics &out) const;
    PassTick ticker();

    OriginReader m_reader;
    MotionRig m_rig;
    MotionThresholds m_t;
    QList<int> m_judged; // bones whose length to the parent is judged
    double m_ground = 0.0;
    QString m_groundSource;
    const std::atomic<bool> *m_cancel = nullptr;
    std::function<void(quint64, quint64)> m_progress;
    std::atomic<quint64> m_done{0};
    quint64 m_total = 0;
    std::atomic<bool> m_stop{false};
    bool m_releaseBehind = false;
    int m_threads = 0;
    quint64 m_positionsPerRange = quint64(1) << 20;
};

} // namespace bpat
