#pragma once
// Deep checks of what v3 added, apart from the v1 palette loop (DeepChecker): late-v3 skinning
// matrices (finite, affine in column-major order, global = skin x bind affine and not
// degenerate), socket rows against the late-v3 global matrices, and the contact table (finite).
// Streams through the mapping, honours the cancel flag and reports progress like DeepChecker.
#include "bpat/Validator.h"

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

private:
    bool tick(quint64 done, quint64 total);
    DiagnosticLocation paletteLocation(quint32 globalFrame, quint32 bone) const;
    DiagnosticLocation socketLocation(quint32 globalFrame, quint32 socket, const QString &name) const;

    const BpatFile &m_file;
    const ValidationOptions &m_options;
    DiagnosticSink &m_sink;
    quint64 m_nextProgress = 0;
};

} // namespace bpat
