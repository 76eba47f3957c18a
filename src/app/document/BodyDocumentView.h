#pragma once
// A BPRM body (the game's rigged mesh of a species) as the open document: read-only, shown at
// rest in the viewport. Its rig is the one its name pairs it with (bprm/BodyFiles: a BPAT of its
// species beside it, else the game's current rig of that species): the rest pose is that BPAT's
// bind palette, laid out as a one-frame late-v3 palette of identity skinning matrices (so the
// viewport draws the body exactly as stored, with the skeleton and bone names of the rig over
// it). Without a rig the body stands at its stored pose with no skeleton.
#include "bprm/BodyFiles.h"
#include "bprm/BprmFile.h"
#include "document/OpenDocument.h"

namespace bpat::studio {

class BodyDocumentView final : public OpenDocument
{
public:
    static std::shared_ptr<const BodyDocumentView> open(const QString &path, QString *error);

    FileKind kind() const override { return FileKind::Bprm; }
    quint64 fileSize() const override { return m_body.fileSize(); }
    QList<ClipEntry> clips() const override; // one: "rest pose", one frame
    int clipCount() const override { return 1; }
    quint64 framesHeld(int clip) const override { return clip == 0 ? 1 : 0; }
    std::optional<quint32> globalFrame(int clip, quint32 frame) const override;
    int boneCount() const override { return int(m_rest.header().boneCount); }
    int socketCount() const override { return 0; }
    Diagnostics validate(ValidationProfile profile) const override; // BPRM rules, against the paired rig
    bool isStale() const override { return m_body.isStale(); }
    void showIn(ViewportWidget &viewport, bool keepView, DocumentChanges changes, int clip = -1) const override;
    const BprmFile *bprm() const override { return &m_body; }

    const BodyFiles::PairedRig &pairedRig() const { return m_paired; }
    const BpatFile &restPose() const { return m_rest; } // the one-frame palette it is shown with

private:
    BodyDocumentView(BprmFile body, BodyFiles::PairedRig paired, BpatFile rest, std::optional<Rig> rig);

    BprmFile m_body;
    BodyFiles::PairedRig m_paired;
    BpatFile m_rest;
};

} // namespace bpat::studio
