// bpat.render: `bpat render` for scripts, drawn by the same off-screen renderer (the viewport's
// own, bpatviewport's ClipRenderer), returned as a NumPy uint8 array of shape (height, width, 3):
// one frame, or the filmstrip of several in one row. Needs OpenGL: X or Xvfb (and no
// QT_QPA_PLATFORM=offscreen); the first call starts a QGuiApplication when the process has no Qt
// application yet, and every call must come from that thread (the main thread). Holds the GIL.
#include "PyBindings.h"

#include "ClipRenderer.h"
#include "Filmstrip.h"
#include "bpat/BpatFile.h"
#include "diff/ClipPairing.h"

#include <QGuiApplication>
#include <QThread>
#include <cstdlib>

namespace bpat::python {

namespace {

void ensureGuiApplication()
{
    if (auto *app = QCoreApplication::instance()) {
        if (!qobject_cast<QGuiApplication *>(app))
            raise(ErrorKind::Error, QStringLiteral("NO_OPENGL"),
                  QStringLiteral("render: this process runs a QCoreApplication; pictures need a QGuiApplication"));
        if (QThread::currentThread() != app->thread())
            raise(ErrorKind::Error, QStringLiteral("WRONG_THREAD"), QStringLiteral("render: call it from the main thread"));
        return;
    }
    const auto unset = [](const char *name) { return !std::getenv(name) || !*std::getenv(name); };
    if (unset("QT_QPA_PLATFORM") && unset("DISPLAY") && unset("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen"); // no display: the renderer says so instead of Qt aborting
    static int argc = 1;
    static char name[] = "bpat";
    static char *argv[] = {name, nullptr};
    new QGuiApplication(argc, argv); // lives as long as the process
}

studio::ClipRenderer &renderer()
{
    static studio::ClipRenderer *shared = nullptr;
    if (!shared)
        shared = new studio::ClipRenderer; // kept: its context and shaders serve every call
    QString error;
    if (!shared->begin(&error))
        raise(ErrorKind::Error, QStringLiteral("NO_OPENGL"), QStringLiteral("render: ") + error);
    return *shared;
}

py::array render(const py::handle &pathArg, const py::object &clipArg, const py::object &framesArg, const py::object &sizeArg,
                 const std::string &camera, const std::string &body, const py::object &compareArg, bool grid)
{
    const QString path = pathArgument(pathArg);
    const auto view = studio::ClipRenderer::cameraFromName(QString::fromStdString(camera));
    const auto mode = studio::ClipRenderer::bodyFromName(QString::fromStdString(body));
    if (!view || !mode)
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"),
              QStringLiteral("render: camera is front, side, three-quarter or top; body is full, minimal or stand-in"));
    const auto size = sizeArg.cast<std::pair<int, int>>();
    if (size.first < 16 || size.second < 16 || size.first > 8192 || size.second > 8192)
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("render: size is (width, height), 16 to 8192"));
    ensureGuiApplication();
    studio::ClipRenderer &r = renderer();
    QString error;
    const auto file = BpatFile::open(path, &error);
    if (!file)
        raise(ErrorKind::File, QStringLiteral("IO_ERROR"), error, path);
    if (!file->hasMagic())
        raise(ErrorKind::Refused, QStringLiteral("BAD_MAGIC"), QStringLiteral("render: not a BPAT file"), path);
    int clip = 0;
    if (!clipArg.is_none()) {
        clip = py::isinstance<py::int_>(clipArg) ? clipArg.cast<int>() : file->findClip(py::str(clipArg).cast<QString>());
        if (clip < 0 || clip >= file->clips().size())
            raise(ErrorKind::NotFound, QStringLiteral("CLIP_NOT_FOUND"), QStringLiteral("render: no such clip"), path);
    }
    if (!r.setFile(*file, &error))
        raise(ErrorKind::Refused, QStringLiteral("NOT_DRAWABLE"), error, path);
    if (clip >= r.clips().size())
        raise(ErrorKind::Refused, QStringLiteral("NOT_DRAWABLE"), QStringLiteral("render: the clip lies outside the palette"),
              path);
    r.setBody(*mode);
    r.setGrid(grid);
    if (!compareArg.is_none()) {
        const QString otherPath = pathArgument(compareArg);
        const auto other = BpatFile::open(otherPath, &error);
        if (!other)
            raise(ErrorKind::File, QStringLiteral("IO_ERROR"), error, otherPath);
        const auto ghost = studio::CompareGhost::build(*file, *other, diff::ClipPairing::pair(*file, *other, 1e-4), &error);
        if (!ghost)
            raise(ErrorKind::Refused, QStringLiteral("NOT_COMPARABLE"), error, otherPath);
        r.setCompareGhost(ghost);
    }
    const quint32 count = r.clips().at(clip).frameCount;
    QList<quint32> frames;
    if (framesArg.is_none()) {
        frames = {0};
    } else if (py::isinstance<py::int_>(framesArg)) {
        frames = {framesArg.cast<quint32>()};
    } else {
        for (const py::handle &f : framesArg)
            frames.append(f.cast<quint32>());
    }
    if (frames.isEmpty() || frames.size() > 4096)
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("render: 1 to 4096 frames"));
    for (const quint32 f : frames) {
        if (f >= count)
            raise(ErrorKind::NotFound, QStringLiteral("FRAME_NOT_FOUND"),
                  QStringLiteral("render: frame %1 is past the clip's last frame %2").arg(f).arg(count - 1), path);
    }
    const QSize cell(size.first, size.second);
    r.frame(*view, clip, frames, cell);
    QList<QImage> cells;
    for (const quint32 f : frames) {
        QImage image = r.render(clip, f, cell, &error);
        if (image.isNull())
            raise(ErrorKind::Error, QStringLiteral("RENDER_FAILED"), error, path);
        if (frames.size() > 1)
            studio::Filmstrip::label(image, QString::number(f));
        cells.append(image);
    }
    const QImage picture =
        (cells.size() == 1 ? cells.constFirst() : studio::Filmstrip::compose(cells, {})).convertToFormat(QImage::Format_RGB888);
    if (picture.isNull())
        raise(ErrorKind::Usage, QStringLiteral("BAD_ARGUMENT"), QStringLiteral("render: the filmstrip would be too wide"));
    py::array_t<quint8> array({picture.height(), picture.width(), 3});
    auto out = array.mutable_unchecked<3>();
    for (int y = 0; y < picture.height(); ++y) {
        const uchar *line = picture.constScanLine(y);
        std::memcpy(out.mutable_data(y, 0, 0), line, size_t(picture.width()) * 3);
    }
    return array;
}

} // namespace

void bindRender(py::module_ &m)
{
    m.def("render", &render, py::arg("path"), py::arg("clip") = py::none(), py::arg("frames") = py::none(),
          py::arg("size") = std::make_pair(480, 360), py::arg("camera") = "three-quarter", py::arg("body") = "full",
          py::arg("compare") = py::none(), py::arg("grid") = true,
          "A picture of a clip drawn by the viewport's renderer off-screen (needs X or Xvfb): a uint8 array "
          "(height, width, 3) of one frame, or a filmstrip of several (frames=[0, 6, 12]).");
}

} // namespace bpat::python
