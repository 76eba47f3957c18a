#pragma once
// The global (model-space) matrices of a run of frames, as row-major floats, whatever the
// dialect: v1, v2 and early v3 store them as they are (copied); late v3 stores column-major
// skinning matrices whose globals are skin x bind, computed here with exactly the bits of
// skinTimesBind() (BpatFile::globalMatrixFloats), several products at a time and on threads.
// For a whole clip at once (the Python module's globals(), exports, analyses), where the
// per-matrix accessor spends more on its calls than on the arithmetic.
//
// skinTimesBind sums the four products of each element in double, in order, from 0.0, and rounds
// once to float. The kernels do the same operations in the same order (the product of two floats
// is exact in double, so only the sums round, as there): AVX holds one column of the product in a
// register (four doubles), SSE2 half a column; no fused multiply-add (the build targets plain
// x86-64 and the AVX kernel is compiled for AVX only).
#include <QtGlobal>

namespace bpat {

class BpatFile;

class GlobalPalette
{
public:
    enum class Kernel {
        Scalar,
        Sse2,
        Avx
    };
    static Kernel bestKernel();                   // the fastest this machine runs
    static const char *kernelName(Kernel kernel); // "avx", "sse2", "scalar"

    // Writes the globals of global frames [first, first + count), bone_count matrices a frame
    // (16 floats each, row-major), to `out`. False when those frames are not all inside the
    // file's palette (nothing is written then). `threads` share the frames (0: the machine's
    // threads; runs under about 1 MiB a thread use fewer). A late-v3 file without a bind palette
    // inside it has an identity bind: its globals are the skinning matrices transposed, as
    // globalMatrixFloats gives them.
    static bool read(const BpatFile &file, quint32 first, quint32 count, float *out, int threads = 0,
                     Kernel kernel = bestKernel());

    // skin x bind for `frames` frames of `bones` matrices: `skin` the stored column-major floats
    // (64 bytes a matrix, any alignment), `bind` bones x 16 column-major floats, `out` row-major.
    static void skinTimesBindRun(const uchar *skin, quint64 frames, quint32 bones, const float *bind, float *out,
                                 Kernel kernel = bestKernel());
};

} // namespace bpat
