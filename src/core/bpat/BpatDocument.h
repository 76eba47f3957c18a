#pragma once
// The editable in-memory model of a BPAT file, used by the writer, the baker, rebake and
// editing. Unlike BpatFile (which reads in place), a document owns copies of every matrix.
//
// Palettes are stored per clip as contiguous row-major floats, exactly as on disk:
// clip.palette[(frame * boneCount + bone) * 16 + k]. Socket rows (rows 0..2 of
// palette[anchor] * translate(local_offset), 12 floats) are stored per clip too,
// clip.socketRows[(frame * socketCount + socket) * 12 + k]; those read from a file are kept
// verbatim so writing a file back is byte-identical, and recomputeSocketRows() rebuilds them.
//
// Versions: the document remembers the version and dialect it was read as (v1 by default) and
// the fields later versions added: per clip the five markers (v2, v3), flags, variant family and
// ordinal and one contact record per frame (v3); per document the bind palette and bone parents
// (late v3). `palette` holds row-major GLOBAL matrices in every version: a late-v3 file's
// column-major skinning matrices are turned into globals (skin x bind) when it is read, and kept
// as read in `storedSkin`, so the writer can put back the very bytes of every matrix whose global
// was not changed (an unedited save is byte-identical) and recompute skin = global x inverse(bind)
// for the others.
#include <QList>
#include <QMatrix4x4>
#include <QString>
#include <QStringList>
#include <QVector3D>
#include "bpat/BpatFormat.h"

#include <array>
#include <functional>
#include <limits>
#include <optional>

namespace bpat {

class BpatFile;

struct BpatClip
{
    QString name;
    float fps = 24.0f;
    bool loops = true;
    quint32 frameCount = 0;
    QList<float> palette;    // frameCount * boneCount * 16 floats, row-major matrices
    QList<float> socketRows; // frameCount * socketCount * 12 floats (empty without sockets)
    // v2 / v3: marker phases in file order (anticipation_start, weapon_release, contact,
    // recover_unlocked, exit_safe); -1 = unset.
    std::array<float, 5> markers{-1.0f, -1.0f, -1.0f, -1.0f, -1.0f};
    // v3: bit 0 supplies_ground_contact (the game's writer: unless riding_ / showcase_).
    quint8 flags = format::ClipFlagSuppliesGroundContact;
    quint8 variantOrdinal = 0;
    int variantFamily = -1; // clip index of the family's base; -1 = the clip's own index
    QList<float> contacts;  // v3: frameCount * 2 floats (sole_y, foot_y), or empty
    // Late v3 read from a file: the stored column-major skinning floats (same size as palette),
    // used by the writer for matrices whose global is unchanged. Empty otherwise.
    QList<float> storedSkin;

    // Offset of a matrix's first float in `palette`, or -1 when bone >= boneCount or the offset
    // does not fit in a qsizetype (u32 frame * u32 bone count * 16 can exceed 2^63: computed in
    // 64-bit unsigned arithmetic, never as an overflowing signed product). Not checked against
    // the palette's size: callers do that.
    static qsizetype matrixIndex(quint32 frame, quint32 bone, quint32 boneCount)
    {
        if (bone >= boneCount)
            return -1;
        const quint64 index = quint64(frame) * boneCount + bone; // < 2^64
        if (index > quint64(std::numeric_limits<qsizetype>::max()) / 16)
            return -1;
        return qsizetype(index * 16);
    }
    // Row-major floats to QMatrix4x4 (row-major constructor) and back.
    QMatrix4x4 matrix(quint32 frame, quint32 bone, quint32 boneCount) const;
    void setMatrix(quint32 frame, quint32 bone, quint32 boneCount, const QMatrix4x4 &m);
};

struct BpatSocket
{
    QString name;
    quint32 anchorBone = 0;
    QVector3D localOffset;
};

class BpatDocument
{
public:
    BpatDocument() = default;
    BpatDocument(quint32 speciesId, quint32 boneCount);

    // Copies header fields, clips (in table order, names decoded), sockets, palettes and socket
    // rows out of an opened file. Fails (nullopt + reason) when the file's tables or data are not
    // all inside the file, so it never reads out of bounds; run the Validator for details.
    // Clips whose frame_offset is not contiguous are copied from where they point.
    static std::optional<BpatDocument> fromFile(const BpatFile &file, QString *error = nullptr);
    // The same document without its frames, after the same checks: every clip's palette,
    // socket rows and stored skinning floats are left empty (contacts, markers and the rest are
    // read). A streaming plan: BpatStreamWriter then takes the frames from the file a run at a
    // time (bpat convert), so a file of any size is rewritten in a few megabytes.
    static std::optional<BpatDocument> planFromFile(const BpatFile &file, QString *error = nullptr);

    // --- Version and dialect (v1 unless read from a later file or set) ---
    format::Dialect dialect() const { return m_dialect; }
    quint32 version() const { return format::versionOf(m_dialect); }
    void setDialect(format::Dialect dialect) { m_dialect = dialect == format::Dialect::Unknown ? format::Dialect::V1 : dialect; }
    // Late v3: the bind palette (boneCount * 16 floats, column-major, as stored) and the bone
    // parents (boneCount bytes, 0xFF = root). Empty when absent.
    const QList<float> &bindPalette() const { return m_bindPalette; }
    void setBindPalette(QList<float> columnMajor) { m_bindPalette = std::move(columnMajor); }
    bool hasBindPalette() const { return !m_bindPalette.isEmpty(); }
    QMatrix4x4 bindMatrix(quint32 bone) const; // identity without a bind palette
    void setBindMatrices(const QList<QMatrix4x4> &matrices);
    const QList<quint8> &boneParents() const { return m_boneParents; }
    void setBoneParents(QList<quint8> parents) { m_boneParents = std::move(parents); }
    // True when every clip has its contact records (v3 contact table present).
    bool hasContacts() const;
    // Drops the remembered late-v3 skinning floats (after edits that move matrices around they
    // would only be ignored; this frees the memory).
    void clearStoredSkin();

