#include "GlRenderer.h"

#include "CreatureRenderer.h"

#include <QElapsedTimer>
#include <QFile>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>

namespace bpat::studio {

namespace {
thread_local qint64 t_driverNanoseconds = 0;
qint64 now()
{
    static const QElapsedTimer clock = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return clock.nsecsElapsed();
}

// The program whose stages were added (`built`: all of them compiled) once `beforeLink` ran and
// it linked; nullptr otherwise, with "<label>: <log>" in `error`.
std::unique_ptr<QOpenGLShaderProgram> linked(std::unique_ptr<QOpenGLShaderProgram> program, bool built, const QString &label,
                                             const std::function<void(QOpenGLShaderProgram &)> &beforeLink, QString &error)
{
    if (built && beforeLink)
        beforeLink(*program);
    if (built && program->link())
        return program;
    error = label + QStringLiteral(": ") + program->log();
    return nullptr;
}

} // namespace

qint64 GlRenderer::driverNanoseconds()
{
    return t_driverNanoseconds;
}

GlRenderer::DriverCall::DriverCall()
    : m_start(now())
{
}

GlRenderer::DriverCall::~DriverCall()
{
    t_driverNanoseconds += now() - m_start;
}

GlRenderer::GlRenderer() = default;
GlRenderer::~GlRenderer() = default;

bool GlRenderer::initializeProgram(const QString &label, const QString &vertexShader, const QString &fragmentShader,
                                   const BeforeLink &beforeLink)
{
    QOpenGLContext *context = QOpenGLContext::currentContext();
    if (!context) {
        m_error = QStringLiteral("no current OpenGL context");
        return false;
    }
    m_gl = context->extraFunctions();
    m_program = buildProgram(label, vertexShader, fragmentShader, beforeLink);
    return m_program != nullptr;
}

bool GlRenderer::initializeStages(const QString &label, const QList<Stage> &stages, const BeforeLink &beforeLink)
{
    QOpenGLContext *context = QOpenGLContext::currentContext();
    if (!context) {
        m_error = QStringLiteral("no current OpenGL context");
        return false;
    }
    m_gl = context->extraFunctions();
    m_program = buildStages(label, stages, beforeLink);
    return m_program != nullptr;
}

QByteArray GlRenderer::composeShader(const QByteArray &version, const QStringList &files, const QByteArrayList &defines)
{
    QByteArray source = "#version " + version + '\n';
    for (const QByteArray &define : defines)
        source += "#define " + define + '\n';
    for (qsizetype i = 0; i < files.size(); ++i) {
        QFile file(files.at(i));
        source += "#line 1 " + QByteArray::number(i) + '\n';
        if (file.open(QIODevice::ReadOnly)) {
            for (const QByteArray &line : file.readAll().split('\n'))
                source += (line.startsWith("#version") ? QByteArray() : line) + '\n'; // the composed version wins
        } else {
            source += "#error cannot read " + files.at(i).toUtf8() + '\n';
        }
    }
    return source;
}

std::unique_ptr<QOpenGLShaderProgram> GlRenderer::buildStages(const QString &label, const QList<Stage> &stages,
                                                              const BeforeLink &beforeLink)
{
    auto program = std::make_unique<QOpenGLShaderProgram>();
    bool built = true;
    for (const Stage &stage : stages)
        built = built && program->addCacheableShaderFromSourceCode(QOpenGLShader::ShaderType(stage.type), stage.source);
    return linked(std::move(program), built, label, beforeLink, m_error);
}

std::unique_ptr<QOpenGLShaderProgram> GlRenderer::buildProgram(const QString &label, const QString &vertexShader,
                                                               const QString &fragmentShader, const BeforeLink &beforeLink)
{
    auto program = std::make_unique<QOpenGLShaderProgram>();
    bool built = program->addCacheableShaderFromSourceFile(QOpenGLShader::Vertex, vertexShader)
        && program->addCacheableShaderFromSourceFile(QOpenGLShader::Fragment, fragmentShader);
    return linked(std::move(program), built, label, beforeLink, m_error);
}

void GlRenderer::attribute(unsigned index, int size, unsigned type, int stride, std::size_t offset)
{
    const auto *at = reinterpret_cast<const void *>(offset);
    m_gl->glEnableVertexAttribArray(index);
    if (type == GL_FLOAT)
        m_gl->glVertexAttribPointer(index, size, type, GL_FALSE, stride, at);
    else
        m_gl->glVertexAttribIPointer(index, size, type, stride, at);
}

void GlRenderer::creatureInstanceAttributes()
{
    const GLsizei stride = sizeof(CreatureInstance);
    attribute(5, 4, GL_FLOAT, stride, offsetof(CreatureInstance, x));
    attribute(6, 3, GL_FLOAT, stride, offsetof(CreatureInstance, frameCount));
    attribute(7, 2, GL_UNSIGNED_INT, stride, offsetof(CreatureInstance, frameOffset));
    for (GLuint a = 5; a <= 7; ++a)
        m_gl->glVertexAttribDivisor(a, 1);
}

} // namespace bpat::studio
