#pragma once
// Motion paths, no OpenGL: where the origins of named bones, sockets or recorded joints go over
// time, as points with the current one marked, and the overlay lines that draw them (the path,
// a tick at every point, the current point larger and brighter).
// - A BPAT clip: one point per frame of the current clip, the translation of the bone's palette
//   matrix (or the socket's rows) in that global frame; the current frame is marked.
// - A recording: points every 1/kRecordingRate s over the window kRecordingWindow s either side
//   of the current time (the whole recording is a tangle), converted as the rebake recipes do.
// Names are bone names of the shown rig ("Hand_R", "bone 3"), socket names ("hand_r"), or
// recorded poses ("RightHand/IndexTip", "Camera").
#include "ViewportScene.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVector3D>

namespace bpat::studio {

class RecordingScene;

struct MotionPath
{
    QString name;
    QList<QVector3D> points;
    int current = -1;       // index of the current instant's point (-1: none)
    bool recording = false; // a recorded joint (else a bone or socket of the clip)
};

class MotionPaths
{
public:
    static constexpr double kRecordingRate = 30.0;  // points per second of a recording
    static constexpr double kRecordingWindow = 2.0; // seconds either side of the current time

    // Paths over a clip of the scene's palette; names the scene does not know go to *unknown.
    static QList<MotionPath> forClip(const ViewportScene &scene, int clip, quint32 currentGlobalFrame, const QStringList &names,
                                     QStringList *unknown = nullptr);
    // Paths of recorded poses around the recording's current time.
    static QList<MotionPath> forRecording(const RecordingScene &recording, const QStringList &names,
                                          QStringList *unknown = nullptr);
    // Lines: the path, a tick across it at every point of size `tick`, the current point as a
    // white star three times that size. Clip paths are magenta, recording paths cyan.
    static void appendLines(QList<LineVertex> &out, const QList<MotionPath> &paths, float tick);
};

} // namespace bpat::studio
