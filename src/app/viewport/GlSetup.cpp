#include "GlSetup.h"

#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>

QOpenGLExtraFunctions *GlSetup::currentFunctions(QString *error)
{
    QOpenGLContext *context = QOpenGLContext::currentContext();
    if (!context && error)
        *error = QStringLiteral("no current OpenGL context");
    return context ? context->extraFunctions() : nullptr;
}

std::unique_ptr<QOpenGLShaderProgram> GlSetup::buildProgram(const QString &label, const QString &vertexShader,
                                                            const QString &fragmentShader, QString *error,
                                                            const std::function<void(QOpenGLShaderProgram &)> &beforeLink)
{
    auto program = std::make_unique<QOpenGLShaderProgram>();
    bool built = program->addCacheableShaderFromSourceFile(QOpenGLShader::Vertex, vertexShader)
              && program->addCacheableShaderFromSourceFile(QOpenGLShader::Fragment, fragmentShader);
    if (built && beforeLink)
        beforeLink(*program);
    built = built && program->link();
    if (built)
        return program;
    if (error)
        *error = label + QStringLiteral(": ") + program->log();
    return nullptr;
}

void GlSetup::attribute(QOpenGLExtraFunctions *gl, GLuint index, GLint size, GLenum type, GLsizei stride,
                        std::size_t offset)
{
    const auto *at = reinterpret_cast<const void *>(offset);
    gl->glEnableVertexAttribArray(index);
    if (type == GL_FLOAT)
        gl->glVertexAttribPointer(index, size, type, GL_FALSE, stride, at);
    else
        gl->glVertexAttribIPointer(index, size, type, stride, at);
}
