#pragma once
// Every kind of file BPAT Studio reads (BPAT bone palettes, BPSM snapshot meshes, input
// animation recordings, BPRM rigged bodies), and how a file is recognised: a suffix that decides (.bpsm, .bprm), then the
// magic at offset 0, then the kind's usual suffix (.bpat, .bin). The only place that knows
// the kinds: commands, dialogs, drag and drop and the packaging test ask here.
#include "formats/FileFormat.h"

#include <QList>

namespace bpat {

class FormatRegistry
{
public:
    static const QList<FileFormat> &formats();
    static const FileFormat &format(FileKind kind); // Unknown: BPAT's (see forPath)

    // The kind of the file at `path`: reads at most its first bytes, and only from a regular
    // file (a FIFO never blocks here). Unknown when neither name nor magic says.
    static FileKind detect(const QString &path);
    // The same from the file's first bytes (at least 8 where there are that many).
    static FileKind detect(const QString &path, QByteArrayView head);
    // The format to read `path` with: the detected one, else BPAT's, whose reader and validator
    // then say what is wrong (FILE_TOO_SMALL, BAD_MAGIC).
    static const FileFormat &forPath(const QString &path);
    // Every finding about the file at `path`, as `bpat validate` reports it: its kind's validator
    // (forPath), with FILE_NAME_NOT_UTF8 first for a path that is not valid UTF-8 (BPAT's
    // validator reports that itself).
    static ValidationResult validate(const QString &path, const ValidationOptions &options);

    // "*.bpat", "*.bpsm", "*.bprm": what `bpat validate DIR` looks for.
    static QStringList folderGlobs();
    // Open dialog filters: every kind first (the default), then one per kind, then all files.
    static QString openFilters();
};

} // namespace bpat
