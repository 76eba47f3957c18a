#pragma once
// Which game the `game` validation profile judges a file against (docs/validation.md, "The game
// profile"). The default is the current game: its reader at `4c0caf75` accepts late v3 only and
// plays today's rigs (horse 50 bones, elephant 32, sheep and wolf 21, humanoids 20). An older era
// judges the file as that revision's reader and rigs did (`bpat validate --game-era v1`), for
// files meant for an older build. Facts: ../shared/specs/bpat-versions.md, sections 1, 3, 4, 6.
#include "bpat/BpatFormat.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace bpat {

enum class GameEra {
    Current, // the game at 4c0caf75: late v3 only, today's rigs
    V1,      // the v1 reader (66dede4b .. c87b6a18): species 0..3, 8- or 16-bone horse and elephant
    V2,      // the v2 reader (c87b6a18 .. 114e1e65): species 0..9, 16- or 50-bone horse
    V3Early, // the early-v3 reader (114e1e65 .. b5e77d8f): row-major globals, no bind palette
};

namespace gameEra {

QString name(GameEra era);                            // "current", "v1", "v2", "v3-early"
std::optional<GameEra> fromName(const QString &text); // also accepts "v3-late" for current
QStringList names();                                  // in the order of the CLI's help
// "the current game (its reader at 4c0caf75: late v3 only)", "the v1-era game", for messages.
QString describe(GameEra era);
// The dialect the era's reader was written for (Current: V3Late).
format::Dialect readerDialect(GameEra era);
// The version whose rigs the era played (Species::boneCounts): 1, 2 or 3.
quint32 rigVersion(GameEra era);
// The era whose reader loads files of `dialect` as they are meant: what a writer of that dialect
// judges its output against (V3Late and unknown dialects: Current).
GameEra ofDialect(format::Dialect dialect);
// The `bpat convert` argument that turns a file into what the era's reader reads ("3" for the
// current game, "1", "2", "v3-early").
QString convertArgument(GameEra era);
// What the current game makes of a file written in `dialect`: empty for late v3 (it loads it);
// else one sentence saying it refuses it (v1, v2) or misreads it (early v3), with the fix.
// Writers print it when they write an older version than the game reads today.
QString currentGameNote(format::Dialect dialect);

} // namespace gameEra

} // namespace bpat
