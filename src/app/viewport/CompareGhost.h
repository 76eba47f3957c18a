#pragma once
// Compare mode in the viewport: a second file (B) drawn as a ghost over the open one (A) in the
// same instanced draw as the onion skins. The GPU reads every instance's frames from one palette
// texture, so the ghost's frames join A's in one source: an in-memory BPAT file in A's dialect
// holding A's clips, then B's clips paired with them (their GLOBAL matrices, so any dialect of B
// shows right: a late-v3 A gets them as skin = global x inverse(A's bind)). The source lists A's
// clips only; ghostOf() gives, per clip of A, its partner's frames in that source.
#include "PaletteSource.h"
#include "diff/DiffChange.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace bpat {
class BpatFile;
}

namespace bpat::studio {

struct CompareGhost
{
    PaletteSource source;                      // A's frames then B's; A's clips only
    QList<std::optional<PaletteClip>> ghostOf; // per clip of `source`: the partner's frames
    QString label;                             // B's file name

    // Null and *why when B cannot be drawn over A: another bone count, files too large to hold
    // both in memory (the limit below), tables that cannot be read.
    static std::shared_ptr<const CompareGhost> build(const bpat::BpatFile &a, const bpat::BpatFile &b,
                                                     const QList<bpat::diff::ClipPair> &pairs, QString *why);
    static constexpr quint64 kMaxPaletteBytes = 512ull << 20; // A's and B's palettes together
};

} // namespace bpat::studio
