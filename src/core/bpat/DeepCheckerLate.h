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

#include <QVector3D>

#include <array>
#include <vector>

namespace bpat {

class BpatFile;
class DeepLocator;

class DeepCheckerLate
{
public:
    DeepCheckerLate(const BpatFile &file, const ValidationOptions &options);
    // For data not in `file` yet (BpatStreamWriter, whose stand-in file holds the head alone):
    // the bind palette as it will be written, column-major, bone_count x 16 floats, or null for
    // a file without one (identity). Copied.
    DeepCheckerLate(const BpatFile &file, const ValidationOptions &options, const float *bindPalette);

    // Skinning matrices whose row sums of |upper 3x3| and translations are below 2^62 in
    // magnitude have a finite global (bind matrices are held to the same bound).
    static constexpr float Limit = 4611686018427387904.0f; // 2^62
    bool checksPalette() const { return m_checksPalette; } // false past 64 bones, as before
    // Per bone, DeepChecker's fast test (deepkernels::nextSuspect): the bound on |det(skin)| is
    // minDet + slope * (product of the row sums of |skin|). Padded to a multiple of 8 bones.
    const float *fastMinDets() const { return m_fastMinDet.data(); }
    const float *fastSlopes() const { return m_fastSlope.data(); }
    quint32 preparedBones() const { return quint32(m_bones.size()); }

#if defined(__SSE2__)
    // For deepkernels::lateSocketRowWithin: the bone's bind matrix, element (k, c) splatted
    // into register k * 4 + c (the identity without a bind palette, as for the exact checks),
    // and the error scale of a socket at `offset` anchored on the bone (NaN: exact checks).
    const __m128 *bindSplats(quint32 bone) const
    {
        return m_bones[bone].splat;
    }
    float socketErrorScale(quint32 bone, const QVector3D &offset) const;
#endif
    // BpatFile::globalMatrixFloats() of a stored skinning matrix, any bone.
    std::array<float, 16> global(const float *skin, quint32 bone) const;

    // The exact checks of one skinning matrix `s` (as stored). A finding's message is built only
    // when `withMessage`.
    struct Verdict
    {
        enum Kind {
            Fine,
            Finding,
            RowMajor
        } kind = Fine;
        QString code, message;
    };
    Verdict check(const float *s, quint32 bone, bool withMessage) const;

    // Every v3 file, early or late: the contact table's records finite (NON_FINITE). False when
    // cancelled.
    static bool checkContacts(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink,
                              const DeepLocator &where);
    // The same for `count` records (8 bytes each, as stored) of frames first.. that `file`'s
    // contact table (offset and count from its header) will hold.
    static void checkContactRecords(const BpatFile &file, const uchar *records, quint32 first, quint32 count,
                                    DiagnosticSink &sink, const DeepLocator &where);

private:
    struct Bone
    {
#if defined(__SSE2__)
        __m128 splat[16];
#endif
        std::array<float, 16> bind;
        float maxAbs = 0.0f; // the largest |element| of the bind matrix
    };

    void prepare(const float *bindPalette); // null: identity

    double m_minDet = 0.0;
    bool m_bindInFile = false;
    bool m_checksPalette = false;
    std::vector<Bone> m_bones;
    std::vector<float> m_fastMinDet, m_fastSlope; // apart from m_bones: to keep in cache
};

} // namespace bpat
