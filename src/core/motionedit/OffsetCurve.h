#pragma once
// One channel of an offset layer (issue 41): keys (frame, value) of an additive curve over a
// clip's baked frames, evaluated with the recordings' own curve evaluation (anim/CurveEvaluator:
// cubic Hermite between keys, stepped where a tangent is infinite, the end keys' values held
// outside the keys). What sets the tangents is each key's interpolation:
//   Auto     the default: the slope through the neighbours (Catmull-Rom), 0 at a local extreme
//            and at the end keys, clamped so that a segment never overshoots its keys (Blender's
//            "auto clamped")
//   Flat     slope 0 at the key (an ease in and out)
//   Linear   the segment from this key to the next is straight
//   Stepped  the key's value holds until the next key
// Frames are clip frames (fractions allowed, keys at distinct frames); values are degrees for a
// rotation channel, the file's units for translation and scale. A curve without keys is 0
// everywhere; one key is its value everywhere.
#include "anim/FloatCurve.h"

#include <QList>
#include <QString>
#include <optional>

namespace bpat {

enum class OffsetInterpolation {
    Auto,
    Flat,
    Linear,
    Stepped
};
QString interpolationName(OffsetInterpolation mode); // "auto", "flat", "linear", "stepped"
std::optional<OffsetInterpolation> interpolationFromName(const QString &name);

struct OffsetKey
{
    double frame = 0.0;
    double value = 0.0;
    OffsetInterpolation interpolation = OffsetInterpolation::Auto;

    friend bool operator==(const OffsetKey &, const OffsetKey &) = default;
};

class OffsetCurve
{
public:
    OffsetCurve() = default;
    explicit OffsetCurve(QList<OffsetKey> keys); // sorted; a later key at a frame replaces an earlier one

    const QList<OffsetKey> &keys() const { return m_keys; }
    bool isEmpty() const { return m_keys.isEmpty(); }
    int keyCount() const { return int(m_keys.size()); }
    // The index of the key at `frame` (within 1e-6), -1 when none.
    int indexAt(double frame) const;

    // Adds a key, or replaces the one at its frame; returns its index. False for a non-finite
    // frame or value (nothing changes).
    bool setKey(const OffsetKey &key, int *index = nullptr);
    bool removeKey(int index);
    // Moves key `index` to another frame and value (replacing a key already there); its new index.
    bool moveKey(int index, double frame, double value, int *newIndex = nullptr);
    bool setInterpolation(int index, OffsetInterpolation mode);

    // The curve as the evaluator reads it: a key per key, tangents from the interpolations,
    // no weights (cubic Hermite), clamped outside the keys.
    FloatCurve toFloatCurve() const;
    double valueAt(double frame) const;
    // Values at frames first, first + 1, ... (count of them).
    QList<double> sample(double first, int count) const;

    friend bool operator==(const OffsetCurve &, const OffsetCurve &) = default;

private:
    QList<OffsetKey> m_keys; // ascending frames
};

} // namespace bpat
