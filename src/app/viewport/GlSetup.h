#pragma once
// The steps every viewport renderer (CreatureRenderer, SnapshotRenderer, LineRenderer) takes to
// set itself up on the current OpenGL context, written once: the context's functions, a shader
// program built from the resources in shaders/, and vertex attributes of interleaved records.
#include <QOpenGLFunctions>
#include <QString>
#include <cstddef>
#include <functional>
#include <memory>

class QOpenGLExtraFunctions;
class QOpenGLShaderProgram;

class GlSetup
{
public:
    // The current context's functions; nullptr and *error (when given) without a current context.
    static QOpenGLExtraFunctions *currentFunctions(QString *error);
    // The program of a vertex and a fragment shader resource (":/shaders/..."), linked; nullptr
    // and *error = "<label>: <log>" when it does not build. `beforeLink` runs between adding the
    // shaders and linking (transform feedback varyings).
    static std::unique_ptr<QOpenGLShaderProgram>
    buildProgram(const QString &label, const QString &vertexShader, const QString &fragmentShader, QString *error,
                 const std::function<void(QOpenGLShaderProgram &)> &beforeLink = {});
    // Enables attribute `index` of the bound array buffer: `size` components of `type` at byte
    // `offset` of every `stride`-byte record. Integer types stay integers (glVertexAttribIPointer).
    static void attribute(QOpenGLExtraFunctions *gl, GLuint index, GLint size, GLenum type, GLsizei stride,
                          std::size_t offset);
};
