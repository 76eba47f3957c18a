// StudioContext, continued: BPSM minimal snapshot meshes as the open document (opening them,
// their clips as ClipEntry, the mapping guard). Kept apart from the BPAT code in StudioContext.cpp.
#include "StudioContext.h"

#include "bpsm/BpsmValidator.h"
#include "io/MappingGuard.h"
#include "editing/DocumentSession.h"

#include <QFileInfo>

namespace bpat::studio {

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

const BpsmFile &StudioContext::snapshot() const
{
    static const BpsmFile null;
    return m_snapshot ? m_snapshot->file : null;
}

StudioContext::DocumentKind StudioContext::documentKind() const
{
    return m_loaded ? DocumentKind::Bpat : m_snapshot ? DocumentKind::Snapshot : DocumentKind::None;
}

QList<ClipEntry> StudioContext::clipEntries() const
{
    QList<ClipEntry> entries;
    if (m_snapshot) {
        for (const BpsmClipInfo &c : m_snapshot->file.clips()) {
            entries.append({c.index, c.name, c.frameCount, c.frameOffset, ClipEntry::SnapshotFps, true, false});
        }
        return entries;
    }
    for (const BpatClipInfo &c : file().clips()) {
        entries.append({c.index, c.name, c.frameCount, c.frameOffset, c.fps, c.loops(), true});
    }
    return entries;
}

StudioContext::OpenResult StudioContext::openSnapshot(const QString &path, bool keepSelection)
{
    const Selection before = selectionToRestore(keepSelection);
    QString error;
    std::optional<BpsmFile> opened = BpsmFile::open(path, &error);
    if (!opened)
        return failOpen(path, error, keepSelection);
    beginOpen(path); // nothing to edit in a snapshot mesh
    m_loaded.reset();
    m_snapshot = std::make_shared<LoadedSnapshot>(std::move(*opened));
    m_rig.reset(); // a snapshot stores no bones, only the vertices' bone indices
    m_bone = -1;
    m_socket = -1;
    m_diagnostics = BpsmValidator().validate(m_snapshot->file);
    m_deepChecked = false;
    restoreSelection(keepSelection, before.clipName, before.clip, before.frame);
    emitLoaded(keepSelection);
    return hasErrors(m_diagnostics) ? OpenResult::OpenedWithErrors : OpenResult::Opened;
}

} // namespace bpat::studio
