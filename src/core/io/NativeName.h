#pragma once
// File names as the system stores them: bytes, which on Linux need not be valid UTF-8. Qt 6
// decodes names as UTF-8 and turns every invalid byte into U+FFFD, so such a file can be neither
// listed faithfully nor opened by the name Qt gives back. These helpers keep every byte: a byte
// that is not part of valid UTF-8 becomes the lone surrogate U+DC80..U+DCFF (as Python's
// "surrogateescape" does), and encode() turns it back into the same byte. Names that are valid
// UTF-8 decode exactly as QFile::decodeName does.
//
// RegularFile, MappedFile and AtomicFile open names through encode(); the `bpat` CLI decodes
// its arguments and walks directories with decode(). display() is for messages and JSON.
#include <QByteArray>
#include <QString>

namespace bpat {

class NativeName
{
public:
    static QString decode(const QByteArray &bytes);
    static QByteArray encode(const QString &name);
    // True when `name` holds escaped bytes (the name on disk is not valid UTF-8).
    static bool hasEscapes(const QString &name);
    // The name with each escaped byte written as \xNN: valid UTF-8, for messages and reports.
    static QString display(const QString &name);
};

} // namespace bpat
