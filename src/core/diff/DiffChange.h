#pragma once
// One difference `bpat diff` found between two files (or two folders), and the result of a
// comparison: the changes in the order they are reported (header, clips in A's order, sockets,
// bind palette, parents), the notes (what differs without being a change: a dialect, a block
// only one version has) and how the clips and sockets were paired, for the compare mode.
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace bpat::diff {

enum class ChangeKind {
    Header,        // field species | bone_count, old, new
    ClipAdded,     // clip (name in B), clipB
    ClipRemoved,   // clip, clipA
    ClipRenamed,   // clip, newName (matched by content)
    ClipMoved,     // clip, field "index", old, new: its place among the kept clips changed
    ClipMetadata,  // clip, field (frame_count, fps, loops, markers, flags, variant_family, variant_ordinal), old, new
    Motion,        // clip: global matrices differ (bone, frame, ranges, maxima, bones)
    Contacts,      // clip: v3 contact records differ (frame, ranges, maxValue, field sole_y | foot_y)
    SocketAdded,   // socket (name in B)
    SocketRemoved, // socket
    Socket,        // socket, field anchor | offset, old, new
    SocketMotion,  // socket: its data differs in frames where its anchor bone did not move
    BindPalette,   // late v3 bind palette: bone, maxima, bones
    Parents,       // late v3 bone parents: bone, old, new
    FileAdded,     // directory mode: path only in B
    FileRemoved,   // directory mode: path only in A
    Content,       // files other than BPAT: a line of their text form (old, new)
};
// The JSON "kind" of a change: "header", "clip_added", ..., "content".
QString kindKey(ChangeKind kind);

struct FrameRange
{
    quint32 first = 0;
    quint32 last = 0;
    friend bool operator==(const FrameRange &, const FrameRange &) = default;
};

// How the frames of two paired clips correspond: A's frame firstA + i x strideA goes with B's
// frame firstB + i x strideB, for i in [0, frames). Clips of one frame count: the identity.
// Clips of different counts (diff/ClipAlignment): the trim or the decimation of one that
// matches the other best (a trim leaves frames 4-19 of the original; a resample to half the rate
// every second frame), a resample over the same span whose frames fall between the original's
// (no frame pairs: per-bone motion not compared), or none.
struct FrameAlignment
{
    enum class Kind {
        Identity,  // the same frame count: frame f with frame f
        Trimmed,   // one holds a run of the other's frames (stride 1)
        Decimated, // one holds every k-th frame of the other
        Resampled, // the same span at another frame count, between the original's frames: not paired
        None,      // nothing matches: not paired
    };
    Kind kind = Kind::Identity;
    quint32 firstA = 0, firstB = 0;
    quint32 strideA = 1, strideB = 1;
    quint32 frames = 0; // frames paired (0 for Resampled and None)
    double error = 0.0; // the largest difference found at the sampled frames (radians or metres)
    QString text;       // for people: "trimmed: frames 4-19 of A", "no trim or resample matches"

    // Whether the frames are paired (Identity, Trimmed, Decimated).
    bool paired() const { return kind == Kind::Identity || kind == Kind::Trimmed || kind == Kind::Decimated; }
    // B's frame paired with A's frame (clip-local), and A's with B's; nullopt where none.
    std::optional<quint32> frameOfB(quint32 frameA) const;
    std::optional<quint32> frameOfA(quint32 frameB) const;
    static QString kindKey(Kind kind); // "identity", "trimmed", "decimated", "resampled", "none"
};

struct BoneDifference
{
    int bone = -1;
    QString name; // the rig's name where known, else empty
    double rotationDeg = 0.0;
    double translation = 0.0;
    quint32 frame = 0; // where the larger of the two (radians vs metres) is
};

struct Change
{
    ChangeKind kind = ChangeKind::Header;
    QString path; // directory mode: the relative path of the file pair
    QString clip; // the clip's name in A (in B for clip_added)
    int clipA = -1, clipB = -1;
    QString newName; // clip_renamed
    QString socket;
    int socketA = -1, socketB = -1;
    QString field;
    QJsonValue oldValue, newValue;
    // Motion, contacts, socket motion, bind palette, parents: where the largest difference is.
    int bone = -1;
    QString boneName;
    qint64 frame = -1;        // clip-local frame (of A)
    FrameRange frames;        // the first and the last frame that differ
    QList<FrameRange> ranges; // the frames that differ, merged (at most DiffOptions::maxRanges)
    quint64 rangeCount = 0;   // every range, kept or not
    quint64 framesDiffering = 0;
    quint32 framesCompared = 0;
    double maxRotationDeg = 0.0;
    double maxTranslation = 0.0;
    double maxValue = 0.0; // contacts: the largest |difference| of sole_y or foot_y
    int rotationBone = -1, translationBone = -1;
    bool rotationBeyond = false, translationBeyond = false; // beyond the tolerance somewhere
    qint64 rotationFrame = -1, translationFrame = -1;
    QList<BoneDifference> bones; // every bone beyond the tolerance
    QStringList clips;           // socket motion: the clips where it differs
    QString detail;              // free text the line ends with
    // frame_count and motion changes of clips of different frame counts: how their frames were
    // paired (frames of Motion are A's).
    std::optional<FrameAlignment> alignment;
};

// Which clip of A went with which of B (-1: none), in A's order then B's additions.
struct ClipPair
{
    int clipA = -1;
    int clipB = -1;
    bool renamed = false;
    bool differs = false;     // any change names this pair (metadata, motion, contacts)
    FrameAlignment alignment; // how their frames correspond (identity for equal frame counts)
};

struct SocketPair
{
    int socketA = -1;
    int socketB = -1;
};

struct DiffResult
{
    QString pathA, pathB;
    QString relativePath; // directory mode: the path both sides share under their folders
    double tolerance = 0.0;
    QString dialectA, dialectB;
    QList<Change> changes;
    QStringList notes;
    QList<ClipPair> clipPairs;
    QList<SocketPair> socketPairs;
    QString error; // trouble (exit 2): a file that cannot be compared
    bool cancelled = false;

    bool same() const { return changes.isEmpty() && error.isEmpty() && !cancelled; }
    bool failed() const { return !error.isEmpty() || cancelled; }
};

} // namespace bpat::diff
