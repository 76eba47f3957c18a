#include "BodyDocumentView.h"

#include "bpat/BpatDocument.h"
#include "bpat/BpatFormat.h"
#include "bpat/BpatWriter.h"
#include "bprm/BprmFormat.h"
#include "bprm/BprmValidator.h"
#include "viewport/ViewportWidget.h"

#include <QFileInfo>

namespace bpat::studio {

namespace {

// A late-v3 palette of one frame: globals = the rig's bind pose (identity without a paired
// BPAT), so every skinning matrix global x inverse(bind) is the identity and the body is drawn
// as stored; the rig's parents for the skeleton.
std::optional<BpatFile> restPalette(const BprmFile &body, const BodyFiles::PairedRig &paired, QString *error)
{
    std::optional<BpatFile> source;
    if (!paired.bpatPath.isEmpty())
        source = BpatFile::open(paired.bpatPath);
    const bool fromRig = source && source->bindPaletteInBounds() && int(source->header().boneCount) == paired.boneCount;
    const int bones =
        fromRig ? paired.boneCount : std::clamp(std::max(paired.boneCount, body.highestWeightedBone() + 1), 1, bprm::MaxBones);
    BpatDocument doc(BodyFiles::speciesOfBody(body.path()).value_or(0), quint32(bones));
    doc.setDialect(format::Dialect::V3Late);
    QList<QMatrix4x4> bind;
    QList<quint8> parents;
    for (int b = 0; b < bones; ++b) {
        bind.append(fromRig ? source->bindMatrix(quint32(b)) : QMatrix4x4());
        const quint8 parent = fromRig && b < source->boneParents().size() ? source->boneParents().at(b) : format::NoParentBone;
        parents.append(parent);
    }
    doc.setBindMatrices(bind);
    doc.setBoneParents(parents);
    BpatClip clip;
    clip.name = QStringLiteral("rest pose");
    clip.frameCount = 1;
    clip.palette.resize(qsizetype(bones) * 16);
    for (int b = 0; b < bones; ++b)
        clip.setMatrix(0, quint32(b), quint32(bones), bind.at(b));
    if (!doc.addClip(std::move(clip), error))
        return std::nullopt;
    const QByteArray bytes = BpatWriter(doc).toBytes(error);
    if (bytes.isEmpty())
        return std::nullopt;
    return BpatFile::fromData(bytes, body.path());
}

} // namespace

BodyDocumentView::BodyDocumentView(BprmFile body, BodyFiles::PairedRig paired, BpatFile rest, std::optional<Rig> rig)
    : m_body(std::move(body))
    , m_paired(std::move(paired))
    , m_rest(std::move(rest))
{
    m_rig = std::move(rig);
}

std::shared_ptr<const BodyDocumentView> BodyDocumentView::open(const QString &path, QString *error)
{
    std::optional<BprmFile> body = BprmFile::open(path, error);
    if (!body)
        return nullptr;
    const BodyFiles::PairedRig paired = BodyFiles::pairedRig(path);
    QString why;
    std::optional<BpatFile> rest = restPalette(*body, paired, &why);
    if (!rest) {
        if (error)
            *error = QStringLiteral("%1: no rest pose to show it in: %2").arg(path, why);
        return nullptr;
    }
    std::optional<Rig> rig = BodyFiles::rigOf(path);
    if (rig && rig->boneCount() != int(rest->header().boneCount))
        rig.reset();
    return std::shared_ptr<const BodyDocumentView>(
        new BodyDocumentView(std::move(*body), paired, std::move(*rest), std::move(rig)));
}

QList<ClipEntry> BodyDocumentView::clips() const
{
    return {ClipEntry{0, QStringLiteral("rest pose"), 1, 0, ClipEntry::SnapshotFps, true, false}};
}

std::optional<quint32> BodyDocumentView::globalFrame(int clip, quint32 frame) const
{
    return clip == 0 && frame == 0 ? std::optional<quint32>(0) : std::nullopt;
}

Diagnostics BodyDocumentView::validate(ValidationProfile) const
{
    return BprmValidator().validate(m_body, BprmRig{m_paired.boneCount, m_paired.source});
}

void BodyDocumentView::showIn(ViewportWidget &viewport, bool keepView, DocumentChanges, int) const
{
    viewport.setFile(m_rest, keepView);
    // This body alone, whatever View > Body says (a minimal body shows as the minimal one).
    const bool minimal = m_body.header().lod == bprm::LodMinimal;
    viewport.setBodyFiles(minimal ? QString() : m_body.path(), minimal ? m_body.path() : QString());
}

} // namespace bpat::studio
