#pragma once
// Long work without the GIL: other Python threads run meanwhile, and Ctrl-C still stops it.
// The work runs on a thread of its own while the calling thread waits with the GIL released,
// taking it back every 50 ms to let Python's signal handlers run. A handler that raises
// (KeyboardInterrupt) sets the work's cancel flag (the core's cancel: a rebake, a deep check, an
// export stop soon after and write nothing), the caller waits for the work to stop, and the
// exception propagates. Without a cancel flag the work simply runs to its end first.
#include "PyCommon.h"

#include <atomic>
#include <functional>

namespace bpat::python {

void runCancellable(const std::function<void(const std::atomic<bool> &cancel)> &work);

// Shorter work: the GIL released for the call, no thread of its own.
template<typename F> auto withoutGil(F &&work)
{
    py::gil_scoped_release release;
    return work();
}

} // namespace bpat::python
