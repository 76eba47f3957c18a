// The version-specific parts of BpatWriter: v2 / v3 clip entry fields, the v3 extension header,
// late-v3 skinning matrices and the v3 trailing blocks (contacts, bind palette, bone parents),
// each exactly as the game's writer of that version lays them out.
#include "bpat/BpatWriter.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "bpat/GlobalPalette.h"
#include "io/AtomicFile.h"

#include <QIODevice>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace bpat {

namespace fmt = bpat::format;

bool writeFloats(QIODevice *device, const QList<float> &floats); // BpatWriter.cpp

void BpatWriter::writeClipEntryExtras(uchar *e, int index) const
{
    const BpatClip &c = m_doc.clip(index);
    switch (m_doc.version()) {
    case 2:
        for (int k = 0; k < fmt::MarkerCount; ++k)
            fmt::writeF32(e + fmt::clip::V2Markers + 4 * k, c.markers[k]);
        break;
    case 3:
        e[fmt::clip::V3Flags] = c.flags;
        e[fmt::clip::V3VariantOrdinal] = c.variantOrdinal;
        fmt::writeU16(e + fmt::clip::V3VariantFamily, quint16(c.variantFamily < 0 ? index : c.variantFamily));
        for (int k = 0; k < fmt::MarkerCount; ++k)
            fmt::writeF32(e + fmt::clip::V3Markers + 4 * k, c.markers[k]);
        break;
    default: break;
    }
}

void BpatWriter::writeV3Extension(uchar *file, const BpatLayout &l) const
{
    fmt::writeU64(file + fmt::ext::ContactDataOffset, l.contactDataOffset);
    fmt::writeU32(file + fmt::ext::ContactEntryCount, l.contactDataOffset != 0 ? m_doc.frameTotal() : 0);
    fmt::writeU64(file + fmt::ext::BindPaletteOffset, l.bindPaletteOffset);
    fmt::writeU64(file + fmt::ext::BoneParentOffset, l.boneParentOffset);
}

QList<QMatrix4x4> BpatWriter::inverseBindPalette(const float *bindPalette, quint32 bones)
{
    QList<QMatrix4x4> inverse;
    inverse.reserve(bones);
    for (quint32 b = 0; b < bones; ++b) // BpatDocument::bindMatrix(), inverted
        inverse.append(QMatrix4x4(bindPalette + qsizetype(b) * 16).transposed().inverted());
    return inverse;
}

namespace {

#if defined(__SSE2__)
// skin = global x inverse(bind) in column-major floats, the bits QMatrix4x4's general product
// gives: column c of the skin is ((g0 i0c + g1 i1c) + g2 i2c) + g3 i3c with gk the global's
// column k and ikc element (k, c) of the inverse, in float, added in that order (Qt 6's
// operator*, whose operands here are general matrices: the row-major constructor sets no flags
// that would take its shortcuts). `splat[c * 4 + k]` holds ikc in every lane; null: the
// identity (the skin is the global transposed).
inline void skinOfGlobal(const float *g, const __m128 *splat, float *out)
{
    __m128 c0 = _mm_loadu_ps(g), c1 = _mm_loadu_ps(g + 4), c2 = _mm_loadu_ps(g + 8), c3 = _mm_loadu_ps(g + 12);
    _MM_TRANSPOSE4_PS(c0, c1, c2, c3); // rows to columns
    if (!splat) {
        _mm_storeu_ps(out, c0);
        _mm_storeu_ps(out + 4, c1);
        _mm_storeu_ps(out + 8, c2);
        _mm_storeu_ps(out + 12, c3);
        return;
    }
    for (int c = 0; c < 4; ++c) {
        const __m128 *s = splat + c * 4;
        __m128 v = _mm_add_ps(_mm_mul_ps(c0, s[0]), _mm_mul_ps(c1, s[1]));
        v = _mm_add_ps(v, _mm_mul_ps(c2, s[2]));
        v = _mm_add_ps(v, _mm_mul_ps(c3, s[3]));
        _mm_storeu_ps(out + c * 4, v);
    }
}
#endif

// Whether two matrices hold the same 64 bytes (inline: a call to memcmp per matrix showed).
inline bool sameBits(const float *a, const float *b)
{
    quint64 x[8], y[8];
    std::memcpy(x, a, sizeof x);
    std::memcpy(y, b, sizeof y);
    quint64 diff = 0;
    for (int k = 0; k < 8; ++k)
        diff |= x[k] ^ y[k];
    return diff == 0;
}

// Whether two row-major matrices differ at most in their translation (floats 3, 7 and 11), bit
// for bit elsewhere.
inline bool onlyMoved(const float *a, const float *b)
{
    quint32 diff = 0;
    for (int k = 0; k < 16; ++k) {
        if (k % 4 == 3 && k < 12)
            continue;
        quint32 x = 0, y = 0;
        std::memcpy(&x, a + k, sizeof x);
        std::memcpy(&y, b + k, sizeof y);
        diff |= x ^ y;
    }
    return diff == 0;
}

// A column-major matrix whose bottom row is exactly 0 0 0 1.
inline bool affineColumnMajor(const float *s)
{
    return s[3] == 0.0f && s[7] == 0.0f && s[11] == 0.0f && s[15] == 1.0f && !std::signbit(s[3]) && !std::signbit(s[7])
        && !std::signbit(s[11]);
}

} // namespace

