#pragma once
// The Validator's deep checks: one streaming pass over every palette matrix (NON_FINITE,
// NON_AFFINE, COLUMN_MAJOR_SUSPECTED, DEGENERATE_MATRIX) and one over the socket rows
// (NON_FINITE, SOCKET_DATA_MISMATCH), reading in place from the mapping. Runs only over data
// the structural checks found inside the file; honours the cancel flag and reports progress.
//
// The checks also run frame by frame on data that is not in the file yet: a streaming writer
// (BpatStreamWriter) hands each run of frames to checkPaletteFrames() / checkSocketFrames() as
// it writes them, then calls finishPalette() / finishSockets(). `file` then only supplies the
// header, the tables and the offsets (its palette need not hold the data). Fed the same frames
// in order, the findings are exactly those run() reports on the finished file.
//
// run() splits the frames into one contiguous range per thread (ValidationOptions::threads);
// each range is swept once, a run of frames at a time: its matrices, then its socket rows,
// whose anchors are still in cache. Each range has its own findings; they are merged in frame
// order at the end, so the result does not depend on the thread count. Findings are built only
// when a check fails: the common case is a branch-free pass over the floats (finiteness from
// the exponent bits, row 3 compared as two 64-bit words, the determinant in float).
#include "bpat/Validator.h"
#include "mesh/Rig.h"

#include <optional>

namespace bpat {

class BpatFile;

class DeepChecker
{
public:
    DeepChecker(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink);
    void run();

    // Incremental use. `frames` holds `count` frames of row-major matrices (bone_count x 64
    // bytes each) starting at global frame `first`; frames must come in order, each once.
    void checkPaletteFrames(const uchar *frames, quint32 first, quint32 count);
    void finishPalette(); // the summary finding (COLUMN_MAJOR_SUSPECTED)
    // `rows` holds those frames' socket rows (socket_count x 48 bytes each), `palette` their
    // matrices (as above).
    void checkSocketFrames(const uchar *rows, const uchar *palette, quint32 first, quint32 count);
    void finishSockets(); // the summary findings (SOCKET_DATA_MISMATCH)

private:
    bool tick(quint64 bytesDone); // progress + cancel; false when cancelled
    void prepareSockets();
    // Takes over another checker's findings and carried state (a later range of frames).
    void absorb(const DeepChecker &later);
    // palette[clip=walk,frame=7,bone=3], or palette[frame=12,bone=3] outside every clip.
    DiagnosticLocation paletteLocation(quint32 globalFrame, quint32 bone) const;
    DiagnosticLocation socketLocation(quint32 globalFrame, quint32 socket, const QString &name) const;
    void checkMatrixSlow(const float *m, quint32 frame, quint32 bone);
    QString boneLabel(quint32 bone); // "bone 12 'Hand_L'" or "bone 12"

    struct Mismatch { quint64 frames = 0; quint32 firstFrame = 0; float worst = 0.0f; };
    struct SocketRef { quint32 anchor = 0; float x = 0, y = 0, z = 0; bool anchorValid = false; };

    const BpatFile &m_file;
    const ValidationOptions &m_options;
    DiagnosticSink &m_sink;
    quint64 m_totalBytes = 0;
    quint64 m_nextProgress = 0;
    // Clips in table order lie in ascending, disjoint frame ranges (the usual layout): a
    // finding's clip is then found by binary search, not by a scan of every clip per finding
    // (3,000 clips with a few findings each made the deep checks quadratic).
    bool m_clipsSorted = false;
    // The game's rig of this species and bone count, for bone names in findings (looked up at
    // the first finding).
    std::optional<Rig> m_rig;
    bool m_rigLooked = false;
    // State carried between runs of frames.
    quint64 m_columnMajor = 0;
    std::optional<quint64> m_firstColumnMajor;
    DiagnosticLocation m_firstColumnMajorAt;
    QList<Mismatch> m_mismatches;
    QList<SocketRef> m_socketRefs;
    bool m_socketsReady = false;
};

} // namespace bpat
