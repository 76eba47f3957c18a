#pragma once
// The sections of a BPAT file as its header describes them (header, clip table, socket table,
// string table, palette data, socket data) plus what lies between and after them (padding,
// unaccounted gaps, trailing bytes), with overlaps and sections past the end of the file
// marked. Pure computation over a BpatFile's header, with overflow-safe arithmetic.
#include <QList>
#include <QString>

namespace bpat {
class BpatFile;
}

namespace bpat::studio {

struct FileSection
{
    enum class Kind { Header, ClipTable, SocketTable, StringTable, Padding, Palette, SocketData,
                      Gap, Trailing,
                      V3Extension, ContactTable, BindPalette, BoneParents }; // v3
    Kind kind = Kind::Header;
    QString name;
    quint64 offset = 0;
    quint64 size = 0;
    bool sizeOverflows = false; // offset + size does not fit in 64 bits
    bool pastEnd = false;       // extends beyond the end of the file
    bool overlaps = false;      // shares bytes with another section
    QString note;

    quint64 end() const { return sizeOverflows ? ~quint64(0) : offset + size; }
    bool isDerived() const { return kind == Kind::Padding || kind == Kind::Gap || kind == Kind::Trailing; }
};

class FileLayout
{
public:
    FileLayout() = default;
    static FileLayout of(const BpatFile &file);

    quint64 fileSize() const { return m_fileSize; }
    const QList<FileSection> &sections() const { return m_sections; } // sorted by offset
    bool hasOverlaps() const;

private:
    quint64 m_fileSize = 0;
    QList<FileSection> m_sections;
};

} // namespace bpat::studio
