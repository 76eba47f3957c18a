#pragma once
// Checks a BPRM file (the game's rigged-mesh body): the header as the game's reader does
// (magic, version, lod, non-empty, whole triangles, sections inside the file, indices in range),
// then what its reader leaves unchecked: 64-bit overflow of the section ends, overlap,
// alignment, padding, every vertex (finite, unit normals, weights summing to 1, bone indices
// within the paired rig), degenerate triangles. Never reads outside the file. Codes are stable
// and listed in docs/validation.md ("BPRM codes").
#include "sections/FindingSink.h"

#include <QList>
#include <QString>

namespace bpat {

class BprmFile;

using BprmCodeInfo = FormatCodeInfo;

// The rig a body is checked against: bone indices with a weight must be below boneCount.
// boneCount 0: no rig known (then only the game's 64-bone limit is checked, and
// BPRM_RIG_UNKNOWN says so).
struct BprmRig
{
    int boneCount = 0;
    QString source; // for messages: "horse.bpat beside it (50 bones)"
};

class BprmValidator
{
public:
    // At most this many findings of one code are reported one by one; the rest are summed up
    // in one more finding of that code.
    explicit BprmValidator(int maxPerCode = 8);

    Diagnostics validate(const BprmFile &file, const BprmRig &rig = {}) const;
    // Opens and validates against the rig the file's name pairs it with
    // (BodyFiles::pairedRig); an unreadable file gives one BPRM_IO_ERROR.
    Diagnostics validatePath(const QString &path) const;

    static const QList<BprmCodeInfo> &codes();
    static const BprmCodeInfo *find(const QString &code);

    // Tolerances: |sum of weights - 1| and | |normal| - 1 | above these are findings.
    static constexpr float WeightTolerance = 1e-3f;
    static constexpr float NormalTolerance = 1e-3f;

private:
    int m_maxPerCode;
};

} // namespace bpat
