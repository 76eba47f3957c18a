#pragma once
// Computes ClipGait reports from a BPAT file of any dialect, reading the global origins in
// place (OriginReader). Single precision, as the game computes them, so the humanoid numbers
// are the game's (specs/motion-analysis.md: within 1e-4).
#include "motion/ClipGait.h"
#include "motion/OriginReader.h"

#include <atomic>

namespace bpat {

class GaitAnalyzer
{
public:
    explicit GaitAnalyzer(const BpatFile &file);

    const MotionRig &rig() const { return m_rig; }
    // The game's three cycle times (0.70, 0.85 and 1.00 s).
    static QList<double> defaultCycleTimes();
    // The report of one clip; `cycleTimes` are the seconds the skate-free speed is given for.
    // `cancel` (when given) stops the frame pass soon after it turns true: no report then.
    ClipGait analyze(int clip, const QList<double> &cycleTimes = defaultCycleTimes(),
                     const std::atomic<bool> *cancel = nullptr) const;

    // The planted-foot rule (motion-analysis.md, contact_retreat) on one foot's heights and z:
    // frames whose foot is within 0.015 m of its lowest height, in pairs (f, f + 1 mod n), each
    // backward step scaled by n; the element at index count / 2 of their sorted list (0 if none).
    static double contactRetreat(const QList<float> &y, const QList<float> &z);

private:
    void humanoidReport(ClipGait &gait, const QList<QList<QVector3D>> &at) const;
    void quadrupedReport(ClipGait &gait, const QList<QList<QVector3D>> &at) const;
    void medianStretch(ClipGait &gait, const QList<QList<QVector3D>> &at) const;

    OriginReader m_reader;
    MotionRig m_rig;
};

} // namespace bpat
