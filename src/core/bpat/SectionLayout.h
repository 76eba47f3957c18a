#pragma once
// The sections of a BPAT file as its header places them (header, clip table, socket table,
// string table, palette data, socket data; in v3 the extension header, contact table, and in late
// v3 the bind palette and bone parents), plus what lies between and after them (padding,
// unaccounted gaps, trailing bytes), with sections past the end of the file and overlaps
// marked. The one definition of the layout: the validator's section checks, `bpat info` and the
// app's Layout panel and bar all read it. Pure computation over the header, overflow-safe.
//
// A new section is one more entry in SectionLayout::of(): a Kind, its name, the header field
// that places it, offset and size.
#include "diagnostics/DiagnosticLocation.h"

#include <QList>
#include <QString>
#include <utility>

namespace bpat {

class BpatFile;

struct LayoutSection
{
    enum class Kind {
        Header,
        ClipTable,
        SocketTable,
        StringTable,
        Padding,
        Palette,
        SocketData,
        Gap,
        Trailing,
        V3Extension,
        ContactTable,
        BindPalette,
        BoneParents
    }; // v3
    Kind kind = Kind::Header;
    QString name;                // "clip table", "palette data"
    DiagnosticLocation placedBy; // the header field that places it (findings about it point there)
    quint64 offset = 0;
    quint64 size = 0;
    bool sizeOverflows = false; // offset + size does not fit in 64 bits
    bool pastEnd = false;       // extends beyond the end of the file
    bool overlaps = false;      // shares bytes with another section the header places
    QString note;

    quint64 end() const { return sizeOverflows ? ~quint64(0) : offset + size; }
    bool isDerived() const { return kind == Kind::Padding || kind == Kind::Gap || kind == Kind::Trailing; }
    bool inFile() const { return !pastEnd && !sizeOverflows; }
};

class SectionLayout
{
public:
    SectionLayout() = default;
    static SectionLayout of(const BpatFile &file);

    quint64 fileSize() const { return m_fileSize; }
    // Every section, sorted by offset, with the padding, gaps and trailing bytes between them.
    const QList<LayoutSection> &sections() const { return m_sections; }
    // The sections the header places, in the order the format lists them.
    const QList<LayoutSection> &placed() const { return m_placed; }
    // Pairs (indices into placed(), first < second) of non-empty sections that share bytes;
    // insideOnly: only sections wholly inside the file.
    QList<std::pair<int, int>> overlappingPairs(bool insideOnly) const;
    bool hasOverlaps() const;

private:
    quint64 m_fileSize = 0;
    QList<LayoutSection> m_placed;
    QList<LayoutSection> m_sections;
};

} // namespace bpat
