#include "OffscreenBenchmark.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QOpenGLExtraFunctions>
#include <QOpenGLFramebufferObject>
#include <algorithm>
#include <cstdio>

namespace bpat::studio {

OffscreenBenchmark::OffscreenBenchmark() = default;

OffscreenBenchmark::~OffscreenBenchmark()
{
    if (!m_gl)
        return;
    if (m_query)
        m_gl->glDeleteQueries(1, &m_query);
    m_fbo.reset();
    m_context.doneCurrent();
}

bool OffscreenBenchmark::begin(int width, int height, QString *error)
{
    QSurfaceFormat format;
    format.setVersion(3, 3);
    format.setProfile(QSurfaceFormat::CoreProfile);
    m_context.setFormat(format);
    if (!m_context.create()) {
        *error = QStringLiteral("cannot create an OpenGL 3.3 context on the \"%1\" platform (run under X or Xvfb)")
                     .arg(QGuiApplication::platformName());
        return false;
    }
    m_surface.setFormat(m_context.format());
    m_surface.create();
    if (!m_context.makeCurrent(&m_surface)) {
        *error = QStringLiteral("cannot make the OpenGL context current");
        return false;
    }
    if (m_context.format().version() < qMakePair(3, 3)) {
        *error = QStringLiteral("OpenGL %1.%2 is older than 3.3")
                     .arg(m_context.format().majorVersion())
                     .arg(m_context.format().minorVersion());
        m_context.doneCurrent();
        return false;
    }
    m_gl = m_context.extraFunctions();
    m_fbo = std::make_unique<QOpenGLFramebufferObject>(width, height, QOpenGLFramebufferObject::Depth);
    m_fbo->bind();
    m_gl->glViewport(0, 0, width, height);
    m_gl->glEnable(GL_DEPTH_TEST);
    // Timer queries: core since 3.3; the 64-bit result is a desktop GL call Qt's ES-shaped
    // functions do not have.
    m_queryResult = reinterpret_cast<void (*)(quint32, unsigned, quint64 *)>(m_context.getProcAddress("glGetQueryObjectui64v"));
    if (m_queryResult)
        m_gl->glGenQueries(1, &m_query);
    return true;
}

void OffscreenBenchmark::beginGpuTimer()
{
    if (gpuTimerSupported())
        m_gl->glBeginQuery(GL_TIME_ELAPSED, m_query);
}

void OffscreenBenchmark::endGpuTimer()
{
    if (gpuTimerSupported())
        m_gl->glEndQuery(GL_TIME_ELAPSED);
}

std::optional<double> OffscreenBenchmark::gpuMilliseconds()
{
    if (!gpuTimerSupported())
        return std::nullopt;
    quint64 nanoseconds = 0;
    m_queryResult(m_query, GL_QUERY_RESULT, &nanoseconds); // waits for the result
    return double(nanoseconds) / 1.0e6;
}

QString OffscreenBenchmark::rendererName() const
{
    return m_gl ? QString::fromLatin1(reinterpret_cast<const char *>(m_gl->glGetString(GL_RENDERER))) : QString();
}

void OffscreenBenchmark::clear()
{
    m_gl->glClearColor(0.16f, 0.17f, 0.19f, 1);
    m_gl->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

std::pair<double, double> OffscreenBenchmark::finish(const QElapsedTimer &timer)
{
    const double issued = timer.nsecsElapsed() / 1.0e6;
    m_gl->glFinish();
    return {issued, timer.nsecsElapsed() / 1.0e6};
}

double OffscreenBenchmark::median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 ? values.at(n / 2) : (values.at(n / 2 - 1) + values.at(n / 2)) / 2;
}

int OffscreenBenchmark::print(const char *name, const std::optional<QJsonObject> &result, const QString &error)
{
    if (!result) {
        std::fprintf(stderr, "%s: %s\n", name, qPrintable(error));
        return 1;
    }
    std::fputs(QJsonDocument(*result).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}

} // namespace bpat::studio
