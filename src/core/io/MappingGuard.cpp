#include "io/MappingGuard.h"

#include <atomic>
#include <cstdint>

#if defined(Q_OS_UNIX)
#include <csignal>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>
#define BPAT_HAVE_MAPPING_GUARD 1
#endif

namespace bpat {

namespace {

// Lock-free slots the signal handler can read: base == 0 means free.
struct Slot
{
    std::atomic<std::uintptr_t> base{0};
    std::atomic<std::uintptr_t> size{0};
    std::atomic<bool> stale{false};
};

Slot g_slots[MappingGuard::kMaxMappings];
std::atomic<quint64> g_recovered{0};

#ifdef BPAT_HAVE_MAPPING_GUARD
struct sigaction g_previous;
std::once_flag g_installOnce;
std::atomic<bool> g_installed{false};

bool recoverFault(std::uintptr_t address)
{
    static const long pageSize = sysconf(_SC_PAGESIZE);
    // Several guards may cover one mapping (the file's own, for its whole life, and a caller's
    // for one pass): every one of them learns that it went stale.
    bool recovered = false;
    for (Slot &slot : g_slots) {
        const std::uintptr_t base = slot.base.load(std::memory_order_acquire);
        if (base == 0)
            continue;
        const std::uintptr_t size = slot.size.load(std::memory_order_acquire);
        if (address < base || address - base >= size)
            continue;
        if (!recovered) {
            const std::uintptr_t page = address & ~std::uintptr_t(pageSize - 1);
            void *mapped = mmap(reinterpret_cast<void *>(page), std::size_t(pageSize), PROT_READ,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            if (mapped == MAP_FAILED)
                return false;
            g_recovered.fetch_add(1, std::memory_order_relaxed);
            recovered = true;
        }
        slot.stale.store(true, std::memory_order_release);
    }
    return recovered;
}

void onSigbus(int signal, siginfo_t *info, void *context)
{
    if (info && recoverFault(reinterpret_cast<std::uintptr_t>(info->si_addr)))
        return; // the faulting read is retried and now sees the zero page
    // Not ours: hand it to whoever was there before, or die as the default action does.
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(signal, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    struct sigaction fallback = {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGBUS, &fallback, nullptr);
    // Returning re-executes the faulting instruction, which now takes the default action.
}
#endif

} // namespace

bool MappingGuard::installHandler()
{
#ifdef BPAT_HAVE_MAPPING_GUARD
    std::call_once(g_installOnce, [] {
        struct sigaction action = {};
        action.sa_sigaction = &onSigbus;
        action.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        g_installed = sigaction(SIGBUS, &action, &g_previous) == 0;
    });
    return g_installed;
#else
    return false;
#endif
}

MappingGuard::MappingGuard(const void *base, qint64 size)
{
    if (!base || size <= 0 || !installHandler())
        return;
    for (int i = 0; i < kMaxMappings; ++i) {
        std::uintptr_t expected = 0;
        // Claim the slot with a placeholder base so no handler matches it half-written.
        if (g_slots[i].base.compare_exchange_strong(expected, std::uintptr_t(1))) {
            g_slots[i].stale.store(false);
            g_slots[i].size.store(std::uintptr_t(size), std::memory_order_release);
            g_slots[i].base.store(reinterpret_cast<std::uintptr_t>(base), std::memory_order_release);
            m_slot = i;
            return;
        }
    }
}

MappingGuard::~MappingGuard()
{
    if (m_slot >= 0) {
        g_slots[m_slot].size.store(0, std::memory_order_release);
        g_slots[m_slot].base.store(0, std::memory_order_release);
    }
}

bool MappingGuard::isStale() const
{
    return m_slot >= 0 && g_slots[m_slot].stale.load(std::memory_order_acquire);
}

quint64 MappingGuard::recoveredFaults()
{
    return g_recovered.load(std::memory_order_relaxed);
}

} // namespace bpat
