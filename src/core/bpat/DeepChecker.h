#pragma once
// The Validator's deep checks: one streaming pass over every palette matrix (NON_FINITE,
// NON_AFFINE, COLUMN_MAJOR_SUSPECTED, DEGENERATE_MATRIX) and one over the socket rows
// (NON_FINITE, SOCKET_DATA_MISMATCH), reading in place from the mapping. Runs only over data
// the structural checks found inside the file; honours the cancel flag and reports progress.
#include "bpat/Validator.h"

namespace bpat {

class BpatFile;

class DeepChecker
{
public:
    DeepChecker(const BpatFile &file, const ValidationOptions &options, DiagnosticSink &sink);
    void run();

private:
    bool checkPalette();    // false when cancelled
    bool checkSocketData(); // false when cancelled
    bool tick(quint64 bytesDone); // progress + cancel; false when cancelled
    // palette[clip=walk,frame=7,bone=3], or palette[frame=12,bone=3] outside every clip.
    DiagnosticLocation paletteLocation(quint32 globalFrame, quint32 bone) const;
    DiagnosticLocation socketLocation(quint32 globalFrame, quint32 socket, const QString &name) const;

    const BpatFile &m_file;
    const ValidationOptions &m_options;
    DiagnosticSink &m_sink;
    quint64 m_totalBytes = 0;
    quint64 m_nextProgress = 0;
    // Clips in table order lie in ascending, disjoint frame ranges (the usual layout): a
    // finding's clip is then found by binary search, not by a scan of every clip per finding
    // (3,000 clips with a few findings each made the deep checks quadratic).
    bool m_clipsSorted = false;
};

} // namespace bpat
