#pragma once
// What the off-screen benchmarks (CrowdBenchmark, RecordingBenchmark) share: a current OpenGL
// 3.3 core context on an offscreen surface with a framebuffer object of the benchmark's size
// bound, a frame's clear and timing (issuing vs until glFinish), the median of the samples and
// how main() prints the result.
#include <QJsonObject>
#include <QList>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QString>
#include <memory>
#include <optional>
#include <utility>

class QElapsedTimer;
class QOpenGLExtraFunctions;
class QOpenGLFramebufferObject;

namespace bpat::studio {

class OffscreenBenchmark
{
public:
    OffscreenBenchmark();
    ~OffscreenBenchmark(); // releases the framebuffer and the context

    // Makes the context current and binds a width x height framebuffer with depth (depth test
    // on); false and *error when there is no OpenGL 3.3 (run under X or Xvfb).
    bool begin(int width, int height, QString *error);
    QOpenGLExtraFunctions *gl() const { return m_gl; }
    QString rendererName() const;

    // Clears colour and depth to the viewport's background.
    void clear();
    // Milliseconds since `timer` started, once the frame was issued and once it finished (glFinish).
    std::pair<double, double> finish(const QElapsedTimer &timer);

    // GPU time of what is issued between beginGpuTimer() and endGpuTimer() (a GL_TIME_ELAPSED
    // query, read after finish()); gpuTimerSupported() is false where the context cannot.
    bool gpuTimerSupported() const { return m_query != 0 && m_queryResult; }
    void beginGpuTimer();
    void endGpuTimer();
    std::optional<double> gpuMilliseconds(); // of the last begin/end pair

    static double median(QList<double> values);
    // For runFromArguments(): the result as JSON on stdout and 0, or "<name>: <error>" on
    // stderr and 1.
    static int print(const char *name, const std::optional<QJsonObject> &result, const QString &error);

private:
    QOpenGLContext m_context;
    QOffscreenSurface m_surface;
    QOpenGLExtraFunctions *m_gl = nullptr;
    std::unique_ptr<QOpenGLFramebufferObject> m_fbo;
    quint32 m_query = 0;
    void (*m_queryResult)(quint32, unsigned, quint64 *) = nullptr; // glGetQueryObjectui64v
};

} // namespace bpat::studio
