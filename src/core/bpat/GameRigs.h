#pragma once
// The bone counts of the game's rigs per species and format version ("era"), from
// ../shared/specs/bpat-versions.md ("Rigs over time"): the game loads a file into the rig slot
// of its species, so a file whose bone count matches no rig of its era will not play as meant
// (the `hands` recipe writes species 0 "humanoid" with 53 bones; the game's humanoid has 20).
#include <QList>
#include <QString>

namespace bpat::GameRigs {

// Bone counts the game's rigs for `speciesId` had while it wrote files of `version` (1, 2, 3);
// empty when the species did not exist then or the version is unknown.
QList<quint32> boneCounts(quint32 speciesId, quint32 version);

// Whether the game had a rig of `boneCount` bones for `speciesId` in any era (v1 to today).
bool isGameRig(quint32 speciesId, quint32 boneCount);

// "20" or "16 or 50", for messages.
QString describe(const QList<quint32> &counts);

} // namespace bpat::GameRigs
