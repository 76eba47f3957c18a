#include "PictureSupport.h"

#include "Filmstrip.h"
#include "io/AtomicFile.h"

#include <QBuffer>
#include <QImageWriter>
#include <cmath>

namespace bpat::cli {

std::optional<QSize> parseSize(const QString &text)
{
    const QStringList parts = text.toLower().split(QLatin1Char('x'));
    if (parts.size() != 2)
        return std::nullopt;
    bool okW = false, okH = false;
    const int w = parts.at(0).toInt(&okW), h = parts.at(1).toInt(&okH);
    if (!okW || !okH || w < 16 || h < 16 || w > 8192 || h > 8192)
        return std::nullopt;
    return QSize(w, h);
}

std::optional<QList<quint32>> parseFrames(const QString &text, quint32 frameCount, QString *error)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    QList<qint64> numbers;
    for (const QString &part : parts) {
        bool ok = false;
        const qint64 n = part.toLongLong(&ok);
        if (!ok || n < 0 || n > 0xFFFFFFFFLL) {
            *error = QStringLiteral("--frames expects N, A:B or A:B:STEP with non-negative integers, not \"%1\"").arg(text);
            return std::nullopt;
        }
        numbers.append(n);
    }
    if (numbers.isEmpty() || numbers.size() > 3) {
        *error = QStringLiteral("--frames expects N, A:B or A:B:STEP, not \"%1\"").arg(text);
        return std::nullopt;
    }
    const qint64 first = numbers.at(0);
    const qint64 last = numbers.size() > 1 ? std::min<qint64>(numbers.at(1), qint64(frameCount) - 1) : first;
    const qint64 step = numbers.size() > 2 ? numbers.at(2) : 1;
    if (step < 1) {
        *error = QStringLiteral("--frames: the step must be at least 1");
        return std::nullopt;
    }
    if (first >= frameCount) {
        *error =
            QStringLiteral("--frames starts at frame %1, past the clip's last frame %2").arg(first).arg(qint64(frameCount) - 1);
        return std::nullopt;
    }
    if (last < first) {
        *error = QStringLiteral("--frames %1 holds no frame").arg(text);
        return std::nullopt;
    }
    QList<quint32> frames;
    for (qint64 f = first; f <= last && frames.size() < 4096; f += step)
        frames.append(quint32(f));
    return frames;
}

std::optional<QList<quint32>> parsePhases(const QString &text, quint32 frameCount, QString *error)
{
    QList<quint32> frames;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double phase = part.trimmed().toDouble(&ok);
        if (!ok || !(phase >= 0.0 && phase <= 1.0)) {
            *error = QStringLiteral("--phases expects numbers in [0, 1] separated by commas, not \"%1\"").arg(part);
            return std::nullopt;
        }
        frames.append(std::min<quint32>(frameCount - 1, quint32(std::floor(phase * frameCount))));
        if (frames.size() > 4096)
            break;
    }
    if (frames.isEmpty()) {
        *error = QStringLiteral("--phases names no phase");
        return std::nullopt;
    }
    return frames;
}

QList<quint32> spreadFrames(quint32 frameCount, int count)
{
    QList<quint32> frames;
    if (frameCount == 0 || count < 1)
        return frames;
    const int n = int(std::min<quint32>(frameCount, quint32(count)));
    for (int i = 0; i < n; ++i)
        frames.append(quint32(quint64(i) * frameCount / quint32(n)));
    return frames;
}

QList<QImage> renderFrames(studio::ClipRenderer &renderer, int clip, const QList<quint32> &frames, QSize size,
                           studio::ClipRenderer::Camera camera, bool labels, QString *error)
{
    renderer.frame(camera, clip, frames, size);
    QList<QImage> images;
    for (const quint32 frame : frames) {
        QImage image = renderer.render(clip, frame, size, error);
        if (image.isNull())
            return {};
        if (labels)
            studio::Filmstrip::label(image, QString::number(frame));
        images.append(image);
    }
    return images;
}

QByteArray pngBytes(const QImage &image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.write(image);
    return bytes;
}

QString refuseOutput(const QString &out, const QStringList &inputs)
{
    QString error;
    if (AtomicFile::resolveTarget(out, &error).isEmpty())
        return error;
    for (const QString &input : inputs) {
        if (!input.isEmpty() && AtomicFile::sameFile(input, out))
            return QStringLiteral("%1 is an input: refusing to write over it").arg(out);
    }
    return QString();
}

} // namespace bpat::cli
