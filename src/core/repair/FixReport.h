#pragma once
// What a MotionFixer run did, per clip and in all: the repairs with what they touched and what
// they skipped, the change of each clip as object-space error (MotionChange), and the motion
// lint's counts before and after with any finding the repairs brought in. As text for people
// (`bpat fix`, the window) and JSON (`bpat fix --json`, bpat.fix()).
#include "diagnostics/Diagnostic.h"
#include "motionedit/MotionChange.h"
#include "repair/RepairContext.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace bpat {

struct ClipFixReport
{
    int clip = -1;
    QString name;
    QList<RepairOutcome> repairs; // in the order applied
    MotionChange change;          // the clip's whole change
    int socketRows = 0;
    int contactRecords = 0;
    QStringList notes;

    bool changed() const { return !change.isEmpty() || contactRecords > 0; }
};

struct FixReport
{
    bool ok = false;
    QString errorCode; // CLIP_NOT_FOUND, NON_FINITE, NOTHING_ASKED, NOT_WRITABLE, CANCELLED
    QString error;
    QList<ClipFixReport> clips;
    QMap<QString, int> before, after; // the lint's findings by code
    Diagnostics newFindings;          // after the fix, not there before
    Diagnostics remaining;            // after the fix, in the clips it changed
    double ground = 0.0;
    QString groundSource;

    bool changed() const;
    int clipsChanged() const;
    QJsonObject toJson(const QStringList &boneNames) const;
    QString toText(const QStringList &boneNames) const;
    // A finding's key for "the same finding" before and after: code, clip, bone (and a pop's frame).
    static QString findingKey(const Diagnostic &finding);
    // The lint's findings by code (before, after), the note that the motion was not checked left out.
    static QMap<QString, int> countByCode(const Diagnostics &findings);
};

} // namespace bpat
