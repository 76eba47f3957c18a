#include "StudioContext.h"

#include "anim/InputAnimationReader.h"
#include "bpsm/BpsmFormat.h"
#include "bpsm/BpsmValidator.h" // revalidate()
#include "formats/FormatRegistry.h"
#include "io/MappingGuard.h"
#include "ValidationRun.h"
#include "editing/DocumentSession.h"
#include "mesh/RigDescription.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
// The rig whose bone names the panels show: the game's rig, else a built-in rig description
// (the rebake recipes' rigs, such as the 53-bone "hands"), as the viewport already uses.
std::optional<Rig> rigFor(quint32 speciesId, int boneCount)
{
    if (std::optional<Rig> rig = Rig::forSpecies(speciesId, boneCount))
        return rig;
    if (const std::optional<RigDescription> description = RigDescription::builtin(speciesId, boneCount))
        return description->rig();
    return std::nullopt;
}

// A late-v3 file stores its own hierarchy: its parents, with the rig's names when it has one.
std::optional<Rig> rigFor(const BpatFile &file)
{
    std::optional<Rig> rig = rigFor(file.header().speciesId, int(file.header().boneCount));
    const QList<quint8> &parents = file.boneParents();
    if (parents.isEmpty())
        return rig;
    QList<RigBone> bones;
    for (qsizetype b = 0; b < parents.size(); ++b) {
        const int parent = parents.at(b) == format::NoParentBone || parents.at(b) >= b ? -1 : int(parents.at(b));
        bones.append(RigBone{rig && b < rig->boneCount() ? rig->bone(int(b)).name : QStringLiteral("bone %1").arg(b), parent});
    }
    return Rig(rig ? rig->name() : QStringLiteral("file parents"), bones);
}
} // namespace

LoadedFile::LoadedFile(BpatFile f, bool guarded)
    : file(std::move(f))
{
    if (guarded && file.data() && file.fileSize() > 0)
        guard = std::make_unique<MappingGuard>(file.data(), qint64(file.fileSize()));
}

LoadedFile::~LoadedFile() = default;

bool LoadedFile::isStale() const
{
    return guard && guard->isStale();
}

StudioContext::StudioContext(QObject *parent)
    : QObject(parent)
    , m_session(new DocumentSession(this))
{
}

StudioContext::~StudioContext() = default;

const BpatFile &StudioContext::file() const
{
    static const BpatFile null;
    return m_loaded ? m_loaded->file : null;
}

QString StudioContext::boneName(int bone) const
{
    if (m_rig && bone >= 0 && bone < m_rig->boneCount())
        return m_rig->bone(bone).name;
    return tr("bone %1").arg(bone);
}

StudioContext::OpenResult StudioContext::open(const QString &path)
{
    switch (FormatRegistry::detect(path)) {
    case FileKind::InputAnimation: return openInputAnimation(path);
    case FileKind::Bpsm: return openSnapshot(path, false);
    case FileKind::Bpat:
    case FileKind::Unknown: break; // the BPAT reader says what is wrong
    }
    return openBpat(path, false);
}

StudioContext::OpenResult StudioContext::reload()
{
    if (m_path.isEmpty())
        return OpenResult::Failed;
    return FormatRegistry::detect(m_path) == FileKind::Bpsm ? openSnapshot(m_path, true) : openBpat(m_path, true);
}

QString StudioContext::currentClipName() const
{
    const QList<ClipEntry> clips = clipEntries();
    return m_clip >= 0 && m_clip < clips.size() ? clips.at(m_clip).name : QString();
}

StudioContext::Selection StudioContext::selectionToRestore(bool keepSelection) const
{
    return {keepSelection ? currentClipName() : QString(), m_clip, m_frame};
}

StudioContext::OpenResult StudioContext::failOpen(const QString &path, const QString &error, bool keepSelection)
{
    m_lastError = error;
    if (keepSelection) {
        // The file went away or became unreadable: keep showing nothing stale.
        close();
        m_path = QFileInfo(path).absoluteFilePath();
    }
    Q_EMIT message(error);
    return OpenResult::Failed;
}

void StudioContext::beginOpen(const QString &path)
{
    m_lastError.clear();
    m_session->discard(); // a file read from disk (again) starts without edits
    m_path = QFileInfo(path).absoluteFilePath();
}

