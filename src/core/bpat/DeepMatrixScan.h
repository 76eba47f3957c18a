#pragma once
// DeepChecker's sweep over palette matrices: the fast test of deepkernels (finite, affine, not
// degenerate with a proven margin; see DeepCheckKernels.h) over a run of matrices, several at a
// time with their floats transposed into lanes, until a batch the test cannot pass. The caller
// sends that batch to the exact checks and scans on after it, so the common case costs one
// branch per batch.
//
// Eight matrices per batch in 256-bit registers where the processor has AVX (asked at run
// time: the build targets plain x86-64), else four in SSE2, else one at a time in plain C++. The
// verdicts are the same either way: a batch passes only when each of its matrices does.
#include <QtGlobal>

namespace bpat::deepkernels {

struct ScanBounds
{
    // Per matrix of the run (perMatrix: index i of the run; a caller pads to a multiple of 8
    // past the end, repeating the last), or one value in [0] for all.
    const float *minDet = nullptr;
    const float *slope = nullptr;
    bool perMatrix = false;
    float limit = 0.0f; // row sums of |upper 3x3| and |translation| below this
};

struct Suspect
{
    quint64 first = 0; // the run's matrix count when every matrix passed
    quint32 count = 0; // matrices in the batch from `first` (fewer at the end of the run)
};

enum class ScanKernel {
    Scalar,
    Sse2,
    Avx
};
ScanKernel bestScanKernel();                   // the fastest this machine runs
const char *scanKernelName(ScanKernel kernel); // "avx", "sse2", "scalar"

// The first batch not certainly fine among matrices [from, count) of the run at `matrices` (64
// bytes each), row-major or column-major. A kernel this machine cannot run falls back to the
// next one down.
Suspect nextSuspect(const uchar *matrices, quint64 from, quint64 count, const ScanBounds &bounds, bool columnMajor,
                    ScanKernel kernel = bestScanKernel());

} // namespace bpat::deepkernels
