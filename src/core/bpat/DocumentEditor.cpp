#include "bpat/DocumentEditor.h"

#include "bpat/BpatFormat.h"
#include "diagnostics/ReportWriter.h"
#include "bpat/EditCodes.h"
#include "species/Species.h"

#include <cmath>

namespace bpat {

namespace {

using namespace EditCodes;

bool fail(QString *error, const QString &code, const QString &message)
{
    if (error)
        *error = refusal(code, message);
    return false;
}

// A refusal of the document itself (BpatDocument's checks) carries a code too.
bool documentRefused(QString *error)
{
    if (error && codeOf(*error).isEmpty())
        *error = refusal(EDIT_DOCUMENT_REFUSED, *error);
    return false;
}

// Frames [first, first + count) of a clip as a new clip with the same settings.
BpatClip sliceClip(const BpatClip &clip, quint32 first, quint32 count, quint32 boneCount, int socketCount)
{
    BpatClip out;
    out.name = clip.name;
    out.fps = clip.fps;
    out.loops = clip.loops;
    out.frameCount = count;
    const qsizetype matrixFloats = qsizetype(boneCount) * 16;
    out.palette = clip.palette.mid(qsizetype(first) * matrixFloats, qsizetype(count) * matrixFloats);
    if (socketCount > 0 && !clip.socketRows.isEmpty()) {
        const qsizetype rowFloats = qsizetype(socketCount) * 12;
        out.socketRows = clip.socketRows.mid(qsizetype(first) * rowFloats, qsizetype(count) * rowFloats);
    }
    // v2 / v3 fields: the markers, flags and family stay; contact records follow their frames.
    out.markers = clip.markers;
    out.flags = clip.flags;
    out.variantFamily = clip.variantFamily;
    out.variantOrdinal = clip.variantOrdinal;
    if (clip.contacts.size() == qsizetype(clip.frameCount) * 2)
        out.contacts = clip.contacts.mid(qsizetype(first) * 2, qsizetype(count) * 2);
    if (clip.storedSkin.size() == clip.palette.size())
        out.storedSkin = clip.storedSkin.mid(qsizetype(first) * matrixFloats, qsizetype(count) * matrixFloats);
    return out;
}

} // namespace

bool DocumentEditor::setClipMarker(int clip, int marker, float phase, QString *error)
{
    if (!checkClipIndex(clip, error))
        return false;
    if (m_doc.version() < 2)
        return fail(error, EDIT_NO_MARKERS,
                    QStringLiteral("a v1 file has no markers; convert it to v2 or v3 first (bpat convert --to-version 3)"));
    if (marker < 0 || marker >= format::MarkerCount)
        return fail(
            error, EDIT_NO_SUCH_MARKER,
            QStringLiteral("no marker %1 (expected anticipation_start, weapon_release, contact, recover_unlocked or exit_safe)")
                .arg(marker));
    if (phase != -1.0f && !(phase >= 0.0f && phase <= 1.0f))
        return fail(error, EDIT_BAD_MARKER_PHASE, QStringLiteral("marker phase %1 is not in [0, 1]").arg(double(phase)));
    m_doc.clip(clip).markers[marker] = phase;
    return true;
}

QString DocumentEditor::markerOrderWarning(const BpatDocument &document, int clip)
{
    if (clip < 0 || clip >= document.clipCount() || document.version() < 2)
        return {};
    const QString problem = format::markerOrderProblem(document.clip(clip).markers);
    if (problem.isEmpty())
        return {};
    return QStringLiteral("clip '%1': %2; the game expects %3")
        .arg(document.clip(clip).name, problem, QLatin1String(format::MarkerOrderRule));
}

bool DocumentEditor::checkClipIndex(int clip, QString *error) const
{
    if (clip < 0 || clip >= m_doc.clipCount())
        return fail(error, EDIT_NO_SUCH_CLIP,
                    QStringLiteral("no clip at index %1 (the file has %2)").arg(clip).arg(m_doc.clipCount()));
    return true;
}

bool DocumentEditor::checkSocketIndex(int socket, QString *error) const
{
    if (socket < 0 || socket >= m_doc.socketCount())
        return fail(error, EDIT_NO_SUCH_SOCKET,
                    QStringLiteral("no socket at index %1 (the file has %2)").arg(socket).arg(m_doc.socketCount()));
    return true;
}

bool DocumentEditor::checkNewClipName(const QString &name, int exceptClip, QString *error) const
{
    if (name.isEmpty())
        return fail(error, EDIT_EMPTY_NAME, QStringLiteral("a clip name cannot be empty"));
    if (name.contains(QChar(0)))
        return fail(error, EDIT_NAME_HAS_NUL, QStringLiteral("a clip name cannot contain a NUL character"));
    if (const QString problem = ReportWriter::nameProblem(QStringLiteral("clip"), name); !problem.isEmpty())
        return fail(error, EDIT_NAME_CONTROL_CHARACTER, problem);
    const int existing = m_doc.findClip(name);
    if (existing >= 0 && existing != exceptClip)
        return fail(
            error, EDIT_DUPLICATE_CLIP_NAME,
            QStringLiteral("a clip named '%1' already exists (clip %2); clip names must be unique").arg(name).arg(existing));
    return true;
}

bool DocumentEditor::checkNewSocketName(const QString &name, int exceptSocket, QString *error) const
{
    if (name.isEmpty())
        return fail(error, EDIT_EMPTY_NAME, QStringLiteral("a socket name cannot be empty"));
    if (name.contains(QChar(0)))
        return fail(error, EDIT_NAME_HAS_NUL, QStringLiteral("a socket name cannot contain a NUL character"));
    if (const QString problem = ReportWriter::nameProblem(QStringLiteral("socket"), name); !problem.isEmpty())
        return fail(error, EDIT_NAME_CONTROL_CHARACTER, problem);
    const int existing = m_doc.findSocket(name);
    if (existing >= 0 && existing != exceptSocket)
        return fail(error, EDIT_DUPLICATE_SOCKET_NAME,
                    QStringLiteral("a socket named '%1' already exists (socket %2)").arg(name).arg(existing));
    return true;
}

bool DocumentEditor::checkAnchor(quint32 anchorBone, QString *error) const
{
    if (anchorBone >= m_doc.boneCount())
        return fail(
            error, EDIT_ANCHOR_OUT_OF_RANGE,
            QStringLiteral("anchor bone %1 is outside the rig (expected 0..%2)").arg(anchorBone).arg(m_doc.boneCount() - 1));
    return true;
}

QString DocumentEditor::freeClipName(const QString &base) const
{
    if (m_doc.findClip(base) < 0)
        return base;
    for (int i = 2;; ++i) {
        QString candidate = QStringLiteral("%1_%2").arg(base).arg(i);
        if (m_doc.findClip(candidate) < 0)
            return candidate;
    }
}

bool DocumentEditor::renameClip(int clip, const QString &newName, QString *error)
{
    if (!checkClipIndex(clip, error) || !checkNewClipName(newName, clip, error))
        return false;
    m_doc.clip(clip).name = newName;
    return true;
}

bool DocumentEditor::setClipFps(int clip, float fps, QString *error)
{
    if (!checkClipIndex(clip, error))
        return false;
    if (!std::isfinite(fps) || fps <= 0.0f)
        return fail(error, EDIT_BAD_FPS, QStringLiteral("fps must be a finite number above 0 (got %1)").arg(double(fps)));
    m_doc.clip(clip).fps = fps;
    return true;
}

bool DocumentEditor::setClipLoops(int clip, bool loops, QString *error)
{
    if (!checkClipIndex(clip, error))
        return false;
    m_doc.clip(clip).loops = loops;
    return true;
}

bool DocumentEditor::removeClip(int clip, QString *error)
{
    if (!checkClipIndex(clip, error))
        return false;
    if (m_doc.clipCount() == 1)
        return fail(error, EDIT_LAST_CLIP,
                    QStringLiteral("cannot remove '%1': a BPAT file needs at least one clip").arg(m_doc.clip(clip).name));
    m_doc.removeClip(clip);
    return true;
}

bool DocumentEditor::moveClip(int from, int to, QString *error)
{
    if (!checkClipIndex(from, error) || !checkClipIndex(to, error))
        return false;
    m_doc.moveClip(from, to);
    return true;
}

bool DocumentEditor::duplicateClip(int clip, const QString &newName, QString *error)
{
    if (!checkClipIndex(clip, error))
        return false;
    const QString name = newName.isEmpty() ? freeClipName(m_doc.clip(clip).name + QStringLiteral("_copy")) : newName;
    if (!checkNewClipName(name, -1, error))
        return false;
    BpatClip copy = m_doc.clip(clip);
    copy.name = name;
    return m_doc.insertClip(clip + 1, std::move(copy), error) || documentRefused(error);
}

bool DocumentEditor::trimClip(int clip, quint32 firstFrame, quint32 lastFrame, QString *error)
{
    if (!checkClipIndex(clip, error))
        return false;
    const BpatClip &c = m_doc.clip(clip);
    if (firstFrame > lastFrame || lastFrame >= c.frameCount)
        return fail(error, EDIT_BAD_FRAME_RANGE,
                    QStringLiteral("trim range %1..%2 is not inside clip '%3' (frames 0..%4)")
                        .arg(firstFrame)
                        .arg(lastFrame)
                        .arg(c.name)
                        .arg(qint64(c.frameCount) - 1));
    BpatClip trimmed = sliceClip(c, firstFrame, lastFrame - firstFrame + 1, m_doc.boneCount(), m_doc.socketCount());
    return m_doc.replaceClip(clip, std::move(trimmed), error) || documentRefused(error);
}

bool DocumentEditor::splitClip(int clip, quint32 frame, const QString &secondName, QString *error)
{
    if (!checkClipIndex(clip, error))
        return false;
    const BpatClip &c = m_doc.clip(clip);
    if (frame == 0 || frame >= c.frameCount)
        return fail(error, EDIT_BAD_FRAME_RANGE,
                    QStringLiteral("cannot split clip '%1' at frame %2: both parts need at least one frame (split at 1..%3)")
                        .arg(c.name)
                        .arg(frame)
                        .arg(qint64(c.frameCount) - 1));
    const QString name = secondName.isEmpty() ? freeClipName(c.name + QStringLiteral("_b")) : secondName;
    if (!checkNewClipName(name, -1, error))
        return false;
    BpatClip first = sliceClip(c, 0, frame, m_doc.boneCount(), m_doc.socketCount());
    BpatClip second = sliceClip(c, frame, c.frameCount - frame, m_doc.boneCount(), m_doc.socketCount());
    second.name = name;
    BpatDocument backup = m_doc;
    if (!m_doc.replaceClip(clip, std::move(first), error) || !m_doc.insertClip(clip + 1, std::move(second), error)) {
        m_doc = std::move(backup);
        return documentRefused(error);
    }
    return true;
}

QString DocumentEditor::rigMismatch(const BpatDocument &target, const BpatDocument &source, bool allowOtherSpecies)
{
    const auto species = [](quint32 id) {
        const QString name = Species::nameOf(id);
        return name.isEmpty() ? QStringLiteral("species %1").arg(id) : QStringLiteral("species %1 \"%2\"").arg(id).arg(name);
    };
    if (!allowOtherSpecies && source.speciesId() != target.speciesId()) {
        return refusal(SPECIES_MISMATCH,
                       QStringLiteral("the file is %1, the source %2; clips of another species would "
                                      "play on the wrong creature")
                           .arg(species(target.speciesId()), species(source.speciesId())));
    }
    if (source.boneCount() != target.boneCount()) {
        return refusal(BONE_COUNT_MISMATCH,
                       QStringLiteral("bone counts differ: the file (%1) has %2 bones, the source (%3) %4; clips can only be "
                                      "imported between files of the same rig")
                           .arg(species(target.speciesId()))
                           .arg(target.boneCount())
                           .arg(species(source.speciesId()))
                           .arg(source.boneCount()));
    }
    return QString();
}

bool DocumentEditor::importClips(const BpatDocument &source, const QList<int> &clips, const ImportOptions &options,
                                 QString *error)
{
    const bool renameOnConflict = options.renameOnConflict;
    if (const QString why = rigMismatch(m_doc, source, options.allowOtherSpecies); !why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    QList<int> picked = clips;
    if (picked.isEmpty()) {
        for (int i = 0; i < source.clipCount(); ++i)
            picked.append(i);
    }
    BpatDocument result = m_doc;
    DocumentEditor resultEditor(result);
    for (int index : picked) {
        if (index < 0 || index >= source.clipCount())
            return fail(error, EDIT_NO_SUCH_CLIP,
                        QStringLiteral("the source has no clip %1 (it has %2)").arg(index).arg(source.clipCount()));
        BpatClip clip = source.clip(index);
        clip.socketRows.clear(); // recomputed for this file's sockets
        clip.variantFamily = -1; // the source's clip indices mean nothing here
        clip.variantOrdinal = 0;
        clip.storedSkin.clear(); // stored against the source's bind palette
        if (result.findClip(clip.name) >= 0) {
            if (!renameOnConflict)
                return fail(error, EDIT_DUPLICATE_CLIP_NAME,
                            QStringLiteral("a clip named '%1' already exists; rename one of them first").arg(clip.name));
            clip.name = resultEditor.freeClipName(clip.name);
        }
        if (!result.addClip(std::move(clip), error))
            return documentRefused(error);
    }
    if (quint64(result.frameTotal()) >= 0xffffffffull)
        return fail(error, EDIT_TOO_MANY_FRAMES, QStringLiteral("the merged file would have more than 2^32-1 frames"));
    m_doc = std::move(result);
    return true;
}

bool DocumentEditor::addSocket(const BpatSocket &socket, QString *error)
{
    if (!checkNewSocketName(socket.name, -1, error) || !checkAnchor(socket.anchorBone, error))
        return false;
    const QVector3D &offset = socket.localOffset;
    if (!std::isfinite(offset.x()) || !std::isfinite(offset.y()) || !std::isfinite(offset.z()))
        return fail(error, EDIT_BAD_SOCKET_OFFSET, QStringLiteral("a socket offset must be finite"));
    return m_doc.addSocket(socket, error) || documentRefused(error);
}

bool DocumentEditor::removeSocket(int socket, QString *error)
{
    if (!checkSocketIndex(socket, error))
        return false;
    m_doc.removeSocket(socket);
    return true;
}

bool DocumentEditor::renameSocket(int socket, const QString &newName, QString *error)
{
    if (!checkSocketIndex(socket, error) || !checkNewSocketName(newName, socket, error))
        return false;
    BpatSocket s = m_doc.sockets().at(socket);
    s.name = newName;
    return m_doc.replaceSocket(socket, s, error) || documentRefused(error);
}

bool DocumentEditor::setSocketAnchor(int socket, quint32 anchorBone, QString *error)
{
    if (!checkSocketIndex(socket, error) || !checkAnchor(anchorBone, error))
        return false;
    BpatSocket s = m_doc.sockets().at(socket);
    s.anchorBone = anchorBone;
    return m_doc.replaceSocket(socket, s, error) || documentRefused(error);
}

bool DocumentEditor::setSocketOffset(int socket, const QVector3D &offset, QString *error)
{
    if (!checkSocketIndex(socket, error))
        return false;
    if (!std::isfinite(offset.x()) || !std::isfinite(offset.y()) || !std::isfinite(offset.z()))
        return fail(error, EDIT_BAD_SOCKET_OFFSET, QStringLiteral("a socket offset must be finite"));
    BpatSocket s = m_doc.sockets().at(socket);
    s.localOffset = offset;
    return m_doc.replaceSocket(socket, s, error) || documentRefused(error);
}

} // namespace bpat
