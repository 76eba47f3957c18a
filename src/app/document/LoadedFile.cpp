#include "LoadedFile.h"

#include "io/MappingGuard.h"

namespace bpat::studio {

LoadedFile::LoadedFile(BpatFile f, bool guarded)
    : file(std::move(f))
{
    if (guarded && file.data() && file.fileSize() > 0)
        guard = std::make_unique<MappingGuard>(file.data(), qint64(file.fileSize()));
}

LoadedFile::~LoadedFile() = default;

bool LoadedFile::isStale() const
{
    return guard && guard->isStale();
}

LoadedSnapshot::LoadedSnapshot(BpsmFile f)
    : file(std::move(f))
{
    if (file.fileSize() > 0)
        guard = std::make_unique<MappingGuard>(file.bytes().data(), qint64(file.fileSize()));
}

LoadedSnapshot::~LoadedSnapshot() = default;

bool LoadedSnapshot::isStale() const
{
    return guard && guard->isStale();
}

} // namespace bpat::studio
