#pragma once
// What the viewport draws: a view of one creature's palettes as they lie in the file's mapping
// (4x4 matrices, frame_total * bone_count of them: row-major globals, or late v3's column-major
// skinning matrices with the bind palette beside them; socket rows likewise), plus the
// clip and socket tables. Built from a BpatFile without copying; the file (and its shared
// mapping) is kept alive by `file`. The palette texture uploads the bytes as they are; single
// matrices and socket rows are read through the file's accessors, which know the layout.
#include <QList>
#include <QString>
#include <QVector3D>
#include <QtGlobal>
#include <memory>

namespace bpat {
class BpatFile;
class SpeciesRig;
} // namespace bpat

namespace bpat::studio {

struct PaletteClip
{
    QString name;
    quint32 frameOffset = 0; // first global frame
    quint32 frameCount = 0;
    float fps = 24.0f;
    bool loops = true;
};

struct PaletteSocket
{
    QString name;
    int anchorBone = 0;
    QVector3D localOffset;
};

struct PaletteSource
{
    quint32 speciesId = 0;
    int boneCount = 0;
    // The species catalogue's rig of the file's species and bone count (SpeciesRig::find: names,
    // parents, shapes, colours), looked up once here; nullptr when the studio knows none.
    const bpat::SpeciesRig *rig = nullptr;
    // A built-in rebake recipe writes this rig in the recordings' own frame (the
    // humanoid-upper-body recipe, the game's humanoid): a recording over it is drawn as recorded.
    bool recordingFrame = false;
    quint32 frameTotal = 0;
    const uchar *palette = nullptr; // frameTotal * boneCount * 64 bytes, float rows (see skinning)
    int socketCount = 0;
    const uchar *socketData = nullptr;          // frameTotal * socketCount * 48 bytes, or nullptr
    QList<PaletteClip> clips;                   // only clips whose frames lie inside the palette
    QList<PaletteSocket> sockets;               // only sockets whose anchor bone exists
    QList<int> parents;                         // late v3: the file's parent table (-1 = root), else empty
    bool hasContacts = false;                   // v3: frameTotal (sole_y, foot_y) records, read by file->contact()
    QString label;                              // file name or description, for the viewport's title
    std::shared_ptr<const bpat::BpatFile> file; // the source of the bytes; keeps them alive
    // Late v3: `palette` holds the stored column-major skinning matrices, and the GPU computes
    // global = skin x bind with `bindPalette` (boneCount column-major matrices in the mapping;
    // nullptr: identity). Nothing is copied.
    bool skinning = false;
    const uchar *bindPalette = nullptr;

    bool isValid() const { return palette && boneCount >= 1 && boneCount <= 64 && frameTotal >= 1; }
    // boneCount * 16 floats of one global frame (copied through BpatFile::matrixFloats: the
    // mapping may be unaligned); empty when the frame is out of range.
    QList<float> frame(quint32 globalFrame) const;
    // 12 floats (rows 0..2) of one socket in one global frame; empty when absent.
    QList<float> socketRows(quint32 globalFrame, int socket) const;
    // Global frame of a clip's frame, clamped into the clip; 0 when the clip does not exist.
    quint32 globalFrame(int clip, quint32 frame) const;

    // A view of an opened file. When the palette is not inside the file the result is invalid
    // and *why says so (the viewport shows it). Nothing is computed or copied: after a
    // metadata-only edit the new view costs the tables alone.
    static PaletteSource fromFile(const bpat::BpatFile &file, QString *why = nullptr);
    // Whether `other` shows the same creature's frames (species, bones, frames).
    bool samePaletteShape(const PaletteSource &other) const
    {
        return speciesId == other.speciesId && boneCount == other.boneCount && frameTotal == other.frameTotal;
    }
};

} // namespace bpat::studio
