#pragma once
// A BPSM minimal snapshot mesh as the open document: read-only, no bones or sockets stored
// (only the vertices' bone indices), clips played at ClipEntry::SnapshotFps, looping.
#include "document/LoadedFile.h"
#include "document/OpenDocument.h"

namespace bpat::studio {

class SnapshotDocumentView final : public OpenDocument
{
public:
    explicit SnapshotDocumentView(std::shared_ptr<const LoadedSnapshot> loaded);
    static std::shared_ptr<const SnapshotDocumentView> open(const QString &path, QString *error);

    FileKind kind() const override { return FileKind::Bpsm; }
    quint64 fileSize() const override;
    QList<ClipEntry> clips() const override;
    int clipCount() const override;
    quint64 framesHeld(int clip) const override;
    std::optional<quint32> globalFrame(int clip, quint32 frame) const override;
    int boneCount() const override { return 0; }
    int socketCount() const override { return 0; }
    Diagnostics validate(ValidationProfile profile) const override; // one set of BPSM rules
    bool isStale() const override { return m_loaded->isStale(); }
    void showIn(ViewportWidget &viewport, bool keepView, DocumentChanges changes, int clip = -1) const override;
    const BpsmFile *bpsm() const override { return &m_loaded->file; }

private:
    std::shared_ptr<const LoadedSnapshot> m_loaded;
};

} // namespace bpat::studio
