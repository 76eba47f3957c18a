#include "bpat/GameReader.h"

#include "bpat/BpatFile.h"

namespace bpat {

namespace fmt = bpat::format;

namespace {

// The game's in_bounds(off, n): off <= size && off + n <= size, in u64 (n may be any u64 here:
// a product that overflows 64 bits can never fit).
bool inBounds(quint64 off, std::optional<quint64> n, quint64 size)
{
    return n && fmt::rangeInside(off, *n, size);
}

GameReaderVerdict refuse(int check, const char *message, std::optional<quint64> offset = std::nullopt)
{
    return {false, check, QString::fromUtf8(message), offset};
}

} // namespace

GameReader::GameReader(fmt::Dialect reader)
    : m_reader(reader == fmt::Dialect::Unknown ? fmt::Dialect::V3Late : reader)
{
}

GameReader GameReader::forFile(const BpatFile &file)
{
    return GameReader(file.dialect());
}

GameReaderVerdict GameReader::read(const BpatFile &file) const
{
    namespace h = fmt::header;
    const quint64 size = file.fileSize();
    if (!file.hasHeader())
        return refuse(1, "file shorter than header", 0);
    if (!file.hasMagic())
        return refuse(2, "magic mismatch", h::Magic);
    const BpatHeader &hd = file.header();
    if (hd.version != version())
        return refuse(3, "unsupported version", h::Version);
    if (hd.speciesId > maxSpecies())
        return refuse(4, "unknown species_id", h::SpeciesId);
    if (hd.boneCount == 0 || hd.boneCount > fmt::MaxBones)
        return refuse(5, "bone_count out of range", h::BoneCount);
    if (hd.clipCount == 0)
        return refuse(6, "clip_count == 0", h::ClipCount);
    const quint64 entry = fmt::clipEntrySize(version());
    if (!inBounds(hd.clipTableOffset, fmt::checkedMul(hd.clipCount, entry), size))
        return refuse(7, "clip table out of bounds", h::ClipTableOffset);
    if (hd.socketCount > 0 && !inBounds(hd.socketTableOffset, fmt::checkedMul(hd.socketCount, fmt::SocketEntrySize), size))
        return refuse(8, "socket table out of bounds", h::SocketTableOffset);
    if (!inBounds(hd.stringTableOffset, quint64(hd.stringTableSize), size))
        return refuse(9, "string table out of bounds", h::StringTableOffset);
    const auto paletteBytes = fmt::checkedMul(quint64(hd.frameTotal) * hd.boneCount, fmt::MatrixSize);
    if (!inBounds(hd.paletteDataOffset, paletteBytes, size))
        return refuse(10, "palette data out of bounds", h::PaletteDataOffset);
    if (hd.socketCount > 0) {
        const auto socketBytes = fmt::checkedMul(quint64(hd.frameTotal) * hd.socketCount, fmt::SocketRowSize);
        const auto at = fmt::checkedAdd(hd.paletteDataOffset, *paletteBytes);
        if (!at || !inBounds(*at, socketBytes, size))
            return refuse(11, "socket data out of bounds", h::SocketCount);
    }
    if (version() == 3) {
        if (size < fmt::V3HeaderEnd)
            return refuse(12, "file shorter than v3 extension header", fmt::ext::ContactDataOffset);
        const uchar *p = file.data();
        const quint64 contactOffset = fmt::readU64(p + fmt::ext::ContactDataOffset);
        const quint32 contactCount = fmt::readU32(p + fmt::ext::ContactEntryCount);
        if (contactCount != 0 && contactCount != hd.frameTotal)
            return refuse(13, "contact table size != frame_total", fmt::ext::ContactEntryCount);
        if (contactCount != 0 && !inBounds(contactOffset, quint64(contactCount) * fmt::ContactRecordSize, size))
            return refuse(13, "contact table out of bounds", fmt::ext::ContactDataOffset);
        if (m_reader == fmt::Dialect::V3Late) {
            const quint64 bind = fmt::readU64(p + fmt::ext::BindPaletteOffset);
            const quint64 parents = fmt::readU64(p + fmt::ext::BoneParentOffset);
            if (bind != 0 && !inBounds(bind, quint64(hd.boneCount) * fmt::MatrixSize, size))
                return refuse(14, "bind palette out of bounds", fmt::ext::BindPaletteOffset);
            if (parents != 0) {
                if (!inBounds(parents, quint64(hd.boneCount), size))
                    return refuse(15, "bone parent table out of bounds", fmt::ext::BoneParentOffset);
                for (quint32 b = 0; b < hd.boneCount; ++b) {
                    const quint8 parent = p[parents + b];
                    if (parent != fmt::NoParentBone && parent >= b)
                        return refuse(15, "bone parent must precede its child", parents + b);
                }
            }
        }
    }
    // Clips, in order (the table is in bounds: check 7).
    const uchar *p = file.data();
    quint64 running = 0;
    for (quint32 i = 0; i < hd.clipCount; ++i) {
        const quint64 e = hd.clipTableOffset + quint64(i) * entry;
        const quint32 nameOffset = fmt::readU32(p + e + fmt::clip::NameOffset);
        const quint32 nameLength = fmt::readU32(p + e + fmt::clip::NameLength);
        const quint32 frameCount = fmt::readU32(p + e + fmt::clip::FrameCount);
        const quint32 frameOffset = fmt::readU32(p + e + fmt::clip::FrameOffset);
        if (frameCount == 0)
            return refuse(16, "clip frame_count == 0", e + fmt::clip::FrameCount);
        if (frameOffset != running)
            return refuse(16, "clip frame_offset not contiguous", e + fmt::clip::FrameOffset);
        if (quint64(nameOffset) + nameLength + 1 > hd.stringTableSize)
            return refuse(16, "clip name out of string table", e + fmt::clip::NameOffset);
        if (p[hd.stringTableOffset + nameOffset + nameLength] != 0)
            return refuse(16, "clip name not NUL-terminated", hd.stringTableOffset + nameOffset + nameLength);
        running += frameCount;
    }
    if (running != hd.frameTotal)
        return refuse(17, "Σ frame_count != frame_total", h::FrameTotal);
    for (quint32 i = 0; i < hd.socketCount; ++i) {
        const quint64 e = hd.socketTableOffset + quint64(i) * fmt::SocketEntrySize;
        const quint32 nameOffset = fmt::readU32(p + e + fmt::socket::NameOffset);
        const quint32 nameLength = fmt::readU32(p + e + fmt::socket::NameLength);
        const quint32 anchor = fmt::readU32(p + e + fmt::socket::AnchorBone);
        if (anchor >= hd.boneCount)
            return refuse(18, "socket anchor_bone out of range", e + fmt::socket::AnchorBone);
        if (quint64(nameOffset) + nameLength + 1 > hd.stringTableSize)
            return refuse(18, "socket name out of string table", e + fmt::socket::NameOffset);
        if (p[hd.stringTableOffset + nameOffset + nameLength] != 0)
            return refuse(18, "socket name not NUL-terminated", hd.stringTableOffset + nameOffset + nameLength);
    }
    return {};
}

} // namespace bpat
