#pragma once
// The checks every sectioned file's validator makes the same way (BPRM, BPSM): the header is
// there and starts with the magic, a field holds what the format expects, the counts describe a
// non-empty triangle mesh, each section the header places lies in the file (64-bit overflow of
// its end included), no two sections share bytes, nothing trails the last one, padding is zero;
// and validating a path: an unreadable file is one <KIND>_IO_ERROR, a file that shrinks while
// it is read one <KIND>_FILE_CHANGED. The kinds describe their sections (PlacedSection) and
// name their codes: "<KIND>_<RULE>", KIND being the magic ("BPRM"). Messages, offsets and
// locations are the ones docs/validation.md documents for both kinds.
#include "io/MappingGuard.h"
#include "sections/FindingSink.h"
#include "sections/SectionedFile.h"

#include <QList>
#include <QString>

namespace bpat {

// One section a header places, as a validator reports on it.
struct PlacedSection
{
    QString name; // "index data"
    SectionBounds bounds;
    QString outOfBoundsCode;              // "BPRM_INDEX_DATA_OUT_OF_BOUNDS"
    quint64 reportAt = 0;                 // the offset an out-of-bounds finding names
    DiagnosticLocation location;          // ... and its location
    DiagnosticLocation overlapLocation{}; // where an overlap with an earlier section is reported
};

class SectionChecks
{
public:
    // `kind`: the magic, which starts every code ("BPRM").
    SectionChecks(FindingSink &sink, QString kind);

    // The two codes every kind's table starts with (<KIND>_IO_ERROR, <KIND>_FILE_CHANGED).
    static FormatCodeInfo ioErrorCode(const QString &kind);
    static FormatCodeInfo fileChangedCode(const QString &kind);

    // <KIND>_FILE_TOO_SMALL or <KIND>_BAD_MAGIC; false when nothing more can be checked.
    bool headerReadable(const SectionedFile &file, quint64 headerSize);
    // <KIND>_UNSUPPORTED_VERSION unless the version field (at `at`) holds `expected`.
    void version(quint32 version, quint32 expected, quint64 at);
    // <KIND>_EMPTY_MESH, <KIND>_INDEX_COUNT_NOT_TRIANGLES.
    void triangleMesh(quint32 vertexCount, quint64 vertexCountAt, quint32 indexCount, quint64 indexCountAt);
    // <KIND>_RESERVED_NONZERO unless the header's reserved field (at `at`) is 0.
    void reserved(quint32 value, quint64 at);
    // Each section's out-of-bounds code unless it lies in the file; an end past 2^64 is said
    // with `overflowing` ("end", "size": "its end overflows 64 bits").
    void bounds(const QList<PlacedSection> &sections, quint64 fileSize, const QString &overflowing);
    // <KIND>_SECTION_OVERLAP for each pair of the header ([0, headerSize)) and the sections in
    // the file that share bytes, at the later one.
    void overlaps(quint64 headerSize, const QList<PlacedSection> &sections);
    // <KIND>_TRAILING_BYTES when the file goes on past `end` ("after `what`").
    void trailing(quint64 end, quint64 fileSize, const QString &what);
    // The first byte other than 0 in [from, to), looking at no more than `atMost` bytes (padding
    // is short: never a scan sized by a field); nullopt when they are all zero.
    static std::optional<quint64> firstNonZero(QByteArrayView bytes, quint64 from, quint64 to, quint64 atMost);

    // Opens `path` as a `File` and runs `validate(file)` on it under a MappingGuard: a file
    // that cannot be opened gives one <KIND>_IO_ERROR, one that shrank while it was read a
    // <KIND>_FILE_CHANGED ahead of the findings (which read zeros rather than crash on SIGBUS).
    template<typename File, typename Validate>
    static Diagnostics validatePath(const QString &kind, const QString &path, Validate &&validate)
    {
        QString error;
        const auto file = File::open(path, &error);
        if (!file)
            return {ioError(kind, error)};
        const MappingGuard guard(file->bytes().data(), qint64(file->fileSize()));
        Diagnostics all = validate(*file);
        if (guard.isStale())
            all.prepend(fileChanged(kind, file->fileSize()));
        return all;
    }

private:
    static Diagnostic ioError(const QString &kind, const QString &error);
    static Diagnostic fileChanged(const QString &kind, quint64 mappedSize);
    QString code(const char *rule) const;

    FindingSink &m_sink;
    QString m_kind;
};

} // namespace bpat
