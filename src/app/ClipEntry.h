#pragma once
// One clip of whatever document the StudioContext has open (OpenDocument::clips()), as the
// Clips panel, timeline, status bar and viewport show it: a BPAT clip entry (its own fps and loop flag) or a BPSM clip entry (a
// minimal snapshot mesh stores neither: played at the game's 24 fps, looping, as every clip of
// the species that have snapshots, horse and elephant, does).
#include "bpat/BpatFile.h" // NameStatus

#include <QString>
#include <QtGlobal>

namespace bpat::studio {

struct ClipEntry
{
    int index = 0;
    QString name; // as decoded (may be empty or partial when unreadable)
    quint32 frameCount = 0;
    quint32 frameOffset = 0;
    float fps = 24.0f;
    bool loops = true;
    bool timingStored = true;               // false for BPSM: fps and loops above are the defaults
    NameStatus nameStatus = NameStatus::Ok; // why the name could not be read, if it could not
    quint64 entryOffset = 0;                // of the clip's table entry in the file
    quint8 loopsByte = 1;                   // as stored (BPAT: 1 loops, 0 one-shot, anything else is invalid)

    static constexpr float SnapshotFps = 24.0f;
};

} // namespace bpat::studio
