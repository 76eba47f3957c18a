#pragma once
// What `bpat info BODY.bprm` and the Python module's bpat.BodyFile tell of a rigged body: the
// header, whether its sections lie in the file, the species and rig its name pairs it with
// (BodyFiles), and statistics of its bind-pose vertices (bounds, colour roles, influences per
// vertex, the highest weighted bone, whether any uv is set). One place for both, so the command's
// JSON and the module's `info` are the same object.
#include "bprm/BodyFiles.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QVector3D>
#include <cmath>
#include <optional>

namespace bpat {

class BprmFile;

struct BodyInfo
{
    bool inBounds = false; // index and vertex data inside the file
    BodyFiles::PairedRig rig;
    std::optional<quint32> species; // of the body's name (BodyFiles::speciesOfBody)
    QVector3D lo{INFINITY, INFINITY, INFINITY};
    QVector3D hi{-INFINITY, -INFINITY, -INFINITY};
    QMap<int, int> roles;      // colour role -> vertices
    QMap<int, int> influences; // weights other than 0 -> vertices
    int highestBone = -1;      // of weighted influences
    bool hasUv = false;

    bool hasBounds() const { return highestBone >= 0 && lo.x() <= hi.x(); }
    // The body at `path` (its name pairs it with a species and rig; `file` was opened from it).
    static BodyInfo of(const BprmFile &file, const QString &path);
    // The object `bpat info --json` prints (path as given, for people).
    QJsonObject toJson(const BprmFile &file, const QString &displayPath) const;
};

} // namespace bpat
