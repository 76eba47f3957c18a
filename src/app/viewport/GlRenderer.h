#pragma once
// What every viewport renderer (CreatureRenderer, BonePrepass, SnapshotRenderer, LineRenderer)
// is built on: the functions of the context it was initialized in, its shader program built from
// the resources in shaders/, the last error, and vertex attributes of interleaved records. Every
// call but the accessors needs that context current.
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
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

    // Shaders made of several resource files (GLSL has no #include): `#version <version>`,
    // a `#define` per entry of `defines`, then each file's text in order (a `#line 1 <n>` before
    // the n-th, so compiler messages name the line in that file); a #version line of a file is
    // left out (the composed one wins).
    static QByteArray composeShader(const QByteArray &version, const QStringList &files, const QByteArrayList &defines = {});
    struct Stage
    {
        int type = 0; // a QOpenGLShader::ShaderTypeBit
        QByteArray source;
    };

    // Time spent inside the draw and dispatch calls of this thread's renderers, in nanoseconds,
    // since the program started: where a software rasteriser (llvmpipe) shades vertices inside
    // the call, the benchmark subtracts it from the time to issue a frame to get the
    // application's own CPU work (on a GPU the calls return at once).
    static qint64 driverNanoseconds();
    // Counts the time from construction to destruction into driverNanoseconds().
    class DriverCall
    {
    public:
        DriverCall();
        ~DriverCall();
        DriverCall(const DriverCall &) = delete;
        DriverCall &operator=(const DriverCall &) = delete;

    private:
        qint64 m_start;
    };

protected:
    GlRenderer();
    ~GlRenderer();

    using BeforeLink = std::function<void(QOpenGLShaderProgram &)>;
    // Takes the current context and builds the program of a vertex and a fragment shader
    // resource (":/shaders/..."); false and error() ("<label>: <log>", or no current context)
    // otherwise. `beforeLink` runs between adding the shaders and linking (transform feedback).
    bool initializeProgram(const QString &label, const QString &vertexShader, const QString &fragmentShader,
                           const BeforeLink &beforeLink = {});
    // The same for composed stages (buildStages).
    bool initializeStages(const QString &label, const QList<Stage> &stages, const BeforeLink &beforeLink = {});
    // A further program in the same context; nullptr and error() when it does not build.
    std::unique_ptr<QOpenGLShaderProgram> buildProgram(const QString &label, const QString &vertexShader,
                                                       const QString &fragmentShader, const BeforeLink &beforeLink = {});
    // A program of composed stages (a vertex shader alone for transform feedback, a compute
    // shader); nullptr and error() when it does not build.
    std::unique_ptr<QOpenGLShaderProgram> buildStages(const QString &label, const QList<Stage> &stages,
                                                      const BeforeLink &beforeLink = {});
    // Enables attribute `index` of the bound array buffer: `size` components of GL type `type`
    // at byte `offset` of every `stride`-byte record. Integer types stay integers
    // (glVertexAttribIPointer).
    void attribute(unsigned index, int size, unsigned type, int stride, std::size_t offset);
    // The per-instance attributes 5..7 of skinned.vert (placement, playback, frame offset and
    // loops) from the bound array buffer of CreatureInstance records (CreatureRenderer.h), one
    // record per instance.
    void creatureInstanceAttributes();

    QOpenGLExtraFunctions *m_gl = nullptr;
    std::unique_ptr<QOpenGLShaderProgram> m_program;
    QString m_error;
};

} // namespace bpat::studio
