#pragma once
// The shared data of a reader of a sectioned file (BPAT, BPRM, BPSM): the mapped or adopted
// bytes (MappedFile), whether they hold the fixed-size header and whether it starts with the
// kind's magic. Each kind's Data derives from it, reads the header's first bytes with
// readHeaderStart() and then its own fields, and places its sections with section().
#include "io/MappedFile.h"
#include "sections/SectionBounds.h"

#include <array>

namespace bpat {

struct SectionedData : MappedFile
{
    bool hasHeader = false; // the file holds the whole fixed-size header
    bool hasMagic = false;  // ... and it starts with the kind's four magic bytes

    // True when the file holds `headerSize` bytes: copies the first four into `magic` and
    // compares them with `expected`. False (nothing read) on a shorter file.
    bool readHeaderStart(const char (&expected)[4], quint64 headerSize, std::array<char, 4> &magic);
    // A section the header places at `offset`, ending at `end` (nullopt: past 2^64).
    SectionBounds section(quint64 offset, std::optional<quint64> end) const { return SectionBounds::of(offset, end, size); }
};

} // namespace bpat
