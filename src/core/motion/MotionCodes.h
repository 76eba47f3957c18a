#pragma once
// The codes of the motion lint (the `motion` validation profile), with their severities and
// meanings; docs/validation.md ("Motion codes") mirrors this table (a test keeps them in step).
// A motion finding's location is the clip (name and index), the clip-local frame and the bone,
// so the window jumps to it.
#include "diagnostics/Diagnostic.h"

#include <QList>
#include <QString>

namespace bpat {

struct MotionCodeInfo
{
    QString code;
    QString severity; // for the docs: "warning", "warning; error when the whole body jumps"
    QString description;
};

namespace MotionCodes {

inline const QString MOTION_POP = QStringLiteral("MOTION_POP");
inline const QString LOOP_SEAM = QStringLiteral("LOOP_SEAM");
inline const QString BONE_STRETCH = QStringLiteral("BONE_STRETCH");
inline const QString FOOT_BELOW_GROUND = QStringLiteral("FOOT_BELOW_GROUND");
inline const QString CONTACT_MISMATCH = QStringLiteral("CONTACT_MISMATCH");
inline const QString MOTION_NOT_CHECKED = QStringLiteral("MOTION_NOT_CHECKED");

const QList<MotionCodeInfo> &all();

} // namespace MotionCodes

} // namespace bpat
