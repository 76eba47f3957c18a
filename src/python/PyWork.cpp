#include "PyWork.h"

#include <chrono>
#include <exception>
#include <future>
#include <optional>
#include <thread>

namespace bpat::python {

void runCancellable(const std::function<void(const std::atomic<bool> &cancel)> &work)
{
    std::atomic<bool> cancel{false};
    std::packaged_task<void()> task([&] { work(cancel); });
    std::future<void> done = task.get_future();
    std::optional<py::error_already_set> interrupted;
    {
        py::gil_scoped_release release;
        std::thread worker(std::move(task));
        while (done.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
            if (interrupted)
                continue;
            py::gil_scoped_acquire acquire;
            if (PyErr_CheckSignals() != 0) {
                interrupted.emplace(); // takes the exception the handler raised
                cancel = true;
            }
        }
        worker.join();
    }
    if (interrupted)
        throw *interrupted;
    done.get(); // the work's own exception, if any
}

} // namespace bpat::python
