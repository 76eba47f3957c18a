#pragma once
// The frames where something differs, as merged ranges, fed in increasing order (one run after
// the other: absorb() appends a later run's list). At most `cap` ranges are kept; the counts
// and the first..last span cover every frame.
#include "diff/DiffChange.h"

namespace bpat::diff {

struct RangeList
{
    QList<FrameRange> kept;
    quint64 count = 0;  // ranges, kept or not
    quint64 frames = 0; // frames in them
    FrameRange span;    // valid when frames > 0
    int cap = 64;

    bool isEmpty() const { return frames == 0; }
    void add(quint32 frame)
    {
        if (frames > 0 && span.last + 1 == frame) {
            if (kept.size() == qsizetype(count))
                kept.last().last = frame;
        } else {
            ++count;
            if (kept.size() < cap)
                kept.append({frame, frame});
            if (frames == 0)
                span.first = frame;
        }
        span.last = frame;
        ++frames;
    }
    void absorb(const RangeList &later)
    {
        if (later.frames == 0)
            return;
        qsizetype from = 0;
        if (frames > 0 && span.last + 1 == later.span.first) { // the first range goes on
            if (kept.size() == qsizetype(count))
                kept.last().last = later.kept.isEmpty() ? later.span.first : later.kept.first().last;
            from = 1;
            count += later.count - 1;
        } else {
            if (frames == 0)
                span.first = later.span.first;
            count += later.count;
        }
        for (qsizetype i = from; i < later.kept.size() && kept.size() < cap; ++i)
            kept.append(later.kept.at(i));
        span.last = later.span.last;
        frames += later.frames;
    }
};

} // namespace bpat::diff