    quint32 speciesId() const { return m_speciesId; }
    void setSpeciesId(quint32 id) { m_speciesId = id; }
    quint32 boneCount() const { return m_boneCount; }
    // Changing the bone count invalidates every clip's palette: only allowed with no clips.
    bool setBoneCount(quint32 boneCount);

    // --- Clips ---
    int clipCount() const { return int(m_clips.size()); }
    // Clips, with the socket rows of every socket edit so far (settleSocketRows()).
    const QList<BpatClip> &clips() const
    {
        settleSocketRows();
        return m_clips;
    }
    const BpatClip &clip(int index) const
    {
        settleSocketRows();
        return m_clips.at(index);
    }
    BpatClip &clip(int index) // keep sizes consistent when editing
    {
        settleSocketRows();
        return m_clips[index];
    }
    int findClip(const QString &name) const; // -1 if none
    quint32 frameTotal() const;              // sum of frame counts (saturates at 2^32-1)
    quint32 frameOffset(int clip) const;     // running sum of earlier clips
    // Add/insert/replace: the clip's palette must hold frameCount * boneCount * 16 floats
    // (checked; false + reason otherwise). Socket rows are recomputed when the clip has none
    // and the document has sockets.
    bool addClip(BpatClip clip, QString *error = nullptr);
    bool insertClip(int index, BpatClip clip, QString *error = nullptr);
    bool replaceClip(int index, BpatClip clip, QString *error = nullptr);
    void removeClip(int index);
    void moveClip(int from, int to);

    // --- Sockets ---
    int socketCount() const { return int(m_sockets.size()); }
    const QList<BpatSocket> &sockets() const { return m_sockets; }
    int findSocket(const QString &name) const;
    // Socket edits keep the rows every other socket has (the game bakes its grip and weapon
    // sockets from other frames, not from anchor x offset: recomputing them would lose them)
    // and compute the rows of the socket they add or move; a rename keeps every row.
    // The rows follow lazily: each edit only notes where every socket's rows come from, and the
    // first read of the clips (clips(), clip(), a clip edit, the writer) rebuilds them once, so
    // n socket edits cost O(n) plus one pass over the rows, not n passes (3,000 --add-socket on
    // a 3,157-frame file took over 120 s). A document with socket edits not yet read must not
    // be read from two threads at once (a read settles them); its copies settle on their own.
    bool addSocket(BpatSocket socket, QString *error = nullptr);
    bool replaceSocket(int index, BpatSocket socket, QString *error = nullptr);
    void removeSocket(int index);
    // Replaces every socket and recomputes every row (anchors must be < boneCount, unchecked
    // here: see problems()).
    void setSockets(QList<BpatSocket> sockets);

    // Socket rows: rows 0..2 of palette[anchor] * translate(local_offset), from the palette.
    static std::array<float, 12> computeSocketRow(const float *anchorMatrix, const QVector3D &localOffset);
    void recomputeSocketRows();
    void recomputeSocketRows(int index);
    // Largest absolute difference between stored and recomputed socket rows (0 without sockets).
    float socketRowsDeviation() const;
    // How many times socket edits rebuilt every clip's rows (one pass settles any number of
    // edits): tests hold `bpat edit` with thousands of --add-socket to one pass.
    quint64 socketRowPasses() const { return m_socketRowPasses; }

    // What prevents writing this document as a valid v1 file (empty when none): bone count,
    // no clips, empty clips, palette / socket-row sizes, anchors, names, fps, frame total.
    QStringList problems() const;
    // The subset of problems() that would make the written bytes inconsistent with their own
    // header (palette / socket-row sizes, frame total overflow); the writer always refuses these.
    QStringList layoutProblems() const;
    bool isWritable() const { return problems().isEmpty(); }

private:
    static std::optional<BpatDocument> read(const BpatFile &file, bool frames, QString *error);
    bool checkClip(const BpatClip &clip, QString *error) const;
    void skinToGlobals(BpatClip &clip) const; // palette = globals of clip.storedSkin
    // Renumbers variant families after clips moved (map: old index -> new, -1 = gone); the clip
    // at `skip` was just inserted and its family is only shifted.
    void remapFamilies(const std::function<int(int)> &map, int skip = -1);
    void ensureSocketRows(BpatClip &clip) const;
    // Rebuilds each clip's rows for the sockets now held: socket s keeps the stored rows of the
    // old socket from[s] (of oldCount), or gets rows computed from its anchor where from[s] < 0.
    void remapSocketRows(const QList<int> &from, int oldCount) const;
    // Socket edits whose rows are not built yet: where each socket's rows come from, in the
    // rows the clips hold (of `oldCount` sockets), -1 for rows to compute.
    struct PendingRows
    {
        QList<int> from;
        int oldCount = 0;
    };
    PendingRows &pendingRows(); // started as "every socket keeps its rows" when none
    void settleSocketRows() const
    {
        if (m_pendingRows)
            applyPendingRows();
    }
    void applyPendingRows() const;

    format::Dialect m_dialect = format::Dialect::V1;
    QList<float> m_bindPalette;
    QList<quint8> m_boneParents;
    quint32 m_speciesId = 0;
    quint32 m_boneCount = 0;
    mutable QList<BpatClip> m_clips; // mutable: a const read settles pending socket rows
    QList<BpatSocket> m_sockets;
    mutable std::optional<PendingRows> m_pendingRows;
    mutable quint64 m_socketRowPasses = 0;
};

} // namespace bpat
