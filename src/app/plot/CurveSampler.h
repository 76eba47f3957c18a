#pragma once
// Level of detail for plotting: turns one curve and a visible time range of N pixel columns
// into at most ~4 points per column (the first, lowest, highest and last sample of each column,
// in time order), however many keys the curve has. Every point lies exactly on the curve: it is
// the CurveCursor's value at that time. Inside a column the cursor is sampled at the column
// start, at every key time in the column and at a few evenly spaced times (to catch Hermite or
// Bezier overshoot between keys), in increasing order, so one pass costs O(columns + keys in
// view). Bool curves become steps. Beyond the first / last key the pre / post-wrap extension is
// returned separately (drawn dashed). No chart library here: CurvePlot implementations use it.
#include "anim/CurveEvaluator.h"
#include "anim/InputAnimation.h"

#include <QList>
#include <QPointF>
#include <utility>

namespace bpat::studio {

// value' = value * scale + offset; the normalize toggle maps each curve to -1..1 with it.
struct ValueMapping
{
    double scale = 1.0;
    double offset = 0.0;
    double apply(double value) const { return value * scale + offset; }
    double invert(double mapped) const { return scale != 0.0 ? (mapped - offset) / scale : 0.0; }
};

struct SampledCurve
{
    QList<QPointF> line;          // within [first key, last key] ∩ view, mapped values
    QList<QPointF> preExtension;  // view part before the first key (pre-wrap), mapped
    QList<QPointF> postExtension; // view part after the last key (post-wrap), mapped
    QList<int> visibleKeys;       // indices of keys in view; empty when they are too dense
    int keysInView = 0;           // keys in [t0, t1], shown or not
};

class CurveSampler
{
public:
    // Evenly spaced samples per column on top of the column start and key times.
    static constexpr int InteriorSamples = 2;
    // Keys are drawn as points only while there is at least this many columns per key.
    static constexpr int ColumnsPerVisibleKey = 6;

    // t0 < t1, columns >= 1 (clamped to 1 .. 16384).
    static SampledCurve sample(const bpat::CurveRef &curve, double t0, double t1, int columns, const ValueMapping &mapping = {});

    // The lowest and highest value the curve takes over [t0, t1] at the given resolution
    // (raw values, extensions included); {0, 0} for a curve without keys.
    static std::pair<double, double> valueRange(const bpat::CurveRef &curve, double t0, double t1, int columns = 1024);

    // The mapping that sends the curve's range over its keys to -1..1 (a flat curve to 0).
    static ValueMapping normalization(const bpat::CurveRef &curve);

    // Time and value of key `index` (bool keys as 0 / 1).
    static QPointF keyPoint(const bpat::CurveRef &curve, int index);

private:
    static void sampleFloatLine(const bpat::FloatCurve &curve, double t0, double t1, double a, double b, int columns,
                                const ValueMapping &mapping, QList<QPointF> &out);
    static void sampleBoolLine(const bpat::BoolCurve &curve, double t0, double t1, double a, double b, int columns,
                               const ValueMapping &mapping, QList<QPointF> &out);
    static void sampleExtension(const bpat::CurveRef &curve, double a, double b, int columns, bool wraps,
                                const ValueMapping &mapping, QList<QPointF> &out);
};

} // namespace bpat::studio
