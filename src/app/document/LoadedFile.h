#pragma once
// An opened file together with its MappingGuard: worker threads copy the shared_ptr so the
// mapping and its guard outlive a reload. If the file shrinks underneath (SIGBUS), reads return
// zeros and isStale() turns true (the StudioContext then reloads).
#include "bpat/BpatFile.h"
#include "bpsm/BpsmFile.h"

#include <memory>

namespace bpat {
class MappingGuard;
}

namespace bpat::studio {

struct LoadedFile
{
    // `guarded`: the file is a mapping of a file on disk (edited files live in memory).
    explicit LoadedFile(BpatFile f, bool guarded = true);
    ~LoadedFile();
    BpatFile file;
    std::unique_ptr<MappingGuard> guard;
    bool isStale() const;
};

struct LoadedSnapshot
{
    explicit LoadedSnapshot(BpsmFile f);
    ~LoadedSnapshot();
    BpsmFile file;
    std::unique_ptr<MappingGuard> guard;
    bool isStale() const;
};

} // namespace bpat::studio
