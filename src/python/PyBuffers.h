#pragma once
// Memory for the large arrays the module computes (globals() of a whole clip), recycled. A fresh
// anonymous mapping costs the kernel a page fault and zeroing per page on first write, which for
// a 504 MB result is several times the computing on a busy VM (docs/performance.md); NumPy's own
// allocator also asks for transparent huge pages, whose compaction stalls it further where memory
// is fragmented. So an array over 1 MiB gets a mapping of its own without that request, and when
// the array dies its mapping is kept for the next one that fits it (one mapping, the last freed:
// a script that takes globals() clip after clip, file after file, writes into memory it has
// already touched). The kept mapping stays resident: MADV_FREE would let the kernel take it
// back under pressure, but rewriting such pages measured twice the cost of plain ones.
#include "PyCommon.h"

#include <vector>

namespace bpat::python {

// A new writeable float32 array of `shape`, C-contiguous; its contents are undefined.
py::array_t<float> newFloatArray(const std::vector<py::ssize_t> &shape);

} // namespace bpat::python
