#include "BpatDocumentView.h"

#include "ValidationRun.h"
#include "bpat/BpatFormat.h"
#include "mesh/Rig.h"
#include "viewport/ViewportWidget.h"

namespace bpat::studio {

BpatDocumentView::BpatDocumentView(std::shared_ptr<const LoadedFile> loaded)
    : m_loaded(std::move(loaded))
{
    if (m_loaded->file.hasHeader())
        m_rig = m_loaded->file.rig(); // the bone names the panels show
}

std::shared_ptr<const BpatDocumentView> BpatDocumentView::open(const QString &path, QString *error)
{
    std::optional<BpatFile> opened = BpatFile::open(path, error);
    if (!opened)
        return nullptr;
    return std::make_shared<const BpatDocumentView>(std::make_shared<const LoadedFile>(std::move(*opened)));
}

quint64 BpatDocumentView::fileSize() const
{
    return m_loaded->file.fileSize();
}

QList<ClipEntry> BpatDocumentView::clips() const
{
    QList<ClipEntry> entries;
    for (const BpatClipInfo &c : m_loaded->file.clips()) {
        ClipEntry entry{c.index, c.name, c.frameCount, c.frameOffset, c.fps, c.loops(), true};
        entry.nameStatus = c.nameStatus;
        entry.entryOffset = c.entryOffset;
        entry.loopsByte = c.loopsByte;
        entries.append(entry);
    }
    return entries;
}

int BpatDocumentView::clipCount() const
{
    return int(m_loaded->file.clips().size());
}

quint64 BpatDocumentView::framesHeld(int clip) const
{
    const BpatFile &f = m_loaded->file;
    if (clip < 0 || clip >= f.clips().size())
        return 0;
    const BpatClipInfo &c = f.clips().at(clip);
    const quint64 held = framesInData(f.fileSize(), f.header().paletteDataOffset,
                                      quint64(f.header().boneCount) * format::MatrixSize, c.frameOffset);
    return std::min<quint64>(c.frameCount, held);
}

std::optional<quint32> BpatDocumentView::globalFrame(int clip, quint32 frame) const
{
    return m_loaded->file.globalFrame(clip, frame);
}

int BpatDocumentView::boneCount() const
{
    return m_loaded->file.hasHeader() ? int(m_loaded->file.header().boneCount) : 0;
}

int BpatDocumentView::socketCount() const
{
    return m_loaded->file.hasHeader() ? int(m_loaded->file.header().socketCount) : 0;
}

Diagnostics BpatDocumentView::validate(ValidationProfile profile) const
{
    return quickValidation(m_loaded->file, profile);
}

Diagnostics BpatDocumentView::validateForEra(ValidationProfile profile, GameEra era) const
{
    return quickValidation(m_loaded->file, profile, era);
}

void BpatDocumentView::showIn(ViewportWidget &viewport, bool keepView, DocumentChanges changes, int clip) const
{
    if (keepView && changes == DocumentChanges(DocumentChange::Motion))
        viewport.updatePalette(m_loaded->file, clip);
    else if (keepView && !changes.testAnyFlags(DocumentChange::Palette | DocumentChange::Structure))
        viewport.updateTables(m_loaded->file, changes.testFlag(DocumentChange::Sockets));
    else
        viewport.setFile(m_loaded->file, keepView);
}

} // namespace bpat::studio
