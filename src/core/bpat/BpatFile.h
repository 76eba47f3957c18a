#pragma once
// A BPAT file (v1, v2, early or late v3) opened in place: the file is memory-mapped (QFile::map) or wraps an in-memory
// buffer, and only the header, the clip and socket tables and their names are decoded. Palette
// and socket data stay in the mapping and are read on demand, so opening a 1 GiB file touches
// only its first pages.
//
// Every accessor is safe on any input: tables that do not fit in the file are not decoded,
// matrix reads outside the file return nullptr / false. The Validator reports what is wrong.
// BpatFile is a cheap shared handle: copies share one mapping and can be read from any thread.
#include "bpat/BpatFormat.h"
#include "io/TableEntry.h"
#include "mesh/Rig.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QMatrix4x4>
#include <QString>
#include <QVector3D>
#include <array>
#include <utility>
#include <memory>
#include <optional>

namespace bpat {

struct BpatHeader
{
    std::array<char, 4> magic{};
    quint32 version = 0;
    quint32 speciesId = 0;
    quint32 boneCount = 0;
    quint32 socketCount = 0;
    quint32 clipCount = 0;
    quint32 frameTotal = 0;
    quint32 stringTableSize = 0;
    quint64 clipTableOffset = 0;
    quint64 socketTableOffset = 0;
    quint64 stringTableOffset = 0;
    quint64 paletteDataOffset = 0;

    // Every numeric field with its byte offset, in file order after the magic (format::readFields).
    template<typename Header, typename F> static void forEachField(Header &h, F &&f)
    {
        namespace o = format::header;
        f(h.version, o::Version);
        f(h.speciesId, o::SpeciesId);
        f(h.boneCount, o::BoneCount);
        f(h.socketCount, o::SocketCount);
        f(h.clipCount, o::ClipCount);
        f(h.frameTotal, o::FrameTotal);
        f(h.stringTableSize, o::StringTableSize);
        f(h.clipTableOffset, o::ClipTableOffset);
        f(h.socketTableOffset, o::SocketTableOffset);
        f(h.stringTableOffset, o::StringTableOffset);
        f(h.paletteDataOffset, o::PaletteDataOffset);
    }
};

// The v3 extension header (bytes 64..95). In early v3 bytes 80..95 are reserved (zero); in
// late v3 they place the bind palette and the bone parent table.
struct BpatV3Extension
{
    quint64 contactDataOffset = 0;
    quint32 contactEntryCount = 0;
    quint32 reserved0 = 0;
    quint64 bindPaletteOffset = 0; // early v3: reserved1
    quint64 boneParentOffset = 0;  // early v3: reserved2
};

struct BpatClipInfo : TableEntry
{
    quint32 frameCount = 0;
    quint32 frameOffset = 0;
    float fps = 0.0f;
    quint8 loopsByte = 0;              // raw byte: 1 loops, 0 one-shot, anything else is invalid
    std::array<quint8, 3> pad{};       // v1/v2: bytes 21..23; v3: pad[0] = byte 23, the rest 0
    std::array<quint32, 2> reserved{}; // v1 only (v2/v3: 0)
    // v2 and v3: the five marker phases in file order (-1 = unset); all -1 for v1.
    bool hasMarkers = false;
    std::array<float, 5> markers{-1.0f, -1.0f, -1.0f, -1.0f, -1.0f};
    // v3 only.
    bool hasV3Fields = false;
    quint8 flags = 0; // bit 0: supplies_ground_contact
    quint8 variantOrdinal = 0;
    quint16 variantFamily = 0; // clip index of the family's base
    quint16 v3Reserved = 0;    // bytes 26..27

    bool loops() const { return loopsByte != 0; }
    bool suppliesGroundContact() const { return (flags & 0x01) != 0; }
    double duration() const { return fps > 0.0f ? double(frameCount) / double(fps) : 0.0; }
};

struct BpatSocketInfo : TableEntry
{
    quint32 anchorBone = 0;
    QVector3D localOffset;
    std::array<quint32, 2> reserved{};
};

class BpatFile
{
public:
    BpatFile(); // a null file: no data, every accessor returns empty values
    // Maps the file read-only. On failure returns nullopt and a message naming the path and
    // the reason (missing, a directory, empty, unreadable, cannot be mapped).
    static std::optional<BpatFile> open(const QString &path, QString *error = nullptr);
    // Wraps bytes held in memory (tests, fuzzing, files being written). `path` is only a label.
    static BpatFile fromData(QByteArray bytes, const QString &path = QString());

