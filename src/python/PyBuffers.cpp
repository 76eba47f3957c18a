#include "PyBuffers.h"

#include <cstddef>
#include <functional>
#include <mutex>
#include <numeric>
#include <sys/mman.h>

namespace bpat::python {

namespace {

constexpr size_t SmallBytes = size_t(1) << 20; // NumPy's allocator below this

struct Block
{
    void *data = nullptr;
    size_t size = 0;
};

std::mutex spareLock;
Block spare; // the mapping of the last large array that died

// A mapping of at least `bytes`: the spare when it fits without wasting more than half.
Block take(size_t bytes)
{
    {
        const std::lock_guard<std::mutex> lock(spareLock);
        if (spare.data && spare.size >= bytes && spare.size / 2 <= bytes)
            return std::exchange(spare, Block{});
    }
    const size_t page = 4096;
    const size_t size = (bytes + page - 1) / page * page;
    void *data = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (data == MAP_FAILED)
        throw std::bad_alloc();
    return {data, size};
}

void giveBack(Block block)
{
    Block old;
    {
        const std::lock_guard<std::mutex> lock(spareLock);
        old = std::exchange(spare, block);
    }
    if (old.data)
        ::munmap(old.data, old.size);
}

} // namespace

py::array_t<float> newFloatArray(const std::vector<py::ssize_t> &shape)
{
    const size_t count = std::accumulate(shape.begin(), shape.end(), size_t(1), std::multiplies<size_t>());
    const size_t bytes = count * sizeof(float);
    if (bytes < SmallBytes)
        return py::array_t<float>(shape);
    auto *block = new Block(take(bytes));
    const py::capsule owner(block, [](void *p) {
        auto *b = static_cast<Block *>(p);
        giveBack(*b);
        delete b;
    });
    return py::array_t<float>(shape, static_cast<float *>(block->data), owner);
}

} // namespace bpat::python
