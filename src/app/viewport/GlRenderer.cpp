#include "GlRenderer.h"

#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>

namespace bpat::studio {

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

std::unique_ptr<QOpenGLShaderProgram> GlRenderer::buildProgram(const QString &label, const QString &vertexShader,
                                                               const QString &fragmentShader, const BeforeLink &beforeLink)
{
    auto program = std::make_unique<QOpenGLShaderProgram>();
    bool built = program->addCacheableShaderFromSourceFile(QOpenGLShader::Vertex, vertexShader)
        && program->addCacheableShaderFromSourceFile(QOpenGLShader::Fragment, fragmentShader);
    if (built && beforeLink)
        beforeLink(*program);
    if (built && program->link())
        return program;
    m_error = label + QStringLiteral(": ") + program->log();
    return nullptr;
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

} // namespace bpat::studio
