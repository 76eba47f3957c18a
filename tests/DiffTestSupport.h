#pragma once
// Copies of the real files with changes planted on purpose, for the tests of `bpat diff` (core,
// CLI, the window's compare mode): a renamed clip, an fps change, a 2 degree rotation of one
// bone over three frames, a removed clip and a moved socket.
#include "bpat/BpatDocument.h"
#include "bpat/BpatFile.h"
#include "bpat/BpatWriter.h"
#include "bpat/DocumentEditor.h"
#include "TestPaths.h"

#include <QFile>
#include <QMatrix4x4>

#include <algorithm>

namespace difftest {

// What was planted where (clip names as in the original).
struct Planted
{
    QString renamedFrom, renamedTo;
    QString fpsClip;
    float oldFps = 0.0f, newFps = 0.0f;
    QString rotatedClip;
    int rotatedBone = -1;
    quint32 firstFrame = 0; // three frames: firstFrame .. firstFrame + 2
    QString removedClip;
    QString movedSocket;
    QVector3D oldOffset, newOffset;
};

inline QString realFile(const char *set, const char *name)
{
    return testpaths::shared(QStringLiteral("upstream_assets/%1/%2.bpat").arg(QLatin1String(set), QLatin1String(name)));
}

inline std::optional<bpat::BpatDocument> load(const QString &path)
{
    const auto file = bpat::BpatFile::open(path);
    if (!file)
        return std::nullopt;
    return bpat::BpatDocument::fromFile(*file);
}

// Recomputes the rows of one socket in frames first..first+count-1 of a clip (the real
// humanoid's grip and weapon sockets are baked from special frames: recomputing every socket,
// as BpatDocument's socket edits do, would change those too).
inline void recomputeSocket(bpat::BpatDocument &doc, int clip, int socket, quint32 first, quint32 count)
{
    bpat::BpatClip &c = doc.clip(clip);
    const bpat::BpatSocket &s = doc.sockets().at(socket);
    for (quint32 f = first; f < first + count && f < c.frameCount; ++f) {
        const float *anchor = c.palette.constData() + bpat::BpatClip::matrixIndex(f, s.anchorBone, doc.boneCount());
        const auto row = bpat::BpatDocument::computeSocketRow(anchor, s.localOffset);
        std::copy(row.begin(), row.end(), c.socketRows.begin() + (qsizetype(f) * doc.socketCount() + socket) * 12);
    }
}

// After a socket edit (which recomputes every socket's rows): the rows of every socket but
// `except` as they were in `before` (sockets matched by name).
inline void keepOtherSocketRows(bpat::BpatDocument &doc, const bpat::BpatDocument &before, const QString &except)
{
    for (int c = 0; c < doc.clipCount() && c < before.clipCount(); ++c) {
        for (int s = 0; s < doc.socketCount(); ++s) {
            const int old = before.findSocket(doc.sockets().at(s).name);
            if (old < 0 || doc.sockets().at(s).name == except)
                continue;
            for (quint32 f = 0; f < doc.clip(c).frameCount; ++f) {
                const float *from = before.clip(c).socketRows.constData() + (qsizetype(f) * before.socketCount() + old) * 12;
                std::copy(from, from + 12, doc.clip(c).socketRows.begin() + (qsizetype(f) * doc.socketCount() + s) * 12);
            }
        }
    }
}

// Rotates one bone's global matrix by `degrees` about its own z axis in frames first..first+2
// (its origin stays), and recomputes the rows of the sockets on that bone there.
inline void rotateBone(bpat::BpatDocument &doc, int clip, int bone, quint32 first, float degrees, quint32 frames = 3)
{
    QMatrix4x4 turn;
    turn.rotate(degrees, 0.0f, 0.0f, 1.0f);
    for (quint32 f = first; f < first + frames; ++f) {
        const QMatrix4x4 g = doc.clip(clip).matrix(f, quint32(bone), doc.boneCount());
        doc.clip(clip).setMatrix(f, quint32(bone), doc.boneCount(), g * turn);
    }
    for (int s = 0; s < doc.socketCount(); ++s) {
        if (doc.sockets().at(s).anchorBone == quint32(bone))
            recomputeSocket(doc, clip, s, first, frames);
    }
}

// The five planted changes, on clips 1 (renamed), 2 (fps), 3 (bone 5 rotated in frames 4..6),
// the last clip (removed) and socket 0 (moved 5 cm up), when the document has sockets.
inline Planted plant(bpat::BpatDocument &doc)
{
    Planted p;
    bpat::DocumentEditor edit(doc);
    p.renamedFrom = doc.clip(1).name;
    p.renamedTo = p.renamedFrom + QStringLiteral("_renamed");
    edit.renameClip(1, p.renamedTo);
    p.fpsClip = doc.clip(2).name;
    p.oldFps = doc.clip(2).fps;
    p.newFps = p.oldFps + 6.0f;
    edit.setClipFps(2, p.newFps);
    p.rotatedClip = doc.clip(3).name;
    p.rotatedBone = 5;
    p.firstFrame = 4;
    rotateBone(doc, 3, p.rotatedBone, p.firstFrame, 2.0f);
    p.removedClip = doc.clip(doc.clipCount() - 1).name;
    edit.removeClip(doc.clipCount() - 1);
    if (doc.socketCount() > 0) {
        p.movedSocket = doc.sockets().at(0).name;
        p.oldOffset = doc.sockets().at(0).localOffset;
        p.newOffset = p.oldOffset + QVector3D(0.0f, 0.05f, 0.0f);
        const bpat::BpatDocument before = doc;
        edit.setSocketOffset(0, p.newOffset);
        keepOtherSocketRows(doc, before, p.movedSocket);
    }
    return p;
}

inline bool save(const bpat::BpatDocument &doc, const QString &path)
{
    QFile out(path);
    return out.open(QIODevice::WriteOnly) && out.write(bpat::BpatWriter(doc).toBytes()) >= 0;
}

inline bpat::BpatFile fileOf(const bpat::BpatDocument &doc, const QString &label)
{
    return bpat::BpatFile::fromData(bpat::BpatWriter(doc).toBytes(), label);
}

} // namespace difftest
