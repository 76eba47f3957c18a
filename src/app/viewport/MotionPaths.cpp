#include "MotionPaths.h"

#include "RecordingScene.h"

#include <algorithm>
#include <cmath>

namespace bpat::studio {

QList<MotionPath> MotionPaths::forClip(const ViewportScene &scene, int clip, quint32 currentGlobalFrame, const QStringList &names,
                                       QStringList *unknown)
{
    QList<MotionPath> paths;
    const PaletteSource &source = scene.source();
    if (scene.isEmpty() || clip < 0 || clip >= source.clips.size())
        return paths;
    const PaletteClip &c = source.clips.at(clip);
    for (const QString &name : names) {
        const int bone = scene.boneNames().indexOf(name);
        int socket = -1;
        for (int s = 0; bone < 0 && s < source.sockets.size(); ++s) {
            if (source.sockets.at(s).name == name)
                socket = s;
        }
        if (bone < 0 && socket < 0) {
            if (unknown)
                unknown->append(name);
            continue;
        }
        MotionPath path;
        path.name = name;
        // Never more than the palette holds: a malformed clip may claim far more frames.
        const quint32 held = c.frameOffset < source.frameTotal ? source.frameTotal - c.frameOffset : 0;
        path.points.reserve(qsizetype(std::min(c.frameCount, held)));
        for (quint32 f = 0; f < c.frameCount; ++f) {
            const quint32 global = c.frameOffset + f;
            if (bone >= 0) {
                const QList<float> m = source.frame(global);
                if (m.isEmpty())
                    break;
                path.points.append(QVector3D(m[bone * 16 + 3], m[bone * 16 + 7], m[bone * 16 + 11]));
            } else {
                const QList<float> rows = source.socketRows(global, socket);
                if (rows.size() != 12)
                    break;
                path.points.append(QVector3D(rows[3], rows[7], rows[11]));
            }
            if (global == currentGlobalFrame)
                path.current = int(f);
        }
        paths.append(path);
    }
    return paths;
}

QList<MotionPath> MotionPaths::forRecording(const RecordingScene &recording, const QStringList &names, QStringList *unknown)
{
    QList<MotionPath> paths;
    if (recording.isEmpty())
        return paths;
    const double now = recording.time();
    const double from = std::max(recording.startTime(), now - kRecordingWindow);
    const double to = std::min(recording.endTime(), now + kRecordingWindow);
    // Points on the grid of 1/kRecordingRate from `from`, plus one exactly at `now`.
    const int before = int(std::floor((now - from) * kRecordingRate + 1e-9));
    const int after = int(std::floor((to - now) * kRecordingRate + 1e-9));
    for (const QString &name : names) {
        if (!recording.position(name)) {
            if (unknown)
                unknown->append(name);
            continue;
        }
        MotionPath path;
        path.name = name;
        path.recording = true;
        path.points = recording.path(name, now - before / kRecordingRate, now + after / kRecordingRate, before + after + 1);
        path.current = before;
        paths.append(path);
    }
    return paths;
}

void MotionPaths::appendLines(QList<LineVertex> &out, const QList<MotionPath> &paths, float tick)
{
    for (const MotionPath &path : paths) {
        // Apart from the skeleton's yellow and the axes' red, green and blue.
        const QVector4D line = path.recording ? QVector4D(0.3f, 0.9f, 1.0f, 0.95f) : QVector4D(1.0f, 0.3f, 0.85f, 0.95f);
        const QVector4D ticks = path.recording ? QVector4D(0.7f, 0.97f, 1.0f, 0.85f) : QVector4D(1.0f, 0.75f, 0.95f, 0.85f);
        const QVector4D current(1.0f, 1.0f, 1.0f, 1.0f);
        const QList<QVector3D> &p = path.points;
        for (int i = 0; i < p.size(); ++i) {
            if (i + 1 < p.size())
                ViewportScene::appendLine(out, p.at(i), p.at(i + 1), line);
            // A tick across the path: perpendicular to its direction and to the vertical.
            QVector3D along = p.at(std::min<int>(i + 1, int(p.size()) - 1)) - p.at(std::max(i - 1, 0));
            QVector3D across = QVector3D::crossProduct(along, QVector3D(0, 1, 0));
            if (across.lengthSquared() < 1e-12f)
                across = QVector3D(1, 0, 0);
            across.normalize();
            const bool now = i == path.current;
            const float size = now ? tick * 3 : tick;
            ViewportScene::appendLine(out, p.at(i) - across * size, p.at(i) + across * size, now ? current : ticks);
            if (now) {
                ViewportScene::appendLine(out, p.at(i) - QVector3D(0, size, 0), p.at(i) + QVector3D(0, size, 0), current);
                const QVector3D third = QVector3D::crossProduct(across, QVector3D(0, 1, 0)).normalized();
                ViewportScene::appendLine(out, p.at(i) - third * size, p.at(i) + third * size, current);
            }
        }
    }
}

} // namespace bpat::studio
