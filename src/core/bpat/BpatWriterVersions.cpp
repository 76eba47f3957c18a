// The version-specific parts of BpatWriter: v2 / v3 clip entry fields, the v3 extension header,
// late-v3 skinning matrices and the v3 trailing blocks (contacts, bind palette, bone parents),
// each exactly as the game's writer of that version lays them out.
#include "bpat/BpatWriter.h"

#include "bpat/BpatFile.h"
#include "bpat/BpatFormat.h"
#include "io/AtomicFile.h"

#include <QIODevice>
#include <cstring>

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
    default:
        break;
    }
}

void BpatWriter::writeV3Extension(uchar *p, const BpatLayout &l) const
{
    fmt::writeU64(p + fmt::ext::ContactDataOffset, l.contactDataOffset);
    fmt::writeU32(p + fmt::ext::ContactEntryCount, l.contactDataOffset != 0 ? m_doc.frameTotal() : 0);
    fmt::writeU64(p + fmt::ext::BindPaletteOffset, l.bindPaletteOffset);
    fmt::writeU64(p + fmt::ext::BoneParentOffset, l.boneParentOffset);
}

QList<QMatrix4x4> BpatWriter::inverseBindPalette(const float *bindPalette, quint32 bones)
{
    QList<QMatrix4x4> inverse;
    inverse.reserve(bones);
    for (quint32 b = 0; b < bones; ++b) // BpatDocument::bindMatrix(), inverted
        inverse.append(QMatrix4x4(bindPalette + qsizetype(b) * 16).transposed().inverted());
    return inverse;
}

void BpatWriter::lateV3Skin(const float *globals, const float *storedSkin, const float *bindPalette,
                            const QMatrix4x4 *inverseBind, quint32 bones, quint32 frames, float *out)
{
    const quint64 count = quint64(frames) * bones;
    for (quint64 i = 0; i < count; ++i) {
        const quint32 b = quint32(i % bones);
        const float *g = globals + i * 16;
        if (storedSkin) {
            const float *s = storedSkin + i * 16;
            std::array<float, 16> again;
            if (bindPalette) {
                again = skinTimesBind(s, bindPalette + qsizetype(b) * 16);
            } else {
                for (int r = 0; r < 4; ++r)
                    for (int k = 0; k < 4; ++k)
                        again[r * 4 + k] = s[k * 4 + r];
            }
            if (std::memcmp(again.data(), g, sizeof again) == 0) {
                std::memcpy(out + i * 16, s, 16 * sizeof(float));
                continue;
            }
        }
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
    const QList<QMatrix4x4> inverseBind = haveBind ? inverseBindPalette(m_doc.bindPalette().constData(), bones)
                                                   : QList<QMatrix4x4>();
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
