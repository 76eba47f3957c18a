#pragma once
// Survives a memory-mapped file that shrinks underneath the process.
//
// Touching a page of a file mapping past the file's new end raises SIGBUS, which would kill the
// program. While a MappingGuard is alive for a mapping, a process-wide SIGBUS handler maps an
// anonymous zero page over the faulting page (mmap MAP_FIXED, async-signal-safe) and marks the
// mapping stale, so the faulting read sees zeros and returns. Code that owns the mapping polls
// isStale() (or MappingGuard::anyStale()) and reloads or reports. Faults outside every guarded
// mapping go to the previously installed handler (or the default action: the process dies as
// it would have without the guard). POSIX only; on other systems the guard does nothing.
//
// At most kMaxMappings mappings are guarded at once; further guards are inactive (isActive()).
// MappedFile (the one place files are mapped) holds a guard for each mapping's whole life and
// refuses to open a file it cannot guard, so no reader of a mapped file can forget the guard;
// a guard of one's own (the Validator's, for one pass) only adds a finer-grained isStale().
#include <QtGlobal>

namespace bpat {

class MappingGuard
{
public:
    static constexpr int kMaxMappings = 1024;

    MappingGuard(const void *base, qint64 size);
    ~MappingGuard();
    MappingGuard(const MappingGuard &) = delete;
    MappingGuard &operator=(const MappingGuard &) = delete;

    bool isActive() const { return m_slot >= 0; }
    // True once a read of this mapping faulted (the file shrank); the data read since is zeros.
    bool isStale() const;

    // Total faults recovered since the program started (all mappings).
    static quint64 recoveredFaults();
    // Installs the handler without guarding anything (done automatically by the first guard).
    static bool installHandler();

private:
    int m_slot = -1;
};

} // namespace bpat
