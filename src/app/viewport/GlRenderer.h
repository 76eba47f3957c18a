#pragma once
// What every viewport renderer (CreatureRenderer, SnapshotRenderer, LineRenderer) is built on:
// the functions of the context it was initialized in, its shader program built from the
// resources in shaders/, the last error, and vertex attributes of interleaved records. Every
// call but the accessors needs that context current.
#include <QString>
#include <cstddef>
#include <functional>
#include <memory>

class QOpenGLExtraFunctions;
class QOpenGLShaderProgram;

namespace bpat::studio {

class GlRenderer
{
public:
    bool isInitialized() const { return m_program != nullptr; }
    const QString &error() const { return m_error; }

protected:
    GlRenderer();
    ~GlRenderer();

    using BeforeLink = std::function<void(QOpenGLShaderProgram &)>;
    // Takes the current context and builds the program of a vertex and a fragment shader
    // resource (":/shaders/..."); false and error() ("<label>: <log>", or no current context)
    // otherwise. `beforeLink` runs between adding the shaders and linking (transform feedback).
    bool initializeProgram(const QString &label, const QString &vertexShader, const QString &fragmentShader,
                           const BeforeLink &beforeLink = {});
    // A further program in the same context; nullptr and error() when it does not build.
    std::unique_ptr<QOpenGLShaderProgram> buildProgram(const QString &label, const QString &vertexShader,
                                                       const QString &fragmentShader, const BeforeLink &beforeLink = {});
    // Enables attribute `index` of the bound array buffer: `size` components of GL type `type`
    // at byte `offset` of every `stride`-byte record. Integer types stay integers
    // (glVertexAttribIPointer).
    void attribute(unsigned index, int size, unsigned type, int stride, std::size_t offset);

    QOpenGLExtraFunctions *m_gl = nullptr;
    std::unique_ptr<QOpenGLShaderProgram> m_program;
    QString m_error;
};

} // namespace bpat::studio
