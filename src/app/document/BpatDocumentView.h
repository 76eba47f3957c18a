#pragma once
// A BPAT file as the open document: a mapping of a file on disk, or the bytes of an edited
// version in memory (DocumentSession publishes one after every edit, undo and redo).
#include "document/LoadedFile.h"
#include "document/OpenDocument.h"

namespace bpat::studio {

class BpatDocumentView final : public OpenDocument
{
public:
    explicit BpatDocumentView(std::shared_ptr<const LoadedFile> loaded);
    static std::shared_ptr<const BpatDocumentView> open(const QString &path, QString *error);

    FileKind kind() const override { return FileKind::Bpat; }
    quint64 fileSize() const override;
    QList<ClipEntry> clips() const override;
    int clipCount() const override;
    quint64 framesHeld(int clip) const override;
    std::optional<quint32> globalFrame(int clip, quint32 frame) const override;
    int boneCount() const override;
    int socketCount() const override;
    Diagnostics validate(ValidationProfile profile) const override;
    Diagnostics validateForEra(ValidationProfile profile, GameEra era) const override;
    bool isEditable() const override { return true; }
    bool isStale() const override { return m_loaded->isStale(); }
    void showIn(ViewportWidget &viewport, bool keepView, DocumentChanges changes, int clip = -1) const override;
    const BpatFile *bpat() const override { return &m_loaded->file; }
    std::shared_ptr<const LoadedFile> loadedBpat() const override { return m_loaded; }

private:
    std::shared_ptr<const LoadedFile> m_loaded;
};

} // namespace bpat::studio
