#pragma once
// The content half of BpsmValidator, over the file's mapping: every index below vertex_count
// (BPSM_INDEX_OUT_OF_RANGE), every vertex finite (BPSM_NON_FINITE), its weights none negative and
// summing to 1 (BPSM_BAD_WEIGHTS), its pad bytes zero (BPSM_RESERVED_NONZERO). Vertices are
// tested four at a time in registers (exponent and sign bits, the weight sums in the exact
// checks' order, the pad bytes); a vertex that fails goes to the exact checks, which word the
// finding. The frames are split over `threads` threads (0: all cores; at least 1 MiB each), each
// part with its own findings, merged in frame order: the findings do not depend on the count.

namespace bpat {

class BpsmFile;
class FindingSink;

class BpsmContentCheck
{
public:
    static void run(const BpsmFile &file, FindingSink &sink, int maxPerCode, int threads);
};

} // namespace bpat
