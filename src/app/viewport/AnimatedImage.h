#pragma once
// Animated loops of rendered frames, encoded by Debian's well-kept libraries: WebP through
// libwebp's animation encoder (libwebpmux), GIF through giflib (one 256-colour palette for the
// whole loop, made by giflib's median cut from the middle frame). Both loop forever.
#include <QByteArray>
#include <QImage>
#include <QList>
#include <QString>

namespace bpat::studio {

class AnimatedImage
{
public:
    enum class Format {
        Webp,
        Gif
    };
    // The encoded file, or an empty array and *error. `frameMs` is each frame's duration.
    static QByteArray encode(Format format, const QList<QImage> &frames, int frameMs, QString *error);
    // One still picture as a lossy WebP (`quality` 0..100): the review page's filmstrips, a
    // tenth of their PNG size. Empty when libwebp fails.
    static QByteArray stillWebp(const QImage &image, int quality);

private:
    static QByteArray encodeWebp(const QList<QImage> &frames, int frameMs, QString *error);
    static QByteArray encodeGif(const QList<QImage> &frames, int frameMs, QString *error);
};

} // namespace bpat::studio
