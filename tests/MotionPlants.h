#pragma once
// Plants motion defects into a copy of a real BPAT file (tests of the motion lint, the gait
// report and the Analysis tab): moves bones' global origins by a translation at chosen frames,
// in every dialect. A translation t in front of a global G (T x G) adds t to the translation of
// a row-major global (floats 3, 7, 11) and, in late v3, to the skinning matrix's (floats 12..14),
// since T x G x inverse(B) = T x S.
#include "bpat/BpatFile.h"

#include <QByteArray>
#include <QVector3D>
#include <QtEndian>
#include <cstring>

namespace motionplants {

// Adds `t` to the origin of `bone` in clip-local `frame` of `clip`; false outside the file.
inline bool move(QByteArray &bytes, int clip, quint32 frame, int bone, const QVector3D &t)
{
    const bpat::BpatFile file = bpat::BpatFile::fromData(bytes);
    const std::optional<quint32> global = file.globalFrame(clip, frame);
    const std::optional<quint64> offset = global ? file.matrixOffset(*global, quint32(bone)) : std::nullopt;
    if (!offset || *offset + 64 > quint64(bytes.size()))
        return false;
    const bool late = file.storesSkinningMatrices();
    const int at[3] = {late ? 12 : 3, late ? 13 : 7, late ? 14 : 11};
    for (int i = 0; i < 3; ++i) {
        char *p = bytes.data() + *offset + quint64(at[i]) * 4;
        float v = qFromLittleEndian<float>(p);
        v += t[i];
        qToLittleEndian(v, p);
    }
    return true;
}

// Moves every bone of a frame (the whole body).
inline bool moveAll(QByteArray &bytes, int clip, quint32 frame, const QVector3D &t)
{
    const int bones = int(bpat::BpatFile::fromData(bytes).header().boneCount);
    for (int b = 0; b < bones; ++b) {
        if (!move(bytes, clip, frame, b, t))
            return false;
    }
    return true;
}

} // namespace motionplants
