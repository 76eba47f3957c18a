#pragma once
// What the picture commands (bpat render, bpat report, bpat thumbnail) share: the renderer's
// start-up with a clear message where there is no OpenGL, the parsing of sizes and frame lists,
// the pictures of one clip (one camera framed over the frames drawn), and the write of encoded
// pictures through the one save path (io/AtomicFile) with the refusals every writer makes.
#include "ClipRenderer.h"

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QSize>
#include <QString>
#include <optional>

namespace bpat::cli {

// "640x480" -> QSize; nullopt when it is not two integers in 16..8192.
std::optional<QSize> parseSize(const QString &text);
// --frames "N", "A:B" or "A:B:STEP" (B inclusive, clamped to the clip's last frame) over a clip
// of `frameCount` frames; nullopt and *error when it does not parse or starts past the clip.
std::optional<QList<quint32>> parseFrames(const QString &text, quint32 frameCount, QString *error);
// --phases "0,0.25,0.5" (each in [0, 1]) as frames of the clip: floor(phase * frameCount),
// clamped into it.
std::optional<QList<quint32>> parsePhases(const QString &text, quint32 frameCount, QString *error);
// `count` frames spread evenly over a clip (its first, then every frameCount/count).
QList<quint32> spreadFrames(quint32 frameCount, int count);

// The pictures of `clip` at `frames`, one camera framed over all of them; each cell labelled
// with its frame number when `labels`. Empty and *error on failure.
QList<QImage> renderFrames(studio::ClipRenderer &renderer, int clip, const QList<quint32> &frames, QSize size,
                           studio::ClipRenderer::Camera camera, bool labels, QString *error);

// PNG bytes of an image.
QByteArray pngBytes(const QImage &image);
// Refuses an output before any work: a directory, a FIFO, a device, a dangling link
// (AtomicFile::resolveTarget) or one of the inputs; empty when it may be written (a read-only
// file without --force is refused by the save itself).
QString refuseOutput(const QString &out, const QStringList &inputs);

} // namespace bpat::cli
