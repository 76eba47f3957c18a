#pragma once
// BPAT v1 on-disk constants, little-endian field readers and overflow-safe range arithmetic.
// Everything that reads a BPAT file goes through these helpers: files are hostile until
// validated, so every offset and count is combined with checked 64-bit arithmetic.
#include <QByteArrayView>
#include <QString>
#include <QtEndian>
#include <array>
#include <cstring>
#include <optional>

namespace bpat::format {

inline constexpr char Magic[4] = {'B', 'P', 'A', 'T'};
inline constexpr quint32 CurrentVersion = 1;

inline constexpr quint64 HeaderSize = 64;
inline constexpr quint64 ClipEntrySize = 32;
inline constexpr quint64 SocketEntrySize = 32;
inline constexpr quint64 MatrixSize = 64;     // 16 floats, row-major in v1
inline constexpr quint64 SocketRowSize = 48;  // 12 floats: rows 0..2 of the socket's matrix
inline constexpr quint64 PaletteAlignment = 16;
inline constexpr quint32 MinBones = 1;
inline constexpr quint32 MaxBones = 64;
inline constexpr int MatrixFloats = 16;
inline constexpr int SocketRowFloats = 12;

// Header field offsets.
namespace header {
inline constexpr quint64 Magic = 0, Version = 4, SpeciesId = 8, BoneCount = 12, SocketCount = 16,
                         ClipCount = 20, FrameTotal = 24, StringTableSize = 28,
                         ClipTableOffset = 32, SocketTableOffset = 40, StringTableOffset = 48,
                         PaletteDataOffset = 56;
}
// Clip entry field offsets.
namespace clip {
inline constexpr quint64 NameOffset = 0, NameLength = 4, FrameCount = 8, FrameOffset = 12,
                         Fps = 16, Loops = 20, Pad = 21, Reserved = 24;
}
// Socket entry field offsets.
namespace socket {
inline constexpr quint64 NameOffset = 0, NameLength = 4, AnchorBone = 8, LocalOffset = 12,
                         Reserved = 24;
}

// Species ids 0..9 (see the spec sheet). 0..3 are v1 species; 4..9 came with later builds.
inline constexpr quint32 LastV1Species = 3;
inline constexpr quint32 LastKnownSpecies = 9;
QString speciesName(quint32 id); // empty for an unknown id
std::optional<quint32> speciesIdFromName(const QString &name);

// --- Overflow-safe arithmetic -------------------------------------------------------------
inline std::optional<quint64> checkedAdd(quint64 a, quint64 b)
{
    quint64 r = 0;
    if (__builtin_add_overflow(a, b, &r))
        return std::nullopt;
    return r;
}
inline std::optional<quint64> checkedMul(quint64 a, quint64 b)
{
    quint64 r = 0;
    if (__builtin_mul_overflow(a, b, &r))
        return std::nullopt;
    return r;
}
// offset + count * elementSize, or nullopt on overflow.
inline std::optional<quint64> checkedEnd(quint64 offset, quint64 count, quint64 elementSize)
{
    const auto bytes = checkedMul(count, elementSize);
    return bytes ? checkedAdd(offset, *bytes) : std::nullopt;
}
// True when [offset, offset + size) lies inside [0, total).
inline bool rangeInside(quint64 offset, quint64 size, quint64 total)
{
    return offset <= total && size <= total - offset;
}
inline quint64 alignUp(quint64 value, quint64 alignment)
{
    return (value + alignment - 1) / alignment * alignment;
}

// --- Little-endian readers (callers check the range first) --------------------------------
inline quint8 readU8(const uchar *p) { return *p; }
inline quint32 readU32(const uchar *p) { return qFromLittleEndian<quint32>(p); }
inline quint64 readU64(const uchar *p) { return qFromLittleEndian<quint64>(p); }
inline float readF32(const uchar *p)
{
    const quint32 bits = readU32(p);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}
inline void writeU32(uchar *p, quint32 v) { qToLittleEndian(v, p); }
inline void writeU64(uchar *p, quint64 v) { qToLittleEndian(v, p); }
inline void writeF32(uchar *p, float f)
{
    quint32 bits;
    std::memcpy(&bits, &f, sizeof bits);
    writeU32(p, bits);
}

// Bounds-checked readers over a byte span: nullopt when the field does not fit.
std::optional<quint32> readU32(QByteArrayView data, quint64 offset);
std::optional<quint64> readU64(QByteArrayView data, quint64 offset);
std::optional<float> readF32(QByteArrayView data, quint64 offset);

// n little-endian floats starting at p (any alignment).
template <std::size_t N>
std::array<float, N> readFloats(const uchar *p)
{
    std::array<float, N> out{};
    if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
        std::memcpy(out.data(), p, N * sizeof(float));
    } else {
        for (std::size_t i = 0; i < N; ++i)
            out[i] = readF32(p + 4 * i);
    }
    return out;
}

} // namespace bpat::format
