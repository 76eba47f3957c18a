#pragma once
// Where the game keeps a species' rigged bodies (BPRM) and which rig a body belongs to, by the
// game's own naming (its rigged-mesh registry): `<stem>_full.bprm` and `<stem>_minimal.bprm`
// beside the species' `.bpat`, the stems the species catalogue gives (Species::bodyNames).
// Every humanoid species (humanoid, humanoid_sword, _spear, _caster, _stave_caster) shares the
// `humanoid_*` bodies; the skeleton (humanoid_skeleton) has its own, `skeleton_humanoid_*`. A
// species' own name is tried before the shared one, so a `humanoid_sword_full.bprm` beside
// `humanoid_sword.bpat` wins.
#include "mesh/Rig.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace bpat::BodyFiles {

// Body names to look for, in order, for a BPAT species: {"humanoid_sword", "humanoid"},
// {"skeleton_humanoid"}, {"horse"}; empty for an unknown species id.
QStringList bodyNames(quint32 speciesId);

struct Bodies
{
    QString full; // empty where there is no such file
    QString minimal;
    bool isEmpty() const { return full.isEmpty() && minimal.isEmpty(); }
};
// The bodies beside `bpatPath` for its species, the first name of bodyNames() with any.
Bodies besideBpat(const QString &bpatPath, quint32 speciesId);
// The body a glTF export of the BPAT file at `bpatPath` takes when none is named (bpat export
// --mesh body, the Python module): its species' full body beside it, else the minimal one;
// empty when there is none or the file holds no BPAT header.
QString exportBodyFor(const QString &bpatPath);
// A body and its other level of detail beside it by name (x_full.bprm <-> x_minimal.bprm);
// `lod` (0 full, 1 minimal) places `bodyPath` when its name has neither suffix.
Bodies withSibling(const QString &bodyPath, quint32 lod);

// The species a body's file name names ("horse_full.bprm" -> 1, "skeleton_humanoid_*" -> 5,
// "humanoid_*" -> 0); nullopt for any other name.
std::optional<quint32> speciesOfBody(const QString &bodyPath);
// Why the body at `bodyPath` does not go with a BPAT of `speciesId`, or empty: its name gives
// another species than any of bodyNames(speciesId) (a wolf's body on a horse). A name that
// gives no species says nothing (only the bone indices are checked then).
QString speciesMismatch(const QString &bodyPath, quint32 speciesId);

// The rig a body's bone indices must fit: a BPAT of its species beside it (by the naming
// above: `horse.bpat` for `horse_full.bprm`, `humanoid.bpat` or another humanoid species' for
// `humanoid_*`, `humanoid_skeleton.bpat` for `skeleton_humanoid_*`), else the game's current
// rig of the species its name gives (docs/format.md, "BPRM"). boneCount 0: no rig known.
struct PairedRig
{
    int boneCount = 0;
    QString source;   // "horse.bpat beside it (50 bones)", "the game's current horse rig (50 bones)"
    QString bpatPath; // the BPAT it was paired with, when one was found
};
PairedRig pairedRig(const QString &bodyPath);
// The rig whose bone names go with the body: the paired BPAT's (BpatFile::rig), else the
// catalogue's rig of the species and bone count its name gives (SpeciesRig::find).
std::optional<Rig> rigOf(const QString &bodyPath);

} // namespace bpat::BodyFiles
