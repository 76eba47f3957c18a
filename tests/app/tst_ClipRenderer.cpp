// Pictures without a window (viewport/ClipRenderer: bpat render, bpat report, the thumbnailer)
// match the window's viewport: the same file, clip, frame, camera and size drawn by the
// off-screen renderer and by the ViewportCanvas the window embeds differ per pixel by at most a
// small tolerance (rasterisation noise), outside the viewport's text at the top left. Also the
// framing (the creature fills the picture, over every frame asked for) and the filmstrip and
// loop encoders. Under Xvfb (llvmpipe), with the real late-v3 creatures of bpat_current.
#include "AnimatedImage.h"
#include "ClipRenderer.h"
#include "Filmstrip.h"
#include "TestPaths.h"
#include "ViewportPixels.h"
#include "bpat/BpatFile.h"
#include "viewport/ViewportWidget.h"

#include <QApplication>
#include <QBuffer>
#include <QImageReader>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

namespace {

const QString Dir = QStringLiteral("upstream_assets/bpat_current/");

struct PixelDifference
{
    int compared = 0;
    int beyond = 0; // pixels with a channel differing by more than the tolerance
    double meanAbsolute = 0;
};

PixelDifference compare(const QImage &a, const QImage &b, const QRect &skip, int tolerance)
{
    PixelDifference d;
    double sum = 0;
    for (int y = 0; y < std::min(a.height(), b.height()); ++y) {
        for (int x = 0; x < std::min(a.width(), b.width()); ++x) {
            if (skip.contains(x, y))
                continue;
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            const int diff =
                std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)), std::abs(qBlue(p) - qBlue(q))});
            sum += diff;
            ++d.compared;
            if (diff > tolerance)
                ++d.beyond;
        }
    }
    d.meanAbsolute = d.compared ? sum / d.compared : 0;
    return d;
}

// The bounding rectangle of the pixels that are not the background.
QRect foregroundRect(const QImage &image)
{
    QRect r;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            // The creature only: the grid's lines are grey, the bodies are coloured or bright.
            const int spread = std::max({c.red(), c.green(), c.blue()}) - std::min({c.red(), c.green(), c.blue()});
            if (spread > 25)
                r = r.united(QRect(x, y, 1, 1));
        }
    }
    return r;
}

} // namespace

class tst_ClipRenderer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void matchesTheViewport_data();
    void matchesTheViewport();
    void framesTheCreature();
    void filmstripAndLoops();

private:
    ClipRenderer m_renderer;
};

void tst_ClipRenderer::initTestCase()
{
    if (!ViewportWidget::openGLProblem().isEmpty())
        QSKIP("no OpenGL here (run under xvfb-run)");
    QString error;
    QVERIFY2(m_renderer.begin(&error), qPrintable(error));
    BPAT_REQUIRE_SHARED(Dir + u"horse.bpat"_qs);
}

void tst_ClipRenderer::matchesTheViewport_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("clip");
    QTest::addColumn<int>("frame");
    QTest::addColumn<int>("camera");
    QTest::addColumn<int>("body");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("samples");
    QTest::newRow("horse walk, body, three-quarter")
        << u"horse.bpat"_qs << u"walk"_qs << 5 << int(ClipRenderer::Camera::ThreeQuarter) << int(ClipRenderer::Body::Full)
        << QSize(480, 360) << 0;
    QTest::newRow("horse walk, body, three-quarter, multisampled")
        << u"horse.bpat"_qs << u"walk"_qs << 5 << int(ClipRenderer::Camera::ThreeQuarter) << int(ClipRenderer::Body::Full)
        << QSize(480, 360) << 4;
    QTest::newRow("humanoid, stand-in, side") << u"humanoid.bpat"_qs << u"1"_qs << 7 << int(ClipRenderer::Camera::Side)
                                              << int(ClipRenderer::Body::StandIn) << QSize(320, 400) << 0;
    QTest::newRow("wolf, minimal body, front") << u"wolf.bpat"_qs << u"0"_qs << 3 << int(ClipRenderer::Camera::Front)
                                               << int(ClipRenderer::Body::Minimal) << QSize(400, 300) << 0;
}

