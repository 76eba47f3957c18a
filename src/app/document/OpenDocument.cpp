#include "OpenDocument.h"

#include "document/BodyDocumentView.h"
#include "document/BpatDocumentView.h"
#include "document/SnapshotDocumentView.h"

#include <QCoreApplication>

namespace bpat::studio {

OpenDocument::~OpenDocument() = default;

std::shared_ptr<const OpenDocument> OpenDocument::open(const QString &path, FileKind kind, QString *error)
{
    switch (kind) {
    case FileKind::Bpsm: return SnapshotDocumentView::open(path, error);
    case FileKind::Bprm: return BodyDocumentView::open(path, error);
    case FileKind::InputAnimation: // recordings are RecordingState's, not a document
    case FileKind::Bpat:
    case FileKind::Unknown: break; // the BPAT reader says what is wrong
    }
    return BpatDocumentView::open(path, error);
}

QString OpenDocument::boneName(int bone) const
{
    if (m_rig && bone >= 0 && bone < m_rig->boneCount())
        return m_rig->bone(bone).name;
    return QCoreApplication::translate("bpat::studio::StudioContext", "bone %1").arg(bone);
}

quint64 OpenDocument::framesInData(quint64 fileSize, quint64 dataOffset, quint64 bytesPerFrame, quint32 frameOffset)
{
    if (dataOffset >= fileSize)
        return 0;
    const quint64 available = fileSize - dataOffset;
    const quint64 total = bytesPerFrame > 0 ? available / bytesPerFrame : available;
    return total > frameOffset ? total - frameOffset : 0;
}

} // namespace bpat::studio
