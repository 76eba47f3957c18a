#pragma once
// BPAT on-disk constants (v1, v2, early and late v3), little-endian field readers and
// overflow-safe range arithmetic.
// Everything that reads a BPAT file goes through these helpers: files are hostile until
// validated, so every offset and count is combined with checked 64-bit arithmetic.
#include <QByteArrayView>
#include <QString>
#include <QtEndian>
#include <array>
#include <cstring>
#include <optional>
#include <type_traits>

namespace bpat::format {

inline constexpr char Magic[4] = {'B', 'P', 'A', 'T'};
inline constexpr quint32 CurrentVersion = 1; // what the writer produces unless told otherwise
inline constexpr quint32 LatestVersion = 3;  // the newest version any reader knows

inline constexpr quint64 HeaderSize = 64;
inline constexpr quint64 ClipEntrySize = 32;
inline constexpr quint64 SocketEntrySize = 32;
inline constexpr quint64 MatrixSize = 64;    // 16 floats, row-major in v1
inline constexpr quint64 SocketRowSize = 48; // 12 floats: rows 0..2 of the socket's matrix
inline constexpr quint64 PaletteAlignment = 16;
inline constexpr quint32 MinBones = 1;
inline constexpr quint32 MaxBones = 64;
inline constexpr int MatrixFloats = 16;
inline constexpr int SocketRowFloats = 12;

// The dialects (../shared/specs/bpat-versions.md, section 3). Early and late v3 share the
// version number 3: late v3 has a bind palette / parent table offset at 80 / 88 and stores
// column-major skinning matrices; early v3 stores row-major globals like v1 and v2.
enum class Dialect {
    Unknown,
    V1,
    V2,
    V3Early,
    V3Late
};
QString dialectName(Dialect dialect); // "v1", "v2", "v3-early", "v3-late", "unknown"
std::optional<Dialect> dialectFromName(const QString &name);
// A version to write as users give it (--to-version, --format-version, the Python module): "1",
// "2", "3" (late v3, what the game reads today) or a dialect name ("v3-early"); nullopt otherwise.
std::optional<Dialect> dialectToWrite(const QString &text);
// The dialect a version number selects before the v3 tie-breaker (V3Early for 3).
Dialect dialectOfVersion(quint32 version);
inline quint32 versionOf(Dialect d)
{
    return d == Dialect::V1 ? 1 : d == Dialect::V2 ? 2 : (d == Dialect::V3Early || d == Dialect::V3Late) ? 3 : 0;
}
inline bool isV3(Dialect d)
{
    return d == Dialect::V3Early || d == Dialect::V3Late;
}
// Clip entry size of a version: 32 (v1, and version 0 read as v1), 44 (v2), 48 (v3); 0 otherwise.
inline quint64 clipEntrySize(quint32 version)
{
    return version <= 1 ? 32 : version == 2 ? 44 : version == 3 ? 48 : 0;
}
// Where the writer puts the clip table: right after the header (64) or the v3 extension (96).
inline quint64 clipTableStart(quint32 version)
{
    return version == 3 ? 96 : 64;
}

inline constexpr quint64 V3ExtensionSize = 32;
inline constexpr quint64 V3HeaderEnd = 96;
inline constexpr quint64 ContactRecordSize = 8; // sole_y, foot_y
inline constexpr quint8 NoParentBone = 0xFF;
inline constexpr int MarkerCount = 5;
inline constexpr quint8 ClipFlagSuppliesGroundContact = 0x01;
// Marker names in file order, as used by the CLI and JSON.
inline constexpr const char *MarkerKeys[MarkerCount] = {"anticipation_start", "weapon_release", "contact", "recover_unlocked",
                                                        "exit_safe"};
// Human-readable marker names, in file order.
inline constexpr const char *MarkerTitles[MarkerCount] = {"anticipation start", "weapon release", "contact", "recover unlocked",
                                                          "exit safe"};
int markerIndex(const QString &key); // -1 when not a marker key
// The order the game's markers keep (bpat-versions.md 5.1: the game's registry tests expect it of
// its attack clips): 0 <= anticipation_start < weapon_release <= contact < recover_unlocked <
// exit_safe < 1. Only set markers (not -1) are compared, each with the next set one. Empty when
// they keep it, else what breaks it ("contact (0.4) comes before weapon_release (0.5)"). No
// reader checks the order: an edit that breaks it is made, with this as a warning.
QString markerOrderProblem(const std::array<float, MarkerCount> &markers);
inline constexpr const char *MarkerOrderRule =
    "0 <= anticipation_start < weapon_release <= contact < recover_unlocked < exit_safe < 1";
// The game writer's flag rule: bit 0 unless the name starts with riding_ or showcase_.
quint8 defaultClipFlags(const QString &clipName);

// v3 extension header field offsets (absolute).
namespace ext {
inline constexpr quint64 ContactDataOffset = 64, ContactEntryCount = 72, Reserved0 = 76, BindPaletteOffset = 80,
                         BoneParentOffset = 88;
}

// Header field offsets.
namespace header {
inline constexpr quint64 Magic = 0, Version = 4, SpeciesId = 8, BoneCount = 12, SocketCount = 16, ClipCount = 20, FrameTotal = 24,
                         StringTableSize = 28, ClipTableOffset = 32, SocketTableOffset = 40, StringTableOffset = 48,
                         PaletteDataOffset = 56;
}
// Clip entry field offsets (v1; bytes 0..20 are the same in every version).
namespace clip {
inline constexpr quint64 NameOffset = 0, NameLength = 4, FrameCount = 8, FrameOffset = 12, Fps = 16, Loops = 20, Pad = 21,
                         Reserved = 24;
// v2: pad 21..23 as v1, then five marker floats.
inline constexpr quint64 V2Markers = 24;
// v3: flags, ordinal, one pad byte, u16 family, u16 reserved, five marker floats.
inline constexpr quint64 V3Flags = 21, V3VariantOrdinal = 22, V3Pad = 23, V3VariantFamily = 24, V3Reserved = 26, V3Markers = 28;
} // namespace clip
// Socket entry field offsets.
namespace socket {
inline constexpr quint64 NameOffset = 0, NameLength = 4, AnchorBone = 8, LocalOffset = 12, Reserved = 24;
}

// Species ids, their names and rigs: the species catalogue (species/Species).

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
inline quint8 readU8(const uchar *p)
{
    return *p;
}
inline quint16 readU16(const uchar *p)
{
    return qFromLittleEndian<quint16>(p);
}
inline quint32 readU32(const uchar *p)
{
    return qFromLittleEndian<quint32>(p);
}
inline quint64 readU64(const uchar *p)
{
    return qFromLittleEndian<quint64>(p);
}
inline float readF32(const uchar *p)
{
    const quint32 bits = readU32(p);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}
inline void writeU16(uchar *p, quint16 v)
{
    qToLittleEndian(v, p);
}
inline void writeU32(uchar *p, quint32 v)
{
    qToLittleEndian(v, p);
}
inline void writeU64(uchar *p, quint64 v)
{
    qToLittleEndian(v, p);
}
inline void writeF32(uchar *p, float f)
{
    quint32 bits;
    std::memcpy(&bits, &f, sizeof bits);
    writeU32(p, bits);
}

// A struct's little-endian numeric fields as its static forEachField(s, f) lists them, calling
// f(member, byte offset) once per field: one list serves the reader and the writer of a header.
template<typename S> void readFields(S &s, const uchar *p)
{
    S::forEachField(
        s, [p](auto &field, quint64 at) { field = qFromLittleEndian<std::remove_reference_t<decltype(field)>>(p + at); });
}
template<typename S> void writeFields(const S &s, uchar *p)
{
    S::forEachField(s, [p](const auto &field, quint64 at) { qToLittleEndian(field, p + at); });
}

// Bounds-checked readers over a byte span: nullopt when the field does not fit.
std::optional<quint32> readU32(QByteArrayView data, quint64 offset);
std::optional<quint64> readU64(QByteArrayView data, quint64 offset);
std::optional<float> readF32(QByteArrayView data, quint64 offset);

// n little-endian floats starting at p (any alignment).
template<std::size_t N> std::array<float, N> readFloats(const uchar *p)
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
