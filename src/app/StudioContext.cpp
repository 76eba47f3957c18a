#include "StudioContext.h"

#include "document/BpatDocumentView.h"
#include "document/CompareState.h"
#include "editing/DocumentSession.h"
#include "formats/FormatRegistry.h"

#include <QFileInfo>
#include <algorithm>

namespace bpat::studio {

namespace {
// How long after a drag's last move the rest of the window catches up (the lint, the tables,
// the analysis): long enough that a drag's moves do not start it at each move.
constexpr int SettleMs = 250;
} // namespace

StudioContext::StudioContext(QObject *parent)
    : QObject(parent)
    , m_settle(new QTimer(this))
    , m_recording(new RecordingState(this))
    , m_compare(new CompareState(this))
    , m_session(new DocumentSession(this))
{
    // The session observes nothing here; the context observes what it publishes.
    m_settle->setSingleShot(true);
    m_settle->setInterval(SettleMs);
    connect(m_settle, &QTimer::timeout, this, &StudioContext::settleEdits);
    connect(m_session, &DocumentSession::published, this, &StudioContext::applyPublishedEdit);
}

void StudioContext::setSession(DocumentSession *session)
{
    if (!session || session == m_session)
        return;
    disconnect(m_session, &DocumentSession::published, this, &StudioContext::applyPublishedEdit);
    m_session = session;
    connect(m_session, &DocumentSession::published, this, &StudioContext::applyPublishedEdit);
    Q_EMIT sessionChanged(m_session);
}

StudioContext::ShownState StudioContext::shownState() const
{
    return ShownState{m_document, m_path,   m_diagnostics,   m_deepChecked, m_clip,   m_frame,
                      m_bone,     m_socket, m_selectedBones, m_profile,     m_gameEra};
}

void StudioContext::showState(const ShownState &state, DocumentSession *session)
{
    setSession(session);
    if (!state.document) {
        close();
        return;
    }
    m_document = state.document;
    m_path = state.path;
    m_lastError.clear();
    m_diagnostics = state.diagnostics;
    m_deepChecked = state.deepChecked;
    m_clip = state.clip;
    m_frame = state.frame;
    m_bone = state.bone;
    m_socket = state.socket;
    m_selectedBones = state.selectedBones;
    m_lastChanges = AllDocumentChanges;
    if (state.profile != m_profile || state.era != m_gameEra) {
        m_diagnostics = m_document->validateForEra(m_profile, m_gameEra); // the profile changed meanwhile
        m_deepChecked = false;
    }
    emitLoaded(false, false);
    Q_EMIT currentBoneChanged(m_bone);
    Q_EMIT currentSocketChanged(m_socket);
    Q_EMIT selectedBonesChanged(m_selectedBones);
}

StudioContext::~StudioContext() = default;

const BpatFile &StudioContext::file() const
{
    static const BpatFile null;
    const BpatFile *bpat = m_document ? m_document->bpat() : nullptr;
    return bpat ? *bpat : null;
}

const std::optional<Rig> &StudioContext::rig() const
{
    static const std::optional<Rig> none;
    return m_document ? m_document->rig() : none;
}

QString StudioContext::boneName(int bone) const
{
    return m_document ? m_document->boneName(bone) : tr("bone %1").arg(bone);
}

QList<ClipEntry> StudioContext::clipEntries() const
{
    return m_document ? m_document->clips() : QList<ClipEntry>();
}

StudioContext::OpenResult StudioContext::open(const QString &path)
{
    const FileKind kind = FormatRegistry::detect(path);
    if (kind == FileKind::InputAnimation)
        return openRecording(path);
    return openDocument(path, kind, false);
}

StudioContext::OpenResult StudioContext::reload()
{
    if (m_path.isEmpty())
        return OpenResult::Failed;
    return openDocument(m_path, FormatRegistry::detect(m_path), true);
}

QString StudioContext::currentClipName() const
{
    const QList<ClipEntry> clips = clipEntries();
    return m_clip >= 0 && m_clip < clips.size() ? clips.at(m_clip).name : QString();
}

// The one open path for every document kind: the kind only picks the opener.
StudioContext::OpenResult StudioContext::openDocument(const QString &path, FileKind kind, bool keepSelection)
{
    const Selection before{keepSelection ? currentClipName() : QString(), m_clip, m_frame};
    QString error;
    std::shared_ptr<const OpenDocument> opened = OpenDocument::open(path, kind, &error);
    if (!opened) {
        m_lastError = error;
        if (keepSelection) {
            // The file went away or became unreadable: keep showing nothing stale.
            close();
            m_path = QFileInfo(path).absoluteFilePath();
        }
        Q_EMIT message(error);
        return OpenResult::Failed;
    }
    m_lastError.clear();
    m_path = QFileInfo(path).absoluteFilePath();
    if (!keepSelection)
        replaceRecording();
    setDocument(std::move(opened));
    m_session->setSource(m_document->loadedBpat(), m_path); // a file read from disk starts without edits
    restoreSelection(keepSelection, before);
    m_lastChanges = AllDocumentChanges;
    emitLoaded(keepSelection, false);
    return hasErrors(m_diagnostics) ? OpenResult::OpenedWithErrors : OpenResult::Opened;
}

void StudioContext::replaceRecording()
{
    // Opening a file replaces what is shown: the recording goes, unless the user chose to keep
    // it drawn over the creature; either way the timeline plays the new file's clip.
    if (!m_recording->hasRecording())
        return;
    if (m_recording->keptAsOverlay()) {
        m_recording->setTimelineSource(RecordingState::TimelineSource::Clip);
        Q_EMIT message(tr("Kept %1 over the creature (View > Viewport > Recording Over Creature; File > Close removes it)")
                           .arg(QFileInfo(m_recording->path()).fileName()));
        return;
    }
    m_recording->close();
}

void StudioContext::setDocument(std::shared_ptr<const OpenDocument> document)
{
    m_document = std::move(document);
    m_diagnostics = m_document->validateForEra(m_profile, m_gameEra);
    m_deepChecked = false;
    if (m_bone >= m_document->boneCount())
        m_bone = -1;
    m_selectedBones.removeIf([this](int bone) { return bone >= m_document->boneCount(); });
    if (m_bone < 0)
        m_selectedBones.clear();
    if (m_socket >= m_document->socketCount())
        m_socket = -1;
}

void StudioContext::restoreSelection(bool keepSelection, const Selection &before)
{
    const QList<ClipEntry> clips = clipEntries();
    int chosen = clips.isEmpty() ? -1 : 0;
    if (keepSelection && !clips.isEmpty()) {
        const auto byName = std::find_if(clips.cbegin(), clips.cend(), [&](const ClipEntry &c) {
            return !before.clipName.isEmpty() && c.name == before.clipName;
        });
        if (byName != clips.cend())
            chosen = int(byName - clips.cbegin());
        else if (before.clip >= 0 && before.clip < clips.size())
            chosen = before.clip;
    }
    m_clip = chosen;
    m_frame = 0;
    if (keepSelection && chosen >= 0)
        m_frame = std::clamp(before.frame, 0, std::max(0, frameCount() - 1));
}

void StudioContext::emitLoaded(bool reloaded, bool edited)
{
    Q_EMIT fileLoaded();
    if (reloaded)
        Q_EMIT fileReloaded();
    if (edited)
        Q_EMIT fileEdited();
    Q_EMIT validationChanged();
    Q_EMIT currentClipChanged(m_clip);
    Q_EMIT currentFrameChanged(m_frame);
}

StudioContext::OpenResult StudioContext::openRecording(const QString &path)
{
    QString error;
    if (!m_recording->open(path, &error)) {
        m_lastError = error;
        Q_EMIT message(tr("Cannot read %1: %2").arg(QFileInfo(path).fileName(), m_lastError));
        return OpenResult::Failed;
    }
    Q_EMIT message(tr("Opened input animation %1").arg(QFileInfo(path).fileName()));
    return OpenResult::Opened;
}

void StudioContext::close()
{
    if (!m_document && m_path.isEmpty())
        return;
    m_session->setSource(nullptr, QString());
    m_document.reset();
    m_path.clear();
    m_diagnostics.clear();
    m_deepChecked = false;
    m_clip = -1;
    m_frame = 0;
    m_bone = -1;
    m_socket = -1;
    m_selectedBones.clear();
    m_lastChanges = AllDocumentChanges;
    Q_EMIT fileClosed();
    Q_EMIT validationChanged();
    Q_EMIT currentClipChanged(m_clip);
    Q_EMIT currentFrameChanged(m_frame);
}

void StudioContext::setProfile(ValidationProfile profile)
{
    if (profile == m_profile)
        return;
    m_profile = profile;
    Q_EMIT profileChanged(m_profile);
    revalidate();
}

void StudioContext::setGameEra(GameEra era)
{
    if (era == m_gameEra)
        return;
    m_gameEra = era;
    Q_EMIT gameEraChanged(m_gameEra);
    if (m_profile == ValidationProfile::Game)
        revalidate();
}

QString StudioContext::rulesDescription() const
{
    if (m_profile != ValidationProfile::Game)
        return tr("%1 profile").arg(profileName(m_profile));
    return m_gameEra == GameEra::Current ? tr("game profile, current game")
                                         : tr("game profile, %1-era game").arg(gameEra::name(m_gameEra));
}

void StudioContext::revalidate()
{
    m_diagnostics = m_document ? m_document->validateForEra(m_profile, m_gameEra) : Diagnostics{};
    m_deepChecked = false;
    Q_EMIT validationChanged();
}

void StudioContext::setDiagnostics(const Diagnostics &diagnostics, bool deep)
{
    m_diagnostics = diagnostics;
    m_deepChecked = deep;
    Q_EMIT validationChanged();
}

int StudioContext::clipCount() const
{
    return m_document ? m_document->clipCount() : 0;
}

int StudioContext::frameCount() const
{
    if (!m_document || m_clip < 0)
        return 0;
    return int(std::min(m_document->framesHeld(m_clip), quint64(kMaxTimelineFrames)));
}

std::optional<quint32> StudioContext::currentGlobalFrame() const
{
    if (!m_document || m_clip < 0)
        return std::nullopt;
    return m_document->globalFrame(m_clip, quint32(m_frame));
}

void StudioContext::setCurrentClip(int clip)
{
    if (clip < -1 || clip >= clipCount() || clip == m_clip)
        return;
    m_clip = clip;
    m_frame = 0;
    Q_EMIT currentClipChanged(m_clip);
    Q_EMIT currentFrameChanged(m_frame);
}

void StudioContext::setCurrentClipByName(const QString &nameOrIndex)
{
    const QList<ClipEntry> clips = clipEntries();
    int clip = -1;
    for (const ClipEntry &c : clips) {
        if (clip < 0 && !c.name.isEmpty() && c.name == nameOrIndex)
            clip = c.index;
    }
    bool isNumber = false;
    const uint index = nameOrIndex.toUInt(&isNumber);
    if (clip < 0 && isNumber && index < uint(clips.size()))
        clip = int(index);
    if (clip < 0) {
        Q_EMIT message(tr("No clip named '%1'").arg(nameOrIndex));
        return;
    }
    setCurrentClip(clip);
}

void StudioContext::setCurrentFrame(int frame)
{
    frame = std::clamp(frame, 0, std::max(0, frameCount() - 1));
    if (frame == m_frame)
        return;
    m_frame = frame;
    Q_EMIT currentFrameChanged(m_frame);
}

void StudioContext::setCurrentBone(int bone)
{
    if (bone == m_bone)
        return;
    m_bone = bone;
    const bool inSelection = bone >= 0 && m_selectedBones.contains(bone);
    Q_EMIT currentBoneChanged(m_bone);
    if (!inSelection) {
        m_selectedBones = bone >= 0 ? QList<int>{bone} : QList<int>();
        Q_EMIT selectedBonesChanged(m_selectedBones);
    }
}

void StudioContext::setSelectedBones(const QList<int> &bones)
{
    const int count = m_document ? m_document->boneCount() : 0;
    QList<int> valid;
    for (int bone : bones) {
        if (bone >= 0 && bone < count && !valid.contains(bone))
            valid.append(bone);
    }
    if (valid == m_selectedBones)
        return;
    m_selectedBones = valid;
    const int current = valid.contains(m_bone) ? m_bone : valid.isEmpty() ? -1 : valid.constLast();
    if (current != m_bone) {
        m_bone = current;
        Q_EMIT currentBoneChanged(m_bone);
    }
    Q_EMIT selectedBonesChanged(m_selectedBones);
}

void StudioContext::setCurrentSocket(int socket)
{
    if (socket == m_socket)
        return;
    m_socket = socket;
    Q_EMIT currentSocketChanged(m_socket);
}

void StudioContext::applyPublishedEdit(const BpatFile &edited, int focusClip, const QString &path, DocumentChanges changes)
{
    const int previousClip = m_clip;
    const int previousFrame = m_frame;
    if (!path.isEmpty())
        m_path = QFileInfo(path).absoluteFilePath();
    // Edited files live in memory: no mapping to guard. The quick checks read the tables only.
    setDocument(std::make_shared<const BpatDocumentView>(std::make_shared<const LoadedFile>(edited, false)));
    if (changes == DocumentChanges(DocumentChange::Motion) && path.isEmpty() && (focusClip < 0 || focusClip == previousClip)) {
        // The same clip's matrices, where they lay: the motion is shown now, the rest later.
        m_lastChanges = changes;
        m_settle->start();
        Q_EMIT motionEdited(m_clip);
        return;
    }
    m_settle->stop();                               // this edit's signals carry the motion's too
    if (changes.testFlag(DocumentChange::Motion)) { // another clip's: shown as any palette edit
        changes.setFlag(DocumentChange::Motion, false);
        changes |= DocumentChange::Palette;
    }
    const int clips = clipCount();
    m_clip = clips == 0 ? -1 : std::clamp(focusClip >= 0 ? focusClip : previousClip, 0, clips - 1);
    m_frame = m_clip == previousClip ? std::clamp(previousFrame, 0, std::max(0, frameCount() - 1)) : 0;
    m_lastChanges = changes;
    emitLoaded(false, true);
}

bool StudioContext::editsSettling() const
{
    return m_lastChanges == DocumentChanges(DocumentChange::Motion);
}

void StudioContext::settleEdits()
{
    m_settle->stop();
    if (!m_document || !editsSettling())
        return; // shown in full since (another edit, an open, a close)
    // Everything the moves changed, as one edit of the palette: the viewport uploads it again,
    // the tables, curves, contacts, lint and analysis read the file as it now is.
    m_lastChanges = DocumentChange::Palette;
    emitLoaded(false, true);
}

bool StudioContext::checkStale()
{
    if (!m_document || !m_document->isStale())
        return false;
    Q_EMIT fileBecameStale(m_path);
    Q_EMIT message(tr("%1 shrank while open; reloading").arg(QFileInfo(m_path).fileName()));
    reload();
    return true;
}

} // namespace bpat::studio
