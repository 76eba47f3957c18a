#include "motion/OriginReader.h"

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace bpat {

OriginReader::OriginReader(const BpatFile &file)
    : m_file(file)
{
    const quint32 bones = file.hasHeader() ? file.header().boneCount : 0;
    m_bones = bones >= 1 && bones <= 64 && file.paletteInBounds() ? int(bones) : 0;
    m_late = file.storesSkinningMatrices();
    if (!m_late)
        return;
    m_bindColumn.resize(size_t(m_bones), {0.0f, 0.0f, 0.0f, 1.0f});
    for (int b = 0; b < m_bones; ++b) {
        if (const auto bind = file.bindFloats(quint32(b)))
            m_bindColumn[size_t(b)] = {(*bind)[12], (*bind)[13], (*bind)[14], (*bind)[15]};
    }
}

QVector3D OriginReader::fromStored(const float *m, int bone) const
{
    if (!m_late)
        return {m[3], m[7], m[11]};
    // Row r of column 3 of skin x bind, skin column-major (S[r][k] = m[k*4 + r]), summed in
    // double as skinTimesBind() does.
    const std::array<float, 4> &c = m_bindColumn[size_t(bone)];
    float out[3];
    for (int r = 0; r < 3; ++r) {
        double sum = 0.0;
        for (int k = 0; k < 4; ++k)
            sum += double(m[k * 4 + r]) * double(c[size_t(k)]);
        out[r] = float(sum);
    }
    return {out[0], out[1], out[2]};
}

const float *OriginReader::frameInPlace(quint32 globalFrame) const
{
    // A frame's matrices lie one after the other: in place when the first and the last are
    // (inside the file and float-aligned).
    const float *first = m_file.matrixData(globalFrame, 0);
    return first && m_file.matrixData(globalFrame, quint32(m_bones - 1)) ? first : nullptr;
}

bool OriginReader::readFast(quint32 globalFrame, QVector3D *out) const
{
#if defined(__SSE2__)
    if (m_late && m_bones > 0 && globalFrame < m_file.header().frameTotal) {
        if (const float *m = frameInPlace(globalFrame)) {
            for (int b = 0; b < m_bones; ++b, m += 16) {
                const std::array<float, 4> &c = m_bindColumn[size_t(b)];
                __m128 o = _mm_mul_ps(_mm_loadu_ps(m), _mm_set1_ps(c[0]));
                o = _mm_add_ps(o, _mm_mul_ps(_mm_loadu_ps(m + 4), _mm_set1_ps(c[1])));
                o = _mm_add_ps(o, _mm_mul_ps(_mm_loadu_ps(m + 8), _mm_set1_ps(c[2])));
                o = _mm_add_ps(o, _mm_mul_ps(_mm_loadu_ps(m + 12), _mm_set1_ps(c[3])));
                alignas(16) float v[4];
                _mm_store_ps(v, o);
                out[b] = QVector3D(v[0], v[1], v[2]);
            }
            return true;
        }
    }
#endif
    return read(globalFrame, out);
}

bool OriginReader::read(quint32 globalFrame, QVector3D *out) const
{
    return readBones(
        globalFrame, m_bones, [](int i) { return i; }, out);
}

bool OriginReader::read(quint32 globalFrame, const std::vector<int> &bones, QVector3D *out) const
{
    return readBones(
        globalFrame, int(bones.size()), [&bones](int i) { return bones[size_t(i)]; }, out);
}

template<class Bone> bool OriginReader::readBones(quint32 globalFrame, int count, Bone boneAt, QVector3D *out) const
{
    if (m_bones == 0 || globalFrame >= m_file.header().frameTotal)
        return false;
    const float *first = frameInPlace(globalFrame);
    for (int i = 0; i < count; ++i) {
        const int b = boneAt(i);
        if (b < 0 || b >= m_bones)
            return false;
        if (first) {
            out[i] = fromStored(first + 16 * b, b);
            continue;
        }
        const auto floats = m_file.matrixFloats(globalFrame, quint32(b));
        if (!floats)
            return false;
        out[i] = fromStored(floats->data(), b);
    }
    return true;
}

void OriginReader::release(quint32 firstFrame, quint32 frames) const
{
    const quint64 frameBytes = quint64(m_bones) * 64;
    m_file.releasePages(m_file.paletteDataOffset() + quint64(firstFrame) * frameBytes, quint64(frames) * frameBytes);
}

QVector3D OriginReader::origin(quint32 globalFrame, int bone, bool *ok) const
{
    const auto floats = bone >= 0 && bone < m_bones ? m_file.matrixFloats(globalFrame, quint32(bone)) : std::nullopt;
    if (ok)
        *ok = floats.has_value();
    return floats ? fromStored(floats->data(), bone) : QVector3D();
}

} // namespace bpat
