#include "BonePrepass.h"

#include "CreatureRenderer.h"
#include "PaletteTexture.h"

#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <algorithm>

namespace bpat::studio {

namespace {
const QString kPlayback = QStringLiteral(":/shaders/playback.glsl");
constexpr int kGroupSize = 64; // bones.comp's local_size_x
constexpr int kMaxGroups = 65535;
} // namespace

QString skinningPathName(SkinningPath path)
{
    switch (path) {
    case SkinningPath::Direct: return QStringLiteral("direct (per vertex)");
    case SkinningPath::Feedback: return QStringLiteral("pre-pass (transform feedback)");
    case SkinningPath::Compute: return QStringLiteral("pre-pass (compute)");
    }
    return QString();
}

QString skinningPathKey(SkinningPath path)
{
    switch (path) {
    case SkinningPath::Direct: return QStringLiteral("direct");
    case SkinningPath::Feedback: return QStringLiteral("feedback");
    case SkinningPath::Compute: return QStringLiteral("compute");
    }
    return QString();
}

std::optional<SkinningPath> skinningPathFromKey(const QString &key)
{
    for (SkinningPath path : {SkinningPath::Direct, SkinningPath::Feedback, SkinningPath::Compute}) {
        if (key == skinningPathKey(path))
            return path;
    }
    return std::nullopt;
}

BonePrepass::BonePrepass() = default;
BonePrepass::~BonePrepass() = default;

bool BonePrepass::initialize()
{
    using Shader = QOpenGLShader;
    const QStringList feedback{kPlayback, QStringLiteral(":/shaders/bones_feedback.vert")};
    const auto captureRows = [this](QOpenGLShaderProgram &program) {
        const char *varyings[] = {"bRow0", "bRow1", "bRow2"};
        m_gl->glTransformFeedbackVaryings(program.programId(), 3, varyings, GL_INTERLEAVED_ATTRIBS);
    };
    const auto captureWorld = [this](QOpenGLShaderProgram &program) {
        const char *varyings[] = {"vWorld"};
        m_gl->glTransformFeedbackVaryings(program.programId(), 1, varyings, GL_INTERLEAVED_ATTRIBS);
    };
    if (!initializeStages(QStringLiteral("bone pre-pass (transform feedback)"),
                          {{Shader::Vertex, composeShader("330 core", feedback)}}, captureRows))
        return false;
    const QByteArray fragment = composeShader("330 core", {QStringLiteral(":/shaders/skinned.frag")});
    const QStringList draw{QStringLiteral(":/shaders/skinned_bones.vert")};
    m_drawTexture = buildStages(QStringLiteral("skinning from the bone buffer"),
                                {{Shader::Vertex, composeShader("330 core", draw)}, {Shader::Fragment, fragment}}, captureWorld);
    if (!m_drawTexture) {
        destroy();
        return false;
    }
    GLint texels = 0;
    m_gl->glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &texels);
    m_maxBufferTexels = texels;
    m_gl->glGenBuffers(1, &m_buffer);
    m_gl->glGenTextures(1, &m_texture);
    m_gl->glGenVertexArrays(1, &m_feedbackVao);

    // Compute where the context is 4.3 or newer; optional: its absence leaves the feedback path.
    const QOpenGLContext *context = QOpenGLContext::currentContext();
    if (context && !context->isOpenGLES() && context->format().version() >= qMakePair(4, 3)) {
        const QString error = m_error;
        m_compute =
            buildStages(QStringLiteral("bone pre-pass (compute)"),
                        {{Shader::Compute, composeShader("430 core", {kPlayback, QStringLiteral(":/shaders/bones.comp")})}});
        GLint blockSize = 0, vertexBlocks = 0;
        m_gl->glGetIntegerv(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &blockSize);
        m_gl->glGetIntegerv(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, &vertexBlocks);
        m_maxStorageBytes = qint64(quint32(blockSize));
        if (m_compute && vertexBlocks > 0)
            m_drawStorage = buildStages(
                QStringLiteral("skinning from the bone buffer (storage)"),
                {{Shader::Vertex, composeShader("430 core", draw, {"BONES_SSBO"})}, {Shader::Fragment, fragment}}, captureWorld);
        m_vertexStorage = m_drawStorage != nullptr;
        m_error = error; // what did not build is a path less, not a failure
    }
    return true;
}

void BonePrepass::destroy()
{
    if (m_gl) {
        if (m_buffer)
            m_gl->glDeleteBuffers(1, &m_buffer);
        if (m_texture)
            m_gl->glDeleteTextures(1, &m_texture);
        if (m_feedbackVao)
            m_gl->glDeleteVertexArrays(1, &m_feedbackVao);
    }
    m_buffer = m_texture = m_feedbackVao = 0;
    m_bufferBytes = 0;
    m_compute.reset();
    m_drawStorage.reset();
    m_drawTexture.reset();
    m_program.reset();
    m_gl = nullptr;
}

bool BonePrepass::supports(SkinningPath path) const
{
    switch (path) {
    case SkinningPath::Direct: return true;
    case SkinningPath::Feedback: return m_program && m_drawTexture;
    case SkinningPath::Compute: return m_compute && (m_drawStorage || m_drawTexture);
    }
    return false;
}