void tst_ClipRenderer::matchesTheViewport()
{
    QFETCH(QString, name);
    QFETCH(QString, clip);
    QFETCH(int, frame);
    QFETCH(int, camera);
    QFETCH(int, body);
    QFETCH(QSize, size);
    QFETCH(int, samples);
    BPAT_REQUIRE_SHARED(Dir + name);
    QString error;
    const auto file = BpatFile::open(testpaths::shared(Dir + name), &error);
    QVERIFY2(file, qPrintable(error));
    const int clipIndex = file->findClipByNameOrIndex(clip);
    QVERIFY(clipIndex >= 0);

    QVERIFY2(m_renderer.setFile(*file, &error), qPrintable(error));
    m_renderer.setBody(ClipRenderer::Body(body));
    m_renderer.setGrid(true);
    m_renderer.setSamples(samples);
    m_renderer.frame(ClipRenderer::Camera(camera), clipIndex, {quint32(frame)}, size);
    const QImage rendered = m_renderer.render(clipIndex, quint32(frame), size, &error);
    QVERIFY2(!rendered.isNull(), qPrintable(error));
    QCOMPARE(rendered.size(), size);

    // The viewport as the window embeds it, at the same size, clip, frame, body and camera,
    // with the grid as its only overlay.
    ViewportWidget viewport;
    viewport.setFixedSize(size);
    viewport.show();
    QVERIFY(QTest::qWaitForWindowExposed(&viewport));
    ViewportCanvas *canvas = viewport.canvas();
    QVERIFY(canvas);
    QCOMPARE(canvas->size(), size);
    viewport.setFile(*file);
    viewport.setBodyMode(body == int(ClipRenderer::Body::Full)          ? ViewportCanvas::BodyMode::Full
                             : body == int(ClipRenderer::Body::Minimal) ? ViewportCanvas::BodyMode::Minimal
                                                                        : ViewportCanvas::BodyMode::StandIn);
    viewport.setCurrentFrame(clipIndex, frame);
    viewport.setOverlays(ViewportCanvas::Grid);
    canvas->grabFramebuffer(); // the clip change's own framing runs here; the camera is set after
    canvas->camera() = m_renderer.camera();
    QCOMPARE(canvas->bodyStatus().section(QLatin1Char(' '), 0, 0), m_renderer.bodyStatus().section(QLatin1Char(' '), 0, 0));
    const QImage window = canvas->grabFramebuffer().convertToFormat(QImage::Format_RGB32);
    QCOMPARE(window.size(), size);

    // The viewport's text at the top left, and v3's ground-contact cross that its grid overlay
    // adds, are the window's own; the creature, its body and the grid must match. The window's
    // canvas gets no multisampling under Xvfb here (its 4 samples are asked for, not given), so
    // a render without them matches it but for the cross (well under 0.1% of the pixels);
    // with them (bpat render's default) the edges are smoothed: a few percent of the pixels,
    // all on edges, differ, and the mean difference stays under 3 levels.
    const double share = samples == 0 ? 0.002 : 0.03, mean = samples == 0 ? 0.5 : 3.0;
    const QRect text = canvas->hudRect().adjusted(-2, -2, 2, 2);
    const PixelDifference d = compare(rendered, window, text, 24);
    qInfo("%s: %d of %d pixels differ by more than 24 levels; mean difference %.3f levels", qPrintable(name), d.beyond,
          d.compared, d.meanAbsolute);
    if (d.beyond > d.compared * share) {
        rendered.save(QDir::temp().filePath(u"tst_ClipRenderer-rendered.png"_qs));
        window.save(QDir::temp().filePath(u"tst_ClipRenderer-window.png"_qs));
        QImage difference(size, QImage::Format_RGB32);
        for (int y = 0; y < size.height(); ++y)
            for (int x = 0; x < size.width(); ++x)
                difference.setPixel(x, y,
                                    text.contains(x, y)                                ? qRgb(0, 0, 80)
                                        : (rendered.pixel(x, y) != window.pixel(x, y)) ? qRgb(255, 255, 255)
                                                                                       : qRgb(0, 0, 0));
        difference.save(QDir::temp().filePath(u"tst_ClipRenderer-difference.png"_qs));
    }
    QVERIFY2(viewportpixels::foregroundPixels(rendered) > size.width() * size.height() / 20, "the creature is drawn");
    QVERIFY2(d.beyond <= d.compared * share, "few pixels differ beyond the tolerance (pictures in /tmp)");
    QVERIFY2(d.meanAbsolute < mean, "the mean difference is small");
    m_renderer.setSamples(4);
}

