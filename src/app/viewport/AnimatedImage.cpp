#include "AnimatedImage.h"

#include <gif_lib.h>
#include <webp/decode.h> // WebPFree
#include <webp/encode.h>
#include <webp/mux.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace bpat::studio {

QByteArray AnimatedImage::encode(Format format, const QList<QImage> &frames, int frameMs, QString *error)
{
    if (frames.isEmpty() || frames.constFirst().isNull()) {
        *error = QStringLiteral("no frames to encode");
        return {};
    }
    for (const QImage &frame : frames) {
        if (frame.size() != frames.constFirst().size()) {
            *error = QStringLiteral("the frames differ in size");
            return {};
        }
    }
    frameMs = std::clamp(frameMs, 10, 60000);
    return format == Format::Webp ? encodeWebp(frames, frameMs, error) : encodeGif(frames, frameMs, error);
}

QByteArray AnimatedImage::encodeWebp(const QList<QImage> &frames, int frameMs, QString *error)
{
    const int width = frames.constFirst().width(), height = frames.constFirst().height();
    WebPAnimEncoderOptions options;
    WebPConfig config;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&config)) {
        *error = QStringLiteral("libwebp: version mismatch");
        return {};
    }
    options.anim_params.loop_count = 0; // forever
    config.quality = 85;
    const std::unique_ptr<WebPAnimEncoder, void (*)(WebPAnimEncoder *)> encoder(WebPAnimEncoderNew(width, height, &options),
                                                                                WebPAnimEncoderDelete);
    if (!encoder) {
        *error = QStringLiteral("libwebp: cannot start an animation of %1x%2").arg(width).arg(height);
        return {};
    }
    int timestamp = 0;
    for (const QImage &frame : frames) {
        const QImage rgba = frame.convertToFormat(QImage::Format_RGBA8888);
        WebPPicture picture;
        if (!WebPPictureInit(&picture)) {
            *error = QStringLiteral("libwebp: version mismatch");
            return {};
        }
        picture.use_argb = 1;
        picture.width = width;
        picture.height = height;
        const bool ok = WebPPictureImportRGBA(&picture, rgba.constBits(), int(rgba.bytesPerLine()))
            && WebPAnimEncoderAdd(encoder.get(), &picture, timestamp, &config);
        WebPPictureFree(&picture);
        if (!ok) {
            *error = QStringLiteral("libwebp: %1").arg(QString::fromUtf8(WebPAnimEncoderGetError(encoder.get())));
            return {};
        }
        timestamp += frameMs;
    }
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAdd(encoder.get(), nullptr, timestamp, nullptr) || !WebPAnimEncoderAssemble(encoder.get(), &data)) {
        *error = QStringLiteral("libwebp: %1").arg(QString::fromUtf8(WebPAnimEncoderGetError(encoder.get())));
        WebPDataClear(&data);
        return {};
    }
    QByteArray bytes(reinterpret_cast<const char *>(data.bytes), qsizetype(data.size));
    WebPDataClear(&data);
    return bytes;
}

QByteArray AnimatedImage::stillWebp(const QImage &image, int quality)
{
    if (image.isNull())
        return {};
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    uint8_t *output = nullptr;
    const size_t size = WebPEncodeRGB(rgb.constBits(), rgb.width(), rgb.height(), int(rgb.bytesPerLine()),
                                      float(std::clamp(quality, 0, 100)), &output);
    QByteArray bytes(reinterpret_cast<const char *>(output), qsizetype(size));
    WebPFree(output);
    return bytes;
}

namespace {

int appendToArray(GifFileType *gif, const GifByteType *data, int length)
{
    static_cast<QByteArray *>(gif->UserData)->append(reinterpret_cast<const char *>(data), length);
    return length;
}

} // namespace

QByteArray AnimatedImage::encodeGif(const QList<QImage> &frames, int frameMs, QString *error)
{
    const int width = frames.constFirst().width(), height = frames.constFirst().height();
    if (width > 65535 || height > 65535) {
        *error = QStringLiteral("GIF pictures are at most 65535 pixels wide and high");
        return {};
    }
    // One palette for the loop: giflib's median cut over the middle frame (the creature's
    // colours barely change from frame to frame; the background is the same throughout).
    const QImage sample = frames.at(frames.size() / 2).convertToFormat(QImage::Format_RGB32);
    const qsizetype pixels = qsizetype(width) * height;
    QByteArray red(pixels, 0), green(pixels, 0), blue(pixels, 0), indices(pixels, 0);
    for (int y = 0; y < height; ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(sample.constScanLine(y));
        for (int x = 0; x < width; ++x) {
            const qsizetype i = qsizetype(y) * width + x;
            red[i] = char(qRed(line[x]));
            green[i] = char(qGreen(line[x]));
            blue[i] = char(qBlue(line[x]));
        }
    }
    int colours = 256;
    GifColorType map[256] = {};
    if (GifQuantizeBuffer(unsigned(width), unsigned(height), &colours, reinterpret_cast<GifByteType *>(red.data()),
                          reinterpret_cast<GifByteType *>(green.data()), reinterpret_cast<GifByteType *>(blue.data()),
                          reinterpret_cast<GifByteType *>(indices.data()), map)
        == GIF_ERROR) {
        *error = QStringLiteral("giflib: cannot make a palette");
        return {};
    }
    QList<QRgb> table;
    for (int c = 0; c < 256; ++c)
        table.append(qRgb(map[c].Red, map[c].Green, map[c].Blue));

    QByteArray bytes;
    int status = 0;
    GifFileType *gif = EGifOpen(&bytes, appendToArray, &status);
    if (!gif) {
        *error = QStringLiteral("giflib: %1").arg(QString::fromUtf8(GifErrorString(status)));
        return {};
    }
    ColorMapObject *colourMap = GifMakeMapObject(256, map);
    EGifSetGifVersion(gif, true);
    bool ok = colourMap && EGifPutScreenDesc(gif, width, height, 8, 0, colourMap) != GIF_ERROR;
    GifFreeMapObject(colourMap);
    // The NETSCAPE2.0 application block: loop forever.
    const GifByteType netscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    const GifByteType loop[] = {1, 0, 0};
    ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR
        && EGifPutExtensionBlock(gif, sizeof netscape, netscape) != GIF_ERROR
        && EGifPutExtensionBlock(gif, sizeof loop, loop) != GIF_ERROR && EGifPutExtensionTrailer(gif) != GIF_ERROR;
    const int delay = std::clamp((frameMs + 5) / 10, 2, 65535); // hundredths of a second
    for (qsizetype f = 0; ok && f < frames.size(); ++f) {
        const QImage indexed = frames.at(f)
                                   .convertToFormat(QImage::Format_RGB32)
                                   .convertToFormat(QImage::Format_Indexed8, table, Qt::ThresholdDither);
        const GifByteType control[] = {0x04, GifByteType(delay & 0xff), GifByteType(delay >> 8), 0}; // keep the frame
        ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, sizeof control, control) != GIF_ERROR
            && EGifPutImageDesc(gif, 0, 0, width, height, false, nullptr) != GIF_ERROR;
        for (int y = 0; ok && y < height; ++y)
            ok = EGifPutLine(gif, const_cast<GifByteType *>(indexed.constScanLine(y)), width) != GIF_ERROR;
    }
    const int lastError = gif->Error;
    if (EGifCloseFile(gif, &status) == GIF_ERROR)
        ok = false;
    if (!ok) {
        *error = QStringLiteral("giflib: %1").arg(QString::fromUtf8(GifErrorString(lastError ? lastError : status)));
        return {};
    }
    return bytes;
}

} // namespace bpat::studio
