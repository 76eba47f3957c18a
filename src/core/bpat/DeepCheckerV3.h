#pragma once
// Deep checks of what v3 added, apart from the v1 palette loop (DeepChecker): late-v3 skinning
// matrices (finite, affine in column-major order, global = skin x bind affine and not
// degenerate), socket rows against the late-v3 global matrices, and the contact table (finite).
// Streams through the mapping, honours the cancel flag and reports progress like DeepChecker.
//
// Like DeepChecker, the checks also run a run of frames at a time on data not in the file yet
// (BpatStreamWriter): `file` then supplies only the header, the tables and the offsets, and the
// bind palette is handed in (column-major, bone_count x 16 floats; null: identity, as in a file
// without one). Fed every frame in order, the findings are exactly the whole-file passes'.
#include "bpat/Validator.h"

#include <optional>

namespace bpat {

class BpatFile;

class DeepCheckerV3
{
public:
    DeepCheckerV3(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink);
    // Each returns false when cancelled. `base` is the progress already reported before the pass.
    bool checkSkinningPalette(quint64 base, quint64 total);
    bool checkSocketData(quint64 base, quint64 total);
    bool checkContacts();

    // Incremental use: `count` frames starting at global frame `first`, in order, each once.
    void checkSkinningFrames(const uchar *frames, quint32 first, quint32 count, const float *bindPalette);
    void finishSkinning(); // the summary finding (ROW_MAJOR_SUSPECTED)
    // Socket rows against global = skin x bind of those frames' skinning matrices.
    void checkSocketFrames(const uchar *rows, const uchar *skinFrames, quint32 first, quint32 count, const float *bindPalette);
    void finishSocketData(); // the summary findings (SOCKET_DATA_MISMATCH)
    // `count` contact records (8 bytes each) of frames first.. .
    void checkContactRecords(const uchar *records, quint32 first, quint32 count);

private:
    bool tick(quint64 done, quint64 total);
    DiagnosticLocation paletteLocation(quint32 globalFrame, quint32 bone) const;
    DiagnosticLocation socketLocation(quint32 globalFrame, quint32 socket, const QString &name) const;

    void checkContact(quint32 frame, float sole, float foot);

    struct Mismatch { quint64 frames = 0; quint32 firstFrame = 0; float worst = 0.0f; };

    const BpatFile &m_file;
    const ValidationOptions &m_options;
    DiagnosticSink &m_sink;
    quint64 m_nextProgress = 0;
    // State carried between runs of frames.
    quint64 m_rowMajor = 0;
    std::optional<quint64> m_firstRowMajor;
    DiagnosticLocation m_firstRowMajorAt;
    QList<Mismatch> m_mismatches;
};

} // namespace bpat
