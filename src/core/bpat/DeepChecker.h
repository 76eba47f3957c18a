#pragma once
// The Validator's deep checks, every version: one streaming pass over every palette matrix
// (NON_FINITE, NON_AFFINE, COLUMN_MAJOR_SUSPECTED or in late v3 ROW_MAJOR_SUSPECTED,
// DEGENERATE_MATRIX; late v3 checks the global skin x bind, see DeepCheckerLate) and the socket
// rows (NON_FINITE, SOCKET_DATA_MISMATCH), then the v3 contact table (NON_FINITE), reading in
// place from the mapping. Runs only over data the structural checks found inside the file;
// honours the cancel flag and reports progress.
//
// The checks also run frame by frame on data that is not in the file yet: a streaming writer
// (BpatStreamWriter) hands each run of frames to checkPaletteFrames() / checkSocketFrames() as
// it writes them, then calls finishPalette() / finishSockets(). `file` then only supplies the
// header, the tables and the offsets (its palette need not hold the data; late v3's bind palette
// comes with the DeepCheckerLate handed in). Fed the same frames
// in order, the findings are exactly those run() reports on the finished file.
//
// run() splits the frames into one contiguous range per thread (ValidationOptions::threads);
// each range is swept once, a run of frames at a time: its matrices, then its socket rows,
// whose anchors are still in cache. Each range has its own findings; they are merged in frame
// order at the end, so the result does not depend on the thread count. Findings are built only
// when a check fails: the common case is a pass over the floats that proves them fine, several
// matrices per branch (DeepMatrixScan: the affine row compared as bits, the determinant in float
// against a bound on its rounding; DeepCheckKernels.h for socket rows).
#include "bpat/Validator.h"
#include "bpat/DeepLocator.h"

#include <memory>
#include <optional>

namespace bpat {

class BpatFile;
class DeepCheckerLate;

class DeepChecker
{
public:
    DeepChecker(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink);
    // Late v3 checks whatever `file`'s dialect reads as, with `late` prepared by the caller (a
    // streaming writer's: its stand-in file holds no bind palette, and one DeepCheckerLate serves
    // the matrix and the socket checker).
    DeepChecker(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink,
                std::shared_ptr<const DeepCheckerLate> late);
    void run();

    // Incremental use. `frames` holds `count` frames of matrices as the file stores them
    // (bone_count x 64 bytes each: row-major, or late v3's column-major skinning matrices, whose
    // bind palette `file` must then hold) starting at global frame `first`; frames must come in
    // order, each once.
    void checkPaletteFrames(const uchar *frames, quint32 first, quint32 count);
    void finishPalette(); // the summary finding (COLUMN_MAJOR_SUSPECTED, late v3 ROW_MAJOR_SUSPECTED)
    // `rows` holds those frames' socket rows (socket_count x 48 bytes each), `palette` their
    // matrices (as above).
    void checkSocketFrames(const uchar *rows, const uchar *palette, quint32 first, quint32 count);
    void finishSockets(); // the summary findings (SOCKET_DATA_MISMATCH)

private:
    bool tick(quint64 bytesDone); // progress + cancel; false when cancelled
    void prepareSockets();
    // Takes over another checker's findings and carried state (a later range of frames).
    void absorb(const DeepChecker &later);
    void checkMatrixSlow(const float *m, quint32 frame, quint32 bone);
    void checkSkinningFrames(const uchar *frames, quint32 first, quint32 count); // late v3
    void otherLayout(quint32 frame, quint32 bone);                               // counts a matrix stored in the other layout

    struct Mismatch
    {
        quint64 frames = 0;
        quint32 firstFrame = 0;
        float worst = 0.0f;
    };
    struct SocketRef
    {
        quint32 anchor = 0;
        float x = 0, y = 0, z = 0;
        bool anchorValid = false;
        float errorScale = 0.0f; // late v3: DeepCheckerLate::socketErrorScale (NaN: exact checks only)
    };

    const BpatFile &m_file;
    const ValidationOptions &m_options;
    DiagnosticSink &m_sink;
    std::shared_ptr<const DeepCheckerLate> m_late; // late v3 only
    quint64 m_totalBytes = 0;
    quint64 m_nextProgress = 0;
    DeepLocator m_where;
    // State carried between runs of frames. Matrices in the other layout than the version's
    // (column-major in a row-major palette, or row-major skinning matrices in late v3).
    quint64 m_columnMajor = 0;
    std::optional<quint64> m_firstColumnMajor;
    DiagnosticLocation m_firstColumnMajorAt;
    QList<Mismatch> m_mismatches;
    QList<SocketRef> m_socketRefs;
    bool m_socketsReady = false;
};

} // namespace bpat
