#pragma once
// `bpat diff --textconv FILE`: a stable, line-oriented text of one file for git's diff driver
// (`*.bpat diff=bpat` with `diff.bpat.textconv = bpat diff --textconv`), so that `git diff` and
// `git log -p` show which clip, socket or curve changed instead of "Binary files differ".
//
// One line per thing a reviewer names, keyed by name rather than index so that a removed clip
// changes one line, not every line after it: the header, each clip (metadata and short digests
// of its motion, the GLOBAL matrices, and of its contacts), each socket (anchor, offset, and
// whether its rows are its anchor's global x offset or, where not, a digest of those rows), in
// late v3 each bone (parent, a digest of its bind matrix); a BPSM's
// header, indices and clips; a recording's header, markers and one line per curve (keys, time
// range, a digest of the keys). Digests are the first 12 hex digits of BLAKE2b-160: any changed
// bit shows, including a conversion's float rounding (`bpat diff` says whether that is within
// its tolerance). A file that cannot be read in full still gets its size and a digest.
#include <QString>
#include <QStringList>

#include <optional>

namespace bpat {
class BpatFile;
class BpsmFile;
class InputAnimation;
} // namespace bpat

namespace bpat::diff {

class TextConv
{
public:
    // The text of the file at `path`, by its kind (FormatRegistry::detect); nullopt + error when
    // it cannot be opened at all.
    static std::optional<QStringList> ofPath(const QString &path, QString *error = nullptr);
    static QStringList ofBpat(const BpatFile &file);
    static QStringList ofBpsm(const BpsmFile &file);
    static QStringList ofRecording(const InputAnimation &animation);
    // Any bytes: "file: N bytes, digest D".
    static QStringList ofBytes(const QString &what, const uchar *data, quint64 size);
    // Shortest text that reads back as the same float ("0.1", "1e-07", "nan").
    static QString number(float value);
};

} // namespace bpat::diff