void BpatWriter::lateV3Skin(const float *globals, const float *storedSkin, const float *bindPalette,
                            const QMatrix4x4 *inverseBind, quint32 bones, quint32 frames, float *out, const float *storedGlobals)
{
#if defined(__SSE2__)
    // The inverses splatted once per call (at most 64 bones: 16 KiB on the stack).
    __m128 splats[fmt::MaxBones * 16];
    const bool fast = bones <= fmt::MaxBones;
    if (fast && inverseBind) {
        for (quint32 b = 0; b < bones; ++b) {
            const float *inv = inverseBind[b].constData();
            for (int k = 0; k < 16; ++k)
                splats[b * 16 + k] = _mm_set1_ps(inv[k]);
        }
    }
#endif
    const quint64 count = quint64(frames) * bones;
    // The stored floats' globals (the round trip), a few frames at a time through GlobalPalette's
    // vector kernels: the bits skinTimesBind() gives (the same products, added in its order).
    constexpr quint64 ChunkMatrices = 4096;
    const quint64 chunkFrames = std::max<quint64>(1, ChunkMatrices / std::max<quint32>(1, bones));
    const size_t againFloats =
        storedSkin && bindPalette && !storedGlobals ? size_t(std::min<quint64>(frames, chunkFrames) * bones * 16) : 0;
    const std::unique_ptr<float[]> again =
        std::make_unique_for_overwrite<float[]>(againFloats); // every float written before read
    for (quint64 i = 0; i < count; ++i) {
        const quint32 b = quint32(i % bones);
        const float *g = globals + i * 16;
        if (storedSkin) {
            const float *s = storedSkin + i * 16;
            const quint64 inChunk = i % (chunkFrames * bones);
            std::array<float, 16> transposed;
            const float *roundTrip = transposed.data();
            if (storedGlobals) {
                roundTrip = storedGlobals + i * 16;
            } else if (bindPalette) {
                if (inChunk == 0) {
                    const quint64 frame = i / bones;
                    GlobalPalette::skinTimesBindRun(reinterpret_cast<const uchar *>(s),
                                                    std::min<quint64>(chunkFrames, frames - frame), bones, bindPalette,
                                                    again.get());
                }
                roundTrip = again.get() + inChunk * 16;
            } else {
                for (int r = 0; r < 4; ++r)
                    for (int k = 0; k < 4; ++k)
                        transposed[r * 4 + k] = s[k * 4 + r];
            }
            // Bit for bit on purpose: the stored floats are kept only when the round trip gives
            // the very same bits (a -0 or a NaN payload counts as a difference).
            if (sameBits(roundTrip, g)) {
                std::memcpy(out + i * 16, s, 16 * sizeof(float));
                continue;
            }
            // A global moved and not turned (the bone-length repair): T(d) x skin x bind is
            // (T(d) x skin) x bind, so the skinning matrix keeps its 3x3 bits and its translation
            // moves by the global's, in double. TranslatedRun writes the same bits.
            if (affineColumnMajor(s) && onlyMoved(roundTrip, g)) {
                std::memcpy(out + i * 16, s, 16 * sizeof(float));
                for (int r = 0; r < 3; ++r)
                    out[i * 16 + 12 + quint64(r)] =
                        float(double(s[12 + r]) + (double(g[r * 4 + 3]) - double(roundTrip[r * 4 + 3])));
                continue;
            }
        }
#if defined(__SSE2__)
        if (fast) {
            skinOfGlobal(g, inverseBind ? splats + b * 16 : nullptr, out + i * 16);
            continue;
        }
#endif
        const QMatrix4x4 global(g); // row-major constructor
        const QMatrix4x4 skin = inverseBind ? global * inverseBind[b] : global;
        std::memcpy(out + i * 16, skin.constData(), 16 * sizeof(float)); // column-major
    }
}

QList<float> BpatWriter::lateV3Palette(int index) const
{
    // skin = global x inverse(bind), stored column-major; an unedited matrix keeps its bytes.
    const BpatClip &c = m_doc.clip(index);
    const quint32 bones = m_doc.boneCount();
    const bool haveBind = m_doc.bindPalette().size() == qsizetype(bones) * 16;
    const bool haveStored = c.storedSkin.size() == c.palette.size();
    const QList<QMatrix4x4> inverseBind =
        haveBind ? inverseBindPalette(m_doc.bindPalette().constData(), bones) : QList<QMatrix4x4>();
    QList<float> out(c.palette.size());
    if (bones > 0)
        lateV3Skin(c.palette.constData(), haveStored ? c.storedSkin.constData() : nullptr,
                   haveBind ? m_doc.bindPalette().constData() : nullptr, haveBind ? inverseBind.constData() : nullptr, bones,
                   c.frameCount, out.data());
    return out;
}

bool BpatWriter::writeV3Trailer(QIODevice *device, const BpatLayout &l, quint64 written) const
{
    auto padTo = [&](quint64 offset) {
        if (offset <= written)
            return true;
        const QByteArray zeros(qsizetype(offset - written), '\0');
        written = offset;
        return AtomicFile::writeAll(device, zeros);
    };
    if (l.contactDataOffset != 0) {
        if (!padTo(l.contactDataOffset))
            return false;
        for (const BpatClip &c : m_doc.clips()) {
            if (!writeFloats(device, c.contacts))
                return false;
            written += quint64(c.contacts.size()) * 4;
        }
    }
    if (l.bindPaletteOffset != 0) {
        if (!padTo(l.bindPaletteOffset) || !writeFloats(device, m_doc.bindPalette()))
            return false;
        written += quint64(m_doc.bindPalette().size()) * 4;
    }
    if (l.boneParentOffset != 0) {
        if (!padTo(l.boneParentOffset))
            return false;
        const QList<quint8> &parents = m_doc.boneParents();
        if (!AtomicFile::writeAll(device, reinterpret_cast<const char *>(parents.constData()), parents.size()))
            return false;
        written += quint64(parents.size());
    }
    return true;
}

} // namespace bpat
