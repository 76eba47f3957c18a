#pragma once
// Where one section of a sectioned file lies ([offset, end)) and whether it lies wholly inside
// the file: the one bounds rule of the readers of BPAT, BPRM and BPSM. The end comes from the
// header's fields with 64-bit overflow checks (format::checkedEnd); nullopt when it overflows,
// and then the section is never in bounds. Pure computation; nothing is read.
#include <QtGlobal>
#include <optional>

namespace bpat {

struct SectionBounds
{
    quint64 offset = 0;
    std::optional<quint64> end; // nullopt: offset + size overflows 64 bits
    bool inBounds = false;      // [offset, end) lies inside the file

    static SectionBounds of(quint64 offset, std::optional<quint64> end, quint64 fileSize)
    {
        return SectionBounds{offset, end, end && offset <= fileSize && *end <= fileSize};
    }
    // In the file and at least one byte long (the sections overlap checks look at).
    bool holdsBytes() const { return inBounds && *end > offset; }
};

} // namespace bpat
