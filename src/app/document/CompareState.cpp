#include "CompareState.h"

#include "bpat/BpatFile.h"
#include "diff/DiffReport.h"

#include <algorithm>

namespace bpat::studio {

using diff::ChangeKind;

CompareState::CompareState(QObject *parent)
    : QObject(parent)
{
}

CompareState::~CompareState() = default;

int CompareState::partnerOf(int clipA) const
{
    return clipA >= 0 && clipA < m_partner.size() ? m_partner.at(clipA) : -1;
}

int CompareState::socketPartnerOf(int socketA) const
{
    return socketA >= 0 && socketA < m_socketPartner.size() ? m_socketPartner.at(socketA) : -1;
}

bool CompareState::clipDiffers(int clipA) const
{
    return clipA >= 0 && clipA < m_changes.size() && !m_changes.at(clipA).isEmpty();
}

QList<int> CompareState::changesOfClip(int clipA) const
{
    return clipA >= 0 && clipA < m_changes.size() ? m_changes.at(clipA) : QList<int>();
}

QString CompareState::clipStatus(int clipA) const
{
    if (!m_hasResult || clipA < 0 || clipA >= m_partner.size())
        return QString();
    if (m_partner.at(clipA) < 0)
        return tr("only in this file");
    QStringList parts;
    for (int i : m_changes.at(clipA)) {
        const diff::Change &c = m_result.changes.at(i);
        switch (c.kind) {
        case ChangeKind::ClipRenamed: parts.append(tr("renamed to %1").arg(c.newName)); break;
        case ChangeKind::ClipMoved: parts.append(tr("moved to %1").arg(c.newValue.toInt())); break;
        case ChangeKind::ClipMetadata: parts.append(QString(c.field).replace(QLatin1Char('_'), QLatin1Char(' '))); break;
        case ChangeKind::Motion: {
            QStringList largest;
            if (c.rotationBeyond || !c.translationBeyond)
                largest.append(QStringLiteral("%1°").arg(c.maxRotationDeg, 0, 'f', 2));
            if (c.translationBeyond)
                largest.append(diff::DiffReport::metresText(c.maxTranslation));
            parts.append(tr("motion %1").arg(largest.join(QStringLiteral(", "))));
            break;
        }
        case ChangeKind::Contacts: parts.append(tr("contacts")); break;
        default: break;
        }
    }
    return parts.isEmpty() ? tr("same") : parts.join(QStringLiteral(", "));
}

std::optional<quint32> CompareState::otherFrame(int clipA, int frame) const
{
    const int clipB = partnerOf(clipA);
    if (!m_other || clipB < 0 || clipB >= m_other->clips().size() || frame < 0)
        return std::nullopt;
    const BpatClipInfo &c = m_other->clips().at(clipB);
    if (c.frameCount == 0)
        return std::nullopt;
    // The frames `bpat diff` paired (a trimmed or resampled clip: FrameAlignment); none where
    // B has no frame for this one, or the two clips' frames do not pair at all.
    const diff::FrameAlignment *align = alignmentOf(clipA);
    if (!align)
        return m_other->globalFrame(clipB, std::min(quint32(frame), c.frameCount - 1));
    const std::optional<quint32> paired = align->frameOfB(quint32(frame));
    return paired ? m_other->globalFrame(clipB, *paired) : std::nullopt;
}

const diff::FrameAlignment *CompareState::alignmentOf(int clipA) const
{
    if (!m_hasResult)
        return nullptr;
    for (const diff::ClipPair &p : m_result.clipPairs) {
        if (p.clipA == clipA && p.clipB >= 0)
            return &p.alignment;
    }
    return nullptr;
}

QString CompareState::frameNote(int clipA, int frame) const
{
    const diff::FrameAlignment *align = alignmentOf(clipA);
    if (!align || align->kind == diff::FrameAlignment::Kind::Identity || frame < 0)
        return QString();
    if (!align->paired())
        return tr("not compared: %1").arg(align->text);
    const std::optional<quint32> paired = align->frameOfB(quint32(frame));
    return paired ? tr("with frame %1 of the other file (%2)").arg(*paired).arg(align->text)
                  : tr("the other file has no frame paired with this one (%1)").arg(align->text);
}

std::optional<diff::MatrixDelta> CompareState::boneDelta(const BpatFile &a, int clipA, int frame, int bone) const
{
    const auto gb = otherFrame(clipA, frame);
    const auto ga = frame >= 0 ? a.globalFrame(clipA, quint32(frame)) : std::nullopt;
    if (!gb || !ga || bone < 0 || quint32(bone) >= m_other->header().boneCount)
        return std::nullopt;
    const auto ma = a.globalMatrixFloats(*ga, quint32(bone)), mb = m_other->globalMatrixFloats(*gb, quint32(bone));
    if (!ma || !mb)
        return std::nullopt;
    return diff::matrixDelta(ma->data(), mb->data());
}

std::optional<diff::MatrixDelta> CompareState::socketDelta(const BpatFile &a, int clipA, int frame, int socketA) const
{
    const auto gb = otherFrame(clipA, frame);
    const auto ga = frame >= 0 ? a.globalFrame(clipA, quint32(frame)) : std::nullopt;
    const int socketB = socketPartnerOf(socketA);
    if (!gb || !ga || socketB < 0)
        return std::nullopt;
    const auto ra = a.socketRow(*ga, quint32(socketA)), rb = m_other->socketRow(*gb, quint32(socketB));
    if (!ra || !rb)
        return std::nullopt;
    return diff::matrixDelta(ra->data(), rb->data());
}

void CompareState::setOther(std::shared_ptr<const BpatFile> file, const QString &path)
{
    m_other = std::move(file);
    m_path = path;
    m_hasResult = false;
    m_result = {};
    m_partner.clear();
    m_changes.clear();
    m_socketPartner.clear();
    Q_EMIT changed();
}

void CompareState::setResult(diff::DiffResult result)
{
    m_result = std::move(result);
    m_hasResult = true;
    int clipsA = 0, socketsA = 0;
    for (const diff::ClipPair &p : m_result.clipPairs)
        clipsA = std::max(clipsA, p.clipA + 1);
    for (const diff::SocketPair &p : m_result.socketPairs)
        socketsA = std::max(socketsA, p.socketA + 1);
    m_partner = QList<int>(clipsA, -1);
    m_changes = QList<QList<int>>(clipsA);
    m_socketPartner = QList<int>(socketsA, -1);
    for (const diff::ClipPair &p : m_result.clipPairs) {
        if (p.clipA >= 0)
            m_partner[p.clipA] = p.clipB;
    }
    for (const diff::SocketPair &p : m_result.socketPairs) {
        if (p.socketA >= 0)
            m_socketPartner[p.socketA] = p.socketB;
    }
    for (qsizetype i = 0; i < m_result.changes.size(); ++i) {
        const diff::Change &c = m_result.changes.at(i);
        const bool ofClip = c.kind == ChangeKind::ClipRemoved || c.kind == ChangeKind::ClipRenamed
            || c.kind == ChangeKind::ClipMoved || c.kind == ChangeKind::ClipMetadata || c.kind == ChangeKind::Motion
            || c.kind == ChangeKind::Contacts;
        if (ofClip && c.clipA >= 0 && c.clipA < clipsA)
            m_changes[c.clipA].append(int(i));
    }
    Q_EMIT changed();
}

void CompareState::invalidate()
{
    if (!m_hasResult)
        return;
    m_hasResult = false;
    m_partner.clear();
    m_changes.clear();
    m_socketPartner.clear();
    Q_EMIT changed();
}

void CompareState::clear()
{
    if (!m_other && !m_hasResult)
        return;
    setOther(nullptr, QString()); // no file to compare with, no result
}

} // namespace bpat::studio
