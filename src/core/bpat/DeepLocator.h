#pragma once
// Where a deep finding is and how it reads, shared by DeepChecker and DeepCheckerLate: the palette
// or socket-row location of a global frame (its clip and the frame in it), the bone's name in
// the game's rig, and floats in words.
#include "diagnostics/Diagnostic.h"

namespace bpat {

class BpatFile;
class SpeciesRig;

class DeepLocator
{
public:
    explicit DeepLocator(const BpatFile &file);

    // palette[clip=walk,frame=7,bone=3], or palette[frame=12,bone=3] outside every clip.
    DiagnosticLocation palette(quint32 globalFrame, quint32 bone) const;
    DiagnosticLocation socket(quint32 globalFrame, quint32 socket, const QString &name) const;
    DiagnosticLocation contact(quint32 globalFrame) const;
    // "bone 12 'Hand_L'" or "bone 12" (the rig is looked up at the first call).
    QString boneLabel(quint32 bone);

    static QString floats(const float *v, int n); // "1 0 0.5 nan", 7 significant digits

private:
    const BpatFile &m_file;
    // Clips in table order lie in ascending, disjoint frame ranges (the usual layout): a
    // finding's clip is then found by binary search, not by a scan of every clip per finding
    // (3,000 clips with a few findings each made the deep checks quadratic).
    bool m_clipsSorted = false;
    const SpeciesRig *m_rig = nullptr; // the game's rig of the file's species and bone count
    bool m_rigLooked = false;
};

} // namespace bpat