void tst_ClipRenderer::framesTheCreature()
{
    BPAT_REQUIRE_SHARED(Dir + u"sheep.bpat"_qs);
    QString error;
    const auto file = BpatFile::open(testpaths::shared(Dir + u"sheep.bpat"_qs), &error);
    QVERIFY2(file, qPrintable(error));
    QVERIFY2(m_renderer.setFile(*file, &error), qPrintable(error));
    m_renderer.setBody(ClipRenderer::Body::Full);
    m_renderer.setGrid(false);
    const QSize size(320, 240);
    const quint32 frames = m_renderer.clips().at(0).frameCount;
    m_renderer.frame(ClipRenderer::Camera::Side, 0, {}, size);
    for (const quint32 frame : {0u, frames / 2, frames - 1}) {
        const QImage picture = m_renderer.render(0, frame, size, &error);
        QVERIFY2(!picture.isNull(), qPrintable(error));
        const QRect creature = foregroundRect(picture);
        // Inside the picture with a margin, and filling a fair part of it.
        QVERIFY2(creature.left() > 0 && creature.top() > 0 && creature.right() < size.width() - 1
                     && creature.bottom() < size.height() - 1,
                 qPrintable(QStringLiteral("frame %1: creature at %2,%3 %4x%5")
                                .arg(frame)
                                .arg(creature.x())
                                .arg(creature.y())
                                .arg(creature.width())
                                .arg(creature.height())));
        QVERIFY(creature.width() > size.width() / 3 || creature.height() > size.height() / 3);
    }
    m_renderer.setGrid(true);
}

void tst_ClipRenderer::filmstripAndLoops()
{
    QImage a(64, 48, QImage::Format_RGB32), b(64, 48, QImage::Format_RGB32);
    a.fill(Qt::darkGreen);
    b.fill(Qt::darkBlue);
    const QImage strip = Filmstrip::compose({a, b, a}, {u"0"_qs, u"4"_qs, u"8"_qs});
    QCOMPARE(strip.size(), QSize(192, 48));
    QCOMPARE(strip.pixelColor(100, 10), QColor(Qt::darkBlue));
    QVERIFY(strip.pixelColor(66, 46) != QColor(Qt::darkBlue)); // the label's band
    QVERIFY(Filmstrip::compose({}, {}).isNull());

    QString error;
    for (const auto format : {AnimatedImage::Format::Webp, AnimatedImage::Format::Gif}) {
        const QByteArray bytes = AnimatedImage::encode(format, {a, b, a, b}, 40, &error);
        QVERIFY2(!bytes.isEmpty(), qPrintable(error));
        QVERIFY(bytes.startsWith(format == AnimatedImage::Format::Webp ? "RIFF" : "GIF89a"));
        QBuffer buffer;
        buffer.setData(bytes);
        QImageReader reader(&buffer);
        if (reader.canRead()) { // Qt's readers (the GIF one is built in; WebP where the plugin is)
            QCOMPARE(reader.size(), a.size());
            QCOMPARE(reader.imageCount(), 4);
        }
    }
    QVERIFY(AnimatedImage::encode(AnimatedImage::Format::Gif, {}, 40, &error).isEmpty());
    QVERIFY(!error.isEmpty());
}

int main(int argc, char **argv)
{
    ViewportWidget::setDefaultSurfaceFormat(); // as bpat-studio's main(): 4x multisampling
    QApplication app(argc, argv);
    tst_ClipRenderer test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_ClipRenderer.moc"
