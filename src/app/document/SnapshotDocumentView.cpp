#include "SnapshotDocumentView.h"

#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmValidator.h"
#include "viewport/ViewportWidget.h"

namespace bpat::studio {

SnapshotDocumentView::SnapshotDocumentView(std::shared_ptr<const LoadedSnapshot> loaded)
    : m_loaded(std::move(loaded))
{
}

std::shared_ptr<const SnapshotDocumentView> SnapshotDocumentView::open(const QString &path, QString *error)
{
    std::optional<BpsmFile> opened = BpsmFile::open(path, error);
    if (!opened)
        return nullptr;
    return std::make_shared<const SnapshotDocumentView>(std::make_shared<const LoadedSnapshot>(std::move(*opened)));
}

quint64 SnapshotDocumentView::fileSize() const
{
    return m_loaded->file.fileSize();
}

QList<ClipEntry> SnapshotDocumentView::clips() const
{
    QList<ClipEntry> entries;
    for (const BpsmClipInfo &c : m_loaded->file.clips()) {
        ClipEntry entry{c.index, c.name, c.frameCount, c.frameOffset, ClipEntry::SnapshotFps, true, false};
        entry.nameStatus = c.nameStatus;
        entry.entryOffset = c.entryOffset;
        entries.append(entry);
    }
    return entries;
}

int SnapshotDocumentView::clipCount() const
{
    return int(m_loaded->file.clips().size());
}

quint64 SnapshotDocumentView::framesHeld(int clip) const
{
    const BpsmFile &f = m_loaded->file;
    if (clip < 0 || clip >= f.clips().size())
        return 0;
    const BpsmClipInfo &c = f.clips().at(clip);
    const quint64 held = framesInData(f.fileSize(), f.header().vertexDataOffset,
                                      quint64(f.header().vertexCount) * bpsm::VertexSize, c.frameOffset);
    return std::min<quint64>(c.frameCount, held);
}

std::optional<quint32> SnapshotDocumentView::globalFrame(int clip, quint32 frame) const
{
    const BpsmFile &f = m_loaded->file;
    if (clip < 0 || clip >= f.clips().size())
        return std::nullopt;
    const BpsmClipInfo &c = f.clips().at(clip);
    const quint64 global = quint64(c.frameOffset) + frame;
    if (frame >= c.frameCount || global >= f.header().frameTotal)
        return std::nullopt;
    return quint32(global);
}

Diagnostics SnapshotDocumentView::validate(ValidationProfile) const
{
    return BpsmValidator().validate(m_loaded->file);
}

void SnapshotDocumentView::showIn(ViewportWidget &viewport, bool keepView, DocumentChanges, int) const
{
    viewport.setSnapshot(m_loaded->file, keepView);
}

} // namespace bpat::studio
