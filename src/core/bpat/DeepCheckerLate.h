#pragma once
// What the deep checks need to know about late v3 (DeepChecker runs the pass): its palette holds
// column-major skinning matrices, and what is checked (finite, affine, not degenerate) and what
// socket rows are compared against is the global matrix skin x bind. Per bone, prepared once:
// the bind matrix, and the bound on |det(skin)| that lets DeepChecker's fast kernel pass a
// matrix without computing its global (NaN for a bone whose bind matrix leaves that to the exact
// checks). Then the exact checks of one matrix, and the global's rows for the socket rows. And
// the check of the contact table (early and late v3).
#include "bpat/DeepCheckKernels.h"
#include "bpat/Validator.h"

#include <array>
#include <vector>

namespace bpat {

class BpatFile;
class DeepLocator;

class DeepCheckerLate
{
public:
    DeepCheckerLate(const BpatFile &file, const ValidationOptions &options);

    // Skinning matrices whose row sums of |upper 3x3| and translations are below 2^62 in
    // magnitude have a finite global (bind matrices are held to the same bound).
    static constexpr float Limit = 4611686018427387904.0f; // 2^62
    bool checksPalette() const { return m_checksPalette; } // false past 64 bones, as before
    // Per bone, DeepChecker's fast test (deepkernels::nextSuspect): the bound on |det(skin)| is
    // minDet + slope * (product of the row sums of |skin|). Padded to a multiple of 8 bones.
    const float *fastMinDets() const { return m_fastMinDet.data(); }
    const float *fastSlopes() const { return m_fastSlope.data(); }
    quint32 preparedBones() const { return quint32(m_bones.size()); }

    // Rows 0..2 of BpatFile::globalMatrixFloats() for the stored skinning matrix `skin` (the same
    // floats), for a bone below preparedBones().
    void globalRows(const uchar *skin, quint32 bone, float *rows) const;
    // BpatFile::globalMatrixFloats() of a stored skinning matrix, any bone.
    std::array<float, 16> global(const float *skin, quint32 bone) const;

    // The exact checks of one skinning matrix `s` (as stored). A finding's message is built only
    // when `withMessage`.
    struct Verdict
    {
        enum Kind { Fine, Finding, RowMajor } kind = Fine;
        QString code, message;
    };
    Verdict check(const float *s, quint32 bone, bool withMessage) const;

    // Every v3 file, early or late: the contact table's records finite (NON_FINITE). False when
    // cancelled.
    static bool checkContacts(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink, const DeepLocator &where);

private:
    struct Bone
    {
        alignas(16) double bindT[16]; // bind[c * 4 + k] at [k * 4 + c], as doubles
        std::array<float, 16> bind;
    };

    const BpatFile &m_file;
    double m_minDet = 0.0;
    bool m_bindInFile = false;
    bool m_checksPalette = false;
    std::vector<Bone> m_bones;
    std::vector<float> m_fastMinDet, m_fastSlope; // apart from m_bones: to keep in cache
};

inline void DeepCheckerLate::globalRows(const uchar *skin, quint32 bone, float *rows) const
{
    if (m_bindInFile) {
        deepkernels::skinTimesBindRows(skin, m_bones[bone].bindT, rows);
        return;
    }
    float s[16]; // no bind palette: the global is the skin transposed into rows
    std::memcpy(s, skin, sizeof s);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c)
            rows[r * 4 + c] = s[c * 4 + r];
}

} // namespace bpat