StudioContext::OpenResult StudioContext::openBpat(const QString &path, bool keepSelection)
{
    const Selection before = selectionToRestore(keepSelection);
    QString error;
    std::optional<BpatFile> opened = BpatFile::open(path, &error);
    if (!opened)
        return failOpen(path, error, keepSelection);
    beginOpen(path);
    m_snapshot.reset();
    m_loaded = std::make_shared<LoadedFile>(std::move(*opened));
    const BpatFile &f = m_loaded->file;
    m_rig.reset();
    if (f.hasHeader())
        m_rig = rigFor(f);
    m_diagnostics = quickValidation(f, m_profile);
    m_deepChecked = false;
    restoreSelection(keepSelection, before.clipName, before.clip, before.frame);
    if (m_bone >= int(f.header().boneCount))
        m_bone = -1;
    if (m_socket >= int(f.header().socketCount))
        m_socket = -1;
    emitLoaded(keepSelection);
    return hasErrors(m_diagnostics) ? OpenResult::OpenedWithErrors : OpenResult::Opened;
}

void StudioContext::restoreSelection(bool keepSelection, const QString &clipName, int clip, int frame)
{
    const QList<ClipEntry> clips = clipEntries();
    int chosen = clips.isEmpty() ? -1 : 0;
    if (keepSelection && !clips.isEmpty()) {
        const auto byName = std::find_if(clips.cbegin(), clips.cend(),
                                         [&](const ClipEntry &c) { return !clipName.isEmpty() && c.name == clipName; });
        if (byName != clips.cend())
            chosen = int(byName - clips.cbegin());
        else if (clip >= 0 && clip < clips.size())
            chosen = clip;
    }
    m_clip = chosen;
    m_frame = 0;
    if (keepSelection && chosen >= 0)
        m_frame = std::clamp(frame, 0, std::max(0, frameCount() - 1));
}

void StudioContext::emitLoaded(bool reloaded)
{
    Q_EMIT fileLoaded();
    if (reloaded)
        Q_EMIT fileReloaded();
    Q_EMIT validationChanged();
    Q_EMIT currentClipChanged(m_clip);
    Q_EMIT currentFrameChanged(m_frame);
}

StudioContext::OpenResult StudioContext::openInputAnimation(const QString &path)
{
    InputAnimationReader reader;
    std::optional<InputAnimation> animation = reader.readFile(path);
    if (!animation) {
        m_lastError = reader.errorString();
        Q_EMIT message(tr("Cannot read %1: %2").arg(QFileInfo(path).fileName(), m_lastError));
        return OpenResult::Failed;
    }
    m_inputAnimation = std::make_shared<const InputAnimation>(std::move(*animation));
    m_inputAnimationPath = QFileInfo(path).absoluteFilePath();
    m_recordingTime = m_inputAnimation->startTime();
    Q_EMIT inputAnimationLoaded(m_inputAnimationPath);
    Q_EMIT recordingTimeChanged(m_recordingTime);
    Q_EMIT message(tr("Opened input animation %1").arg(QFileInfo(path).fileName()));
    return OpenResult::Opened;
}

void StudioContext::close()
{
    if (!m_loaded && !m_snapshot && m_path.isEmpty())
        return;
    m_session->discard();
    m_loaded.reset();
    m_snapshot.reset();
    m_path.clear();
    m_rig.reset();
    m_diagnostics.clear();
    m_deepChecked = false;
    m_clip = -1;
    m_frame = 0;
    m_bone = -1;
    m_socket = -1;
    Q_EMIT fileClosed();
    Q_EMIT validationChanged();
    Q_EMIT currentClipChanged(m_clip);
    Q_EMIT currentFrameChanged(m_frame);
}

void StudioContext::setProfile(const QString &profile)
{
    if (profile == m_profile || !isKnownProfile(profile))
        return;
    m_profile = profile;
    Q_EMIT profileChanged(m_profile);
    revalidate();
}

void StudioContext::revalidate()
{
    if (m_snapshot)
        m_diagnostics = BpsmValidator().validate(m_snapshot->file); // one set of BPSM rules
    else
        m_diagnostics = m_loaded ? quickValidation(m_loaded->file, m_profile) : Diagnostics{};
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
    return int(m_snapshot ? m_snapshot->file.clips().size() : file().clips().size());
}

namespace {

// Frames from `frameOffset` on that the data block starting at `dataOffset` can hold, at
// `bytesPerFrame` bytes a frame, in a file of `fileSize` bytes (all overflow-safe).
quint64 framesHeld(quint64 fileSize, quint64 dataOffset, quint64 bytesPerFrame, quint32 frameOffset)
{
    if (dataOffset >= fileSize)
        return 0;
    const quint64 available = fileSize - dataOffset;
    const quint64 total = bytesPerFrame > 0 ? available / bytesPerFrame : available;
    return total > frameOffset ? total - frameOffset : 0;
}

} // namespace