    bool isNull() const;
    QString path() const;
    quint64 fileSize() const;
    QByteArrayView bytes() const; // the whole file
    const uchar *data() const;
    // True once a read of the mapping found the file shorter than when it was opened (it shrank
    // underneath): such reads returned zeros (MappedFile's guard), so anything built from them
    // is unreliable. Never true for in-memory data.
    bool isStale() const;
    // True when the mapped file changed on disk since it was opened (MappedFile::changedSinceOpen:
    // stale, or another size or modification time): a check of it must say so first.
    bool changedSinceOpen() const;
    // A mapped file's pages of [offset, offset + size) leave the resident set (MappedFile::release):
    // for a pass that reads a large file once, front to back (bpat convert).
    void releasePages(quint64 offset, quint64 size) const;

    // --- Header and tables (decoded on open) ---
    bool hasHeader() const; // false when the file is shorter than 64 bytes
    const BpatHeader &header() const;
    bool hasMagic() const;
    // The dialect: from the version field, and for version 3 from bytes 80..95 (non-zero in
    // either: late) with the palette tie-breaker of the spec sheet when both are zero (a
    // palette whose matrices are column-major affine with a translation: late without a bind
    // palette). Unknown for versions above 3.
    format::Dialect dialect() const;
    bool dialectFromPalette() const;            // the v3 tie-breaker decided (both offsets zero)
    bool isV3() const;                          // version 3 (either dialect)
    bool hasV3Extension() const;                // version 3 and the file holds bytes 64..95
    const BpatV3Extension &v3Extension() const; // zeros unless hasV3Extension()
    // Palette matrices are column-major skinning matrices (late v3): global = skin * bind.
    bool storesSkinningMatrices() const;
    QString speciesName() const; // the catalogue's (species/Species); empty for an unknown id
    // The file's rig (species/SpeciesRig::forFile): a late-v3 file's own parent table, named by
    // the catalogue's rig of its species and bone count; else that rig; nullopt without a
    // header or a rig the studio knows.
    std::optional<Rig> rig() const;
    bool clipTableInBounds() const;   // clips() is empty otherwise
    bool socketTableInBounds() const; // true when socket_count == 0
    bool stringTableInBounds() const;
    const QList<BpatClipInfo> &clips() const;
    const QList<BpatSocketInfo> &sockets() const;
    int findClip(const QString &name) const; // first clip with that name, -1 if none
    // A clip given by name or, failing that, by decimal index; -1 if neither matches.
    int findClipByNameOrIndex(const QString &nameOrIndex) const;

    // --- Derived layout ---
    quint64 paletteDataOffset() const;
    // Sizes and offsets derived from header fields: nullopt when they overflow 64 bits.
    std::optional<quint64> paletteByteSize() const;    // frame_total * bone_count * 64
    std::optional<quint64> socketDataOffset() const;   // palette end
    std::optional<quint64> socketDataByteSize() const; // frame_total * socket_count * 48
    bool paletteInBounds() const;
    bool socketDataInBounds() const; // true when socket_count == 0

    // --- v3 trailing blocks ---
    bool hasContactTable() const;      // v3 and contact_entry_count != 0
    bool contactTableInBounds() const; // count == frame_total and the records lie in the file
    // (sole_y, foot_y) of one global frame; nullopt without an in-bounds table.
    std::optional<std::pair<float, float>> contact(quint32 globalFrame) const;
    std::optional<quint64> contactOffset(quint32 globalFrame) const;
    bool hasBindPalette() const;      // late v3 with bind_palette_offset != 0
    bool bindPaletteInBounds() const; // ... and bone_count (1..64) matrices in the file
    // One bind matrix: the 16 stored (column-major) floats / decoded; identity without a palette.
    std::optional<std::array<float, 16>> bindFloats(quint32 bone) const;
    QMatrix4x4 bindMatrix(quint32 bone, bool *ok = nullptr) const;
    bool hasBoneParents() const;      // late v3 with bone_parent_offset != 0
    bool boneParentsInBounds() const; // ... and bone_count (1..64) bytes in the file
    // Raw parent bytes (0xFF = root), empty unless boneParentsInBounds().
    const QList<quint8> &boneParents() const;