SkinningPath BonePrepass::choose(std::optional<SkinningPath> wanted, qint64 instances, int bones, QString *why) const
{
    const qint64 bytes = std::max<qint64>(1, instances) * std::max(1, bones) * kBytesPerBone;
    auto fits = [&](SkinningPath path, QString *reason) {
        if (!supports(path)) {
            *reason = QStringLiteral("the OpenGL context has no %1")
                          .arg(path == SkinningPath::Compute ? QStringLiteral("compute shaders (4.3)")
                                                             : QStringLiteral("transform feedback"));
            return false;
        }
        if (path == SkinningPath::Direct)
            return true;
        const bool texture = path == SkinningPath::Feedback || !m_vertexStorage;
        if (bytes > kMaxBytes || (path == SkinningPath::Compute && bytes > m_maxStorageBytes)
            || (texture && bytes / 16 > m_maxBufferTexels)) {
            *reason = QStringLiteral("%1 bone matrices (%2 MiB) pass the context's buffer limits")
                          .arg(instances * bones)
                          .arg(bytes >> 20);
            return false;
        }
        return true;
    };
    const SkinningPath first = wanted.value_or(SkinningPath::Compute);
    QString reason, firstReason;
    for (int p = int(first); p >= 0; --p) {
        if (fits(SkinningPath(p), &reason)) {
            if (why)
                *why = p == int(first) ? QString() : firstReason;
            return SkinningPath(p);
        }
        if (firstReason.isEmpty())
            firstReason = reason;
    }
    return SkinningPath::Direct;
}

void BonePrepass::reserve(qint64 bytes)
{
    if (bytes <= m_bufferBytes)
        return;
    m_bufferBytes = std::max(bytes, m_bufferBytes + m_bufferBytes / 2); // grows geometrically
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    m_gl->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(m_bufferBytes), nullptr, GL_DYNAMIC_COPY);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    m_gl->glBindTexture(GL_TEXTURE_BUFFER, m_texture);
    m_gl->glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, m_buffer);
    m_gl->glBindTexture(GL_TEXTURE_BUFFER, 0);
}

void BonePrepass::begin(SkinningPath path, const Playback &playback, qint64 instances)
{
    m_path = path;
    m_bones = std::max(1, playback.bones);
    reserve(std::max<qint64>(1, instances) * m_bones * kBytesPerBone);
    QOpenGLShaderProgram *program = path == SkinningPath::Compute ? m_compute.get() : m_program.get();
    program->bind();
    if (playback.skinning && playback.bind) {
        playback.bind->bind(m_gl, 2);
        program->setUniformValue("uBind", 2);
    }
    playback.palette->bind(m_gl, 0);
    program->setUniformValue("uPalette", 0);
    program->setUniformValue("uSkinning", playback.skinning);
    program->setUniformValue("uBindSpace", playback.skinning && playback.bindSpace);
    program->setUniformValue("uRowsPerLayer", playback.palette->rowsPerLayer());
    program->setUniformValue("uTime", playback.time);
    program->setUniformValue("uInterpolate", playback.interpolate);
    if (path == SkinningPath::Compute) {
        program->setUniformValue("uBoneCount", m_bones);
        m_gl->glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, m_buffer);
    } else {
        m_gl->glEnable(GL_RASTERIZER_DISCARD);
        m_gl->glBindVertexArray(m_feedbackVao);
    }
}

void BonePrepass::pass(quint32 instanceBuffer, int count, int base)
{
    if (count <= 0)
        return;
    if (m_path == SkinningPath::Compute) {
        m_compute->setUniformValue("uInstanceCount", count);
        m_compute->setUniformValue("uBoneBase", base);
        m_gl->glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, instanceBuffer);
        const qint64 groups = (qint64(count) * m_bones + kGroupSize - 1) / kGroupSize;
        const GLuint x = GLuint(std::min<qint64>(groups, kMaxGroups));
        const GLuint y = GLuint((groups + x - 1) / x);
        const DriverCall timed;
        m_gl->glDispatchCompute(x, y, 1);
        return;
    }
    // The instance attributes of skinned.vert (5..7), from this buffer, one per instance.
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, instanceBuffer);
    creatureInstanceAttributes();
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    const qint64 bytesPerInstance = qint64(m_bones) * kBytesPerBone;
    m_gl->glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, m_buffer, GLintptr(base * bytesPerInstance),
                            GLsizeiptr(count * bytesPerInstance));
    m_gl->glBeginTransformFeedback(GL_POINTS);
    {
        const DriverCall timed;
        m_gl->glDrawArraysInstanced(GL_POINTS, 0, m_bones, count);
    }
    m_gl->glEndTransformFeedback();
    m_gl->glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
}

void BonePrepass::end()
{
    if (m_path == SkinningPath::Compute) {
        m_gl->glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
        const DriverCall timed; // a software driver may run the dispatches here
        m_gl->glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
        m_compute->release();
    } else {
        m_gl->glBindVertexArray(0);
        m_gl->glDisable(GL_RASTERIZER_DISCARD);
        m_program->release();
    }
    m_gl->glActiveTexture(GL_TEXTURE0);
}

QOpenGLShaderProgram *BonePrepass::drawProgram(SkinningPath path) const
{
    if (path == SkinningPath::Compute && m_vertexStorage)
        return m_drawStorage.get();
    return path == SkinningPath::Direct ? nullptr : m_drawTexture.get();
}

QOpenGLShaderProgram *BonePrepass::bindDraw(SkinningPath path, int bones)
{
    QOpenGLShaderProgram *program = drawProgram(path);
    if (!program)
        return nullptr;
    program->bind();
    program->setUniformValue("uBoneCount", bones);
    if (program == m_drawStorage.get()) {
        m_gl->glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, m_buffer);
    } else {
        m_gl->glActiveTexture(GL_TEXTURE3);
        m_gl->glBindTexture(GL_TEXTURE_BUFFER, m_texture);
        program->setUniformValue("uBones", 3);
        m_gl->glActiveTexture(GL_TEXTURE0);
    }
    return program;
}

} // namespace bpat::studio