int StudioContext::frameCount() const
{
    if (m_clip < 0 || m_clip >= clipCount())
        return 0;
    quint64 claimed = 0;
    quint64 held = 0;
    if (m_snapshot) {
        const BpsmFile &f = m_snapshot->file;
        const BpsmClipInfo &c = f.clips().at(m_clip);
        claimed = c.frameCount;
        held = framesHeld(f.fileSize(), f.header().vertexDataOffset, quint64(f.header().vertexCount) * bpsm::VertexSize, c.frameOffset);
    } else {
        const BpatFile &f = file();
        const BpatClipInfo &c = f.clips().at(m_clip);
        claimed = c.frameCount;
        held = framesHeld(f.fileSize(), f.header().paletteDataOffset, quint64(f.header().boneCount) * 64, c.frameOffset);
    }
    return int(std::min({claimed, held, quint64(kMaxTimelineFrames)}));
}

std::optional<quint32> StudioContext::currentGlobalFrame() const
{
    if (m_clip < 0)
        return std::nullopt;
    if (m_snapshot) {
        const BpsmClipInfo &c = m_snapshot->file.clips().at(m_clip);
        const quint64 global = quint64(c.frameOffset) + quint32(m_frame);
        if (quint32(m_frame) >= c.frameCount || global >= m_snapshot->file.header().frameTotal)
            return std::nullopt;
        return quint32(global);
    }
    return file().globalFrame(m_clip, quint32(m_frame));
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

void StudioContext::setTimelineSource(TimelineSource source)
{
    if (source == m_timelineSource || (source == TimelineSource::Recording && !m_inputAnimation))
        return;
    m_timelineSource = source;
    Q_EMIT timelineSourceChanged(m_timelineSource);
}

void StudioContext::setRecordingTime(double seconds)
{
    if (!m_inputAnimation || !std::isfinite(seconds))
        return;
    const double start = m_inputAnimation->startTime();
    seconds = std::clamp(seconds, start, std::max(start, m_inputAnimation->duration()));
    if (seconds == m_recordingTime)
        return;
    m_recordingTime = seconds;
    Q_EMIT recordingTimeChanged(m_recordingTime);
}

void StudioContext::setCurrentBone(int bone)
{
    if (bone == m_bone)
        return;
    m_bone = bone;
    Q_EMIT currentBoneChanged(m_bone);
}

void StudioContext::setCurrentSocket(int socket)
{
    if (socket == m_socket)
        return;
    m_socket = socket;
    Q_EMIT currentSocketChanged(m_socket);
}

void StudioContext::showEdited(BpatFile edited, int focusClip, const QString &path)
{
    const int previousClip = m_clip;
    const int previousFrame = m_frame;
    m_snapshot.reset();
    m_loaded = std::make_shared<LoadedFile>(std::move(edited), false);
    if (!path.isEmpty())
        m_path = QFileInfo(path).absoluteFilePath();
    const BpatFile &f = m_loaded->file;
    if (f.hasHeader())
        m_rig = rigFor(f);
    m_diagnostics = quickValidation(f, m_profile);
    m_deepChecked = false;
    const int clips = int(f.clips().size());
    m_clip = clips == 0 ? -1 : std::clamp(focusClip >= 0 ? focusClip : previousClip, 0, clips - 1);
    m_frame = m_clip == previousClip ? std::clamp(previousFrame, 0, std::max(0, frameCount() - 1)) : 0;
    if (m_bone >= int(f.header().boneCount))
        m_bone = -1;
    if (m_socket >= int(f.header().socketCount))
        m_socket = -1;
    Q_EMIT fileLoaded();
    Q_EMIT fileEdited();
    Q_EMIT validationChanged();
    Q_EMIT currentClipChanged(m_clip);
    Q_EMIT currentFrameChanged(m_frame);
}

bool StudioContext::checkStale()
{
    const bool stale = (m_loaded && m_loaded->isStale()) || (m_snapshot && m_snapshot->isStale());
    if (!stale)
        return false;
    Q_EMIT fileBecameStale(m_path);
    Q_EMIT message(tr("%1 shrank while open; reloading").arg(QFileInfo(m_path).fileName()));
    reload();
    return true;
}

} // namespace bpat::studio
