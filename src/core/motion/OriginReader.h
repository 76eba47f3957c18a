#pragma once
// The global origins of a file's bones (the translation of each bone's global, model-space
// matrix), read in place from the mapping in every dialect: floats 3, 7 and 11 of the row-major
// globals of v1, v2 and early v3; in late v3 column 3 of skin x bind, computed exactly as
// BpatFile::globalMatrixFloats() computes it (the same bits) without the other twelve elements.
// What the motion analysis reads: positions only, one frame at a time, nothing copied.
#include "bpat/BpatFile.h"

#include <QVector3D>
#include <array>
#include <vector>

namespace bpat {

class OriginReader
{
public:
    explicit OriginReader(const BpatFile &file);

    const BpatFile &file() const { return m_file; }
    int boneCount() const { return m_bones; }
    // The origins of every bone of one global frame into out[0 .. boneCount()); false (and
    // out untouched) when the frame's matrices are not inside the file.
    bool read(quint32 globalFrame, QVector3D *out) const;
    // The origins of some bones only (out[i] for bones[i]), the bits read() gives them.
    bool read(quint32 globalFrame, const std::vector<int> &bones, QVector3D *out) const;
    // The same in single precision (late v3: the product summed in float, four lanes at a time),
    // within a few float roundings of read(): for the lint's passes over every frame.
    bool readFast(quint32 globalFrame, QVector3D *out) const;
    // The pages of frames first .. first + frames leave the resident set (a pass over a large
    // file that reads it once: BpatFile::releasePages()).
    void release(quint32 firstFrame, quint32 frames) const;
    // One bone's origin; (0, 0, 0) and *ok = false outside the file.
    QVector3D origin(quint32 globalFrame, int bone, bool *ok = nullptr) const;

private:
    QVector3D fromStored(const float *m, int bone) const;
    // out[i] = the origin of boneAt(i) for i < count (read() of every bone or of some).
    template<class Bone> bool readBones(quint32 globalFrame, int count, Bone boneAt, QVector3D *out) const;
    const float *frameInPlace(quint32 globalFrame) const;

    BpatFile m_file;
    int m_bones = 0;
    bool m_late = false;
    std::vector<std::array<float, 4>> m_bindColumn; // late v3: column 3 of each bind matrix
};

} // namespace bpat