    // Global frame index of frame `frame` of clip `clip`, if both exist.
    std::optional<quint32> globalFrame(int clip, quint32 frame) const;
    // How many of a clip's first frames the file really holds: below frame_total and with their
    // palette rows inside the file (at most frame_count; 0 for no such clip or no bones). Every
    // per-frame loop over a file that may be damaged runs to this, never to the frame count a
    // clip claims (a late-v3 clip claiming 4,294,967,295 frames in a 625 KB file).
    quint64 framesHeld(int clip) const;

    // --- Palette and socket data (in place) ---
    // The 16 stored floats of one matrix (row-major globals in v1, v2 and early v3; column-major
    // skinning matrices in late v3), or nullptr when the matrix is not inside the file or the
    // mapping is not float-aligned there (use matrixFloats then).
    const float *matrixData(quint32 globalFrame, quint32 bone) const;
    std::optional<std::array<float, 16>> matrixFloats(quint32 globalFrame, quint32 bone) const;
    // The bone's GLOBAL (model-space) matrix in every dialect: the stored row-major matrix in
    // v1, v2 and early v3; skin * bind (both decoded column-major) in late v3 (skin alone
    // without a bind palette). Identity and *ok = false when out of bounds.
    QMatrix4x4 matrix(int clip, quint32 frame, quint32 bone, bool *ok = nullptr) const;
    QMatrix4x4 matrixAtGlobalFrame(quint32 globalFrame, quint32 bone, bool *ok = nullptr) const;
    QMatrix4x4 globalMatrix(quint32 globalFrame, quint32 bone, bool *ok = nullptr) const
    {
        return matrixAtGlobalFrame(globalFrame, bone, ok);
    }
    // The global matrix as 16 floats, row-major (k = row*4 + col): equal to matrixFloats() in
    // v1, v2 and early v3.
    std::optional<std::array<float, 16>> globalMatrixFloats(quint32 globalFrame, quint32 bone) const;
    // The stored matrix decoded in the dialect's storage order (late v3: the skinning matrix).
    QMatrix4x4 storedMatrix(quint32 globalFrame, quint32 bone, bool *ok = nullptr) const;
    std::optional<quint64> matrixOffset(quint32 globalFrame, quint32 bone) const;

    // Socket rows 0..2 (12 floats) of one socket in one global frame, when inside the file.
    std::optional<std::array<float, 12>> socketRow(quint32 globalFrame, quint32 socket) const;
    std::optional<quint64> socketRowOffset(quint32 globalFrame, quint32 socket) const;
    // The socket's model-space matrix (row 3 = 0 0 0 1).
    QMatrix4x4 socketMatrix(int clip, quint32 frame, quint32 socket, bool *ok = nullptr) const;

    // The palette block as it lies in the file (for GPU upload), nullptr when out of bounds.
    const uchar *paletteBytes() const;
    quint64 paletteBytesSize() const; // 0 when paletteBytes() is nullptr
    const uchar *socketDataBytes() const;
    quint64 socketDataBytesSize() const;
    // Late v3's bind palette as it lies in the file (bone_count column-major matrices, for GPU
    // upload), nullptr unless bindPaletteInBounds().
    const uchar *bindPaletteBytes() const;

private:
    struct Data;
    std::shared_ptr<const Data> d;
    explicit BpatFile(std::shared_ptr<const Data> data);
};

QString nameStatusText(NameStatus status);

// Late v3: global = skin * bind, both column-major float[16]; the result row-major. One
// function so every reader and the writer's round-trip check compute the same bits.
std::array<float, 16> skinTimesBind(const float *skinColumnMajor, const float *bindColumnMajor);

} // namespace bpat
