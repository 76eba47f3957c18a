#pragma once
// Serializes a BpatDocument in its version (v1, v2, early or late v3) laid out exactly like the
// game's writer of that version (../shared/specs/bpat-versions.md, section 2.7):
// header | [v3 extension] | clip entries (32/44/48 B) | socket entries | string table (interned,
// clip names first, then socket names) | zero pad to 16 | palettes | socket rows |
// [v3: pad 16, contacts | pad 16, bind palette | pad 16, bone parents] | EOF (no trailing pad).
// socket_table_offset is 0 when there are no sockets; frame_offset is the running sum.
// Reading a game file into a BpatDocument and writing it back gives the same bytes.
#include "bpat/BpatDocument.h"

#include <QByteArray>
#include <QString>

class QIODevice;

namespace bpat {

struct BpatLayout
{
    quint64 clipTableOffset = 0;
    quint64 socketTableOffset = 0; // 0 without sockets
    quint64 stringTableOffset = 0;
    quint32 stringTableSize = 0;
    quint64 paletteDataOffset = 0;
    quint64 socketDataOffset = 0;  // == end of palette
    quint64 contactDataOffset = 0; // v3, 0 without contacts
    quint64 bindPaletteOffset = 0; // late v3, 0 without a bind palette
    quint64 boneParentOffset = 0;  // late v3, 0 without parents
    quint64 fileSize = 0;
};

class BpatWriter
{
public:
    explicit BpatWriter(const BpatDocument &document);

    // Lay the file out with a contact table although the document's clips do not hold their
    // records yet (BpatStreamWriter computes them as the frames pass).
    void setContactsStreamed(bool streamed) { m_contactsStreamed = streamed; }

    // By default the writer refuses a document with problems() (no clips, bad sizes, bad fps,
    // duplicate names...). Tests that craft invalid files turn this off; sizes are still checked.
    void setAllowInvalid(bool allow) { m_allowInvalid = allow; }

    BpatLayout layout() const;
    QByteArray toBytes(QString *error = nullptr) const;
    bool write(QIODevice *device, QString *error = nullptr) const;
    // Atomic: writes to a temporary file and renames it over `path` only when everything was
    // written (QSaveFile); on failure the original file is untouched.
    bool save(const QString &path, QString *error = nullptr) const;

    // The bytes before the palette (header, tables, string table, pad) for `layout`. Reads only
    // the document's header fields, clip and socket tables (names, frame counts, fps, loops,
    // anchors, offsets), never a palette: BpatStreamWriter writes them before streaming frames.
    QByteArray headerAndTables(const BpatLayout &layout) const;
    // A metadata-only edit of `shown` (a file of the same layout from the palette on: its size,
    // its data offsets): headerAndTables(layout) followed by `shown`'s bytes from the palette on,
    // which are not read, only copied. Empty when `shown` is shorter than the layout's palette
    // offset.
    QByteArray headerAndTablesOver(const BpatLayout &layout, QByteArrayView shown) const;
    // An edit of one clip's matrices where they lie (a key dragged in the bone graph): `shown` (a
    // file of the same layout and tables) with that clip's palette, socket rows and contact
    // records written over their places, every other byte copied as it is: toBytes() of the
    // document, for the cost of one clip. Empty when `shown` is not layout.fileSize bytes or the
    // clip is not the document's.
    QByteArray clipOver(const BpatLayout &layout, QByteArrayView shown, int clip) const;

    // Late v3: the column-major skinning floats of `frames` frames of row-major globals,
    // skin = global x inverse(bind) (global alone without `inverseBind`). `storedSkin` (or null):
    // the floats read from a file for these frames; a matrix whose global is what its stored
    // floats give (x `bindPalette`, column-major, or null) keeps them, so an unedited late-v3
    // file is written back byte for byte; one whose global differs from that only in its
    // translation (moved, not turned) keeps its 3x3 floats and moves its translation by as much,
    // in double (T(d) x skin x bind = (T(d) x skin) x bind). `out` holds frames x bones x 16 floats. `storedGlobals`
    // (or null): what the stored floats give, when the caller has it (GlobalPalette::read's bits,
    // skinTimesBind's): compared instead of the round trip.
    static void lateV3Skin(const float *globals, const float *storedSkin, const float *bindPalette, const QMatrix4x4 *inverseBind,
                           quint32 bones, quint32 frames, float *out, const float *storedGlobals = nullptr);
    // The inverses lateV3Skin() takes, from a column-major bind palette of `bones` matrices.
    static QList<QMatrix4x4> inverseBindPalette(const float *bindPalette, quint32 bones);

private:
    bool check(QString *error) const;
    // Version-specific pieces (BpatWriterVersions.cpp).
    void writeClipEntryExtras(uchar *entry, int index) const; // v2 markers; v3 flags, variants, markers
    void writeV3Extension(uchar *file, const BpatLayout &layout) const;
    QList<float> lateV3Palette(int index) const; // column-major skinning floats
    bool writeV3Trailer(QIODevice *device, const BpatLayout &layout, quint64 written) const;

    const BpatDocument &m_doc;
    bool m_allowInvalid = false;
    bool m_contactsStreamed = false;
};

} // namespace bpat
