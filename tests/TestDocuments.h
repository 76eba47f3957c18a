#pragma once
// Small, valid BPAT documents for tests: crafted files start from these, are written with
// BpatWriter, then have bytes corrupted on purpose.
#include "bpat/BpatDocument.h"
#include "bpat/BpatWriter.h"

#include <QByteArray>
#include <QtEndian>
#include <cmath>
#include <cstring>

namespace testdocs {

// A row-major rigid transform: rotation about Z by `angle`, then translation (tx, ty, tz).
inline void putMatrix(float *out, float angle, float tx, float ty, float tz)
{
    const float c = std::cos(angle), s = std::sin(angle);
    const float m[16] = {c, -s, 0, tx, s, c, 0, ty, 0, 0, 1, tz, 0, 0, 0, 1};
    std::memcpy(out, m, sizeof m);
}

inline bpat::BpatClip makeClip(const QString &name, quint32 frames, quint32 bones, float fps, bool loops, float phase = 0.0f)
{
    bpat::BpatClip clip;
    clip.name = name;
    clip.fps = fps;
    clip.loops = loops;
    clip.frameCount = frames;
    clip.palette.resize(qsizetype(frames) * bones * 16);
    for (quint32 f = 0; f < frames; ++f) {
        for (quint32 b = 0; b < bones; ++b)
            putMatrix(clip.palette.data() + bpat::BpatClip::matrixIndex(f, b, bones), phase + 0.1f * float(f) + 0.05f * float(b),
                      0.1f * float(b), 0.25f * float(b) + 0.01f * float(f), 0.5f);
    }
    return clip;
}

// species humanoid (0), 3 bones, clips "idle" (4 frames, loops, 24 fps) and "jab" (2 frames,
// one-shot, 30 fps), sockets "hand" (bone 2, offset 0/0.1/0) and "head" (bone 1, no offset).
inline bpat::BpatDocument smallDocument(bool withSockets = true)
{
    bpat::BpatDocument doc(0, 3);
    doc.addClip(makeClip(QStringLiteral("idle"), 4, 3, 24.0f, true));
    doc.addClip(makeClip(QStringLiteral("jab"), 2, 3, 30.0f, false, 0.7f));
    if (withSockets) {
        doc.addSocket({QStringLiteral("hand"), 2, QVector3D(0.0f, 0.1f, 0.0f)});
        doc.addSocket({QStringLiteral("head"), 1, QVector3D()});
    }
    return doc;
}

inline QByteArray smallFileBytes(bool withSockets = true)
{
    return bpat::BpatWriter(smallDocument(withSockets)).toBytes();
}

// smallDocument() in a later version: v2 gets markers on "jab"; v3 adds one contact record per
// frame; late v3 also a bind palette (the first frame of "idle") and parents (root, 0, 1).
inline bpat::BpatDocument smallVersionedDocument(bpat::format::Dialect dialect, bool withSockets = true)
{
    bpat::BpatDocument doc = smallDocument(withSockets);
    doc.setDialect(dialect);
    if (dialect == bpat::format::Dialect::V1)
        return doc;
    doc.clip(1).markers = {0.1f, 0.4f, 0.5f, 0.7f, 0.9f};
    if (!bpat::format::isV3(dialect))
        return doc;
    for (int c = 0; c < doc.clipCount(); ++c) {
        bpat::BpatClip &clip = doc.clip(c);
        for (quint32 f = 0; f < clip.frameCount; ++f)
            clip.contacts << 0.01f * float(f) << 0.02f * float(f) + 0.5f;
    }
    if (dialect == bpat::format::Dialect::V3Late) {
        QList<QMatrix4x4> bind;
        for (quint32 b = 0; b < doc.boneCount(); ++b)
            bind.append(doc.clip(0).matrix(0, b, doc.boneCount()));
        doc.setBindMatrices(bind);
        doc.setBoneParents({0xFF, 0, 1});
    }
    return doc;
}

inline QByteArray smallVersionedBytes(bpat::format::Dialect dialect, bool withSockets = true)
{
    return bpat::BpatWriter(smallVersionedDocument(dialect, withSockets)).toBytes();
}

// Byte patching helpers for corrupting crafted files.
inline void setU32(QByteArray &bytes, qsizetype offset, quint32 value)
{
    qToLittleEndian(value, bytes.data() + offset);
}
inline void setU64(QByteArray &bytes, qsizetype offset, quint64 value)
{
    qToLittleEndian(value, bytes.data() + offset);
}
inline void setF32(QByteArray &bytes, qsizetype offset, float value)
{
    quint32 bits;
    std::memcpy(&bits, &value, 4);
    setU32(bytes, offset, bits);
}

} // namespace testdocs
