#pragma once
// The editing operations of BPAT Studio on a BpatDocument, shared by the GUI's undo commands
// and `bpat edit` / `bpat merge`. Every operation checks its arguments and the result first:
// an edit that would make the document invalid (a duplicate or empty name, an empty clip, a bad
// frame rate, an anchor outside the rig) is refused and changes nothing. A refusal's message
// starts with its stable code, "CODE: message" (EditCodes, docs/validation.md "Edit refusal
// codes"): EditCodes::codeOf() reads it back.
#include "bpat/BpatDocument.h"

#include <QString>

namespace bpat {

class DocumentEditor
{
public:
    explicit DocumentEditor(BpatDocument &document)
        : m_doc(document)
    {
    }

    // --- Clips ---
    bool renameClip(int clip, const QString &newName, QString *error = nullptr);
    bool setClipFps(int clip, float fps, QString *error = nullptr);
    bool setClipLoops(int clip, bool loops, QString *error = nullptr);
    // v2 / v3 markers (format::MarkerKeys order): a phase in [0, 1], or -1 to clear. Refused for
    // a v1 document (it has no markers: convert it first).
    bool setClipMarker(int clip, int marker, float phase, QString *error = nullptr);
    bool clearClipMarker(int clip, int marker, QString *error = nullptr) { return setClipMarker(clip, marker, -1.0f, error); }
    // What a marker edit leaves out of the order the game's markers keep (format::markerOrderProblem):
    // "clip 'attack': contact (0.4) comes before weapon_release (0.5); the game expects ...", or
    // empty. Not a refusal (no reader checks the order): `bpat edit` and the window say it.
    static QString markerOrderWarning(const BpatDocument &document, int clip);
    bool removeClip(int clip, QString *error = nullptr); // refuses removing the last clip
    bool moveClip(int from, int to, QString *error = nullptr);
    // Inserts a copy right after `clip`, named `newName` (a free "<name>_copy" when empty).
    bool duplicateClip(int clip, const QString &newName = QString(), QString *error = nullptr);
    // Keeps frames first..last (inclusive) of a clip.
    bool trimClip(int clip, quint32 firstFrame, quint32 lastFrame, QString *error = nullptr);
    // Splits a clip before `frame`: frames [0, frame) stay, [frame, n) become a new clip
    // inserted after it, named `secondName` (a free "<name>_b" when empty).
    bool splitClip(int clip, quint32 frame, const QString &secondName = QString(), QString *error = nullptr);
    // Appends clips of another document of the same species and bone count (all of them when
    // `clips` is empty). Another species is refused ("SPECIES_MISMATCH: ...", naming both) unless
    // `allowOtherSpecies`; another bone count always ("BONE_COUNT_MISMATCH: ..."): the matrices
    // would not fit the rig. A name that already exists is refused unless `renameOnConflict`,
    // which picks a free "<name>_2"-style name.
    struct ImportOptions
    {
        bool renameOnConflict = false;
        bool allowOtherSpecies = false;
    };
    bool importClips(const BpatDocument &source, const QList<int> &clips, const ImportOptions &options, QString *error = nullptr);
    bool importClips(const BpatDocument &source, const QList<int> &clips = {}, bool renameOnConflict = false,
                     QString *error = nullptr)
    {
        return importClips(source, clips, ImportOptions{renameOnConflict, false}, error);
    }
    // Why clips of `source` cannot join `target` ("CODE: message"), or an empty string.
    static QString rigMismatch(const BpatDocument &target, const BpatDocument &source, bool allowOtherSpecies = false);

    // --- Sockets (socket rows of every clip are recomputed from the palettes) ---
    bool addSocket(const BpatSocket &socket, QString *error = nullptr);
    bool removeSocket(int socket, QString *error = nullptr);
    bool renameSocket(int socket, const QString &newName, QString *error = nullptr);
    bool setSocketAnchor(int socket, quint32 anchorBone, QString *error = nullptr);
    bool setSocketOffset(int socket, const QVector3D &offset, QString *error = nullptr);

    // A clip name that is not yet used, derived from `base`.
    QString freeClipName(const QString &base) const;

private:
    bool checkClipIndex(int clip, QString *error) const;
    bool checkSocketIndex(int socket, QString *error) const;
    bool checkNewClipName(const QString &name, int exceptClip, QString *error) const;
    bool checkNewSocketName(const QString &name, int exceptSocket, QString *error) const;
    bool checkAnchor(quint32 anchorBone, QString *error) const;

    BpatDocument &m_doc;
};

} // namespace bpat
