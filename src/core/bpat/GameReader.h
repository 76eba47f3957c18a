#pragma once
// The game's own BPAT readers, check for check (../shared/specs/bpat-versions.md, section 4):
// the v1, v2, early-v3 and late-v3 (HEAD) revisions of `BpatBlob`. Each accepts exactly one
// version number and stops at the first failing check with a fixed message. The Validator's
// `game` profile quotes the message (GAME_READER_REFUSES); tests use it to prove that files
// the project writes in a version load in the game's reader of that version.
#include "bpat/BpatFormat.h"

#include <QString>
#include <optional>

namespace bpat {

class BpatFile;

struct GameReaderVerdict
{
    bool loads = true;
    int check = 0;                 // the number of the failing check in the spec sheet's table
    QString message;               // the game's exact message (UTF-8, e.g. "Σ frame_count != frame_total")
    std::optional<quint64> offset; // where the failing field lies, when there is one
};

class GameReader
{
public:
    // The reader of a dialect (V1, V2, V3Early, V3Late). The highest species id it accepts is
    // the last of that era: 3 for v1 (the v1 format's species), 9 for v2 and v3.
    explicit GameReader(format::Dialect reader);
    // The reader of the file's own version and dialect (Unknown versions: the HEAD reader).
    static GameReader forFile(const BpatFile &file);

    format::Dialect dialect() const { return m_reader; }
    quint32 version() const { return format::versionOf(m_reader); }
    quint32 maxSpecies() const { return m_reader == format::Dialect::V1 ? 3 : 9; }
    GameReaderVerdict read(const BpatFile &file) const;

private:
    format::Dialect m_reader;
};

} // namespace bpat
