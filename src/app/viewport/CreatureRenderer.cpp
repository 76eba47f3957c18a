#include "CreatureRenderer.h"

#include "PaletteSource.h"
#include "mesh/RigDescription.h"

#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <QVector4D>
#include <cstddef>

namespace bpat::studio {

CreatureInstance CreatureInstance::atFrame(quint32 frameOffset, quint32 frameCount, quint32 frame, bool loops)
{
    CreatureInstance instance;
    instance.frameOffset = frameOffset;
    instance.frameCount = float(std::max(1u, frameCount));
    instance.phase = float(frame) / instance.frameCount;
    instance.loops = loops ? 1 : 0;
    return instance;
}

CreatureRenderer::CreatureRenderer()
    : m_roleColors(bpat::RigDescription::defaultRoleColors())
{
}
CreatureRenderer::~CreatureRenderer() = default;

bool CreatureRenderer::initialize()
{
    const auto captureWorldPositions = [this](QOpenGLShaderProgram &program) {
        const char *varyings[] = {"vWorld"};
        m_gl->glTransformFeedbackVaryings(program.programId(), 1, varyings, GL_INTERLEAVED_ATTRIBS);
    };
    if (!initializeProgram(QStringLiteral("skinning shader"), QStringLiteral(":/shaders/skinned.vert"),
                           QStringLiteral(":/shaders/skinned.frag"), captureWorldPositions))
        return false;
    m_socketProgram = buildProgram(QStringLiteral("socket shader"), QStringLiteral(":/shaders/sockets.vert"),
                                   QStringLiteral(":/shaders/lines.frag"));
    if (!m_socketProgram) {
        m_program.reset();
        return false;
    }
    m_gl->glGenVertexArrays(1, &m_emptyVao);
    for (MeshBuffers &slot : m_slots) {
        m_gl->glGenVertexArrays(1, &slot.vao);
        m_gl->glGenBuffers(1, &slot.vertexBuffer);
        m_gl->glGenBuffers(1, &slot.indexBuffer);
        m_gl->glGenBuffers(1, &slot.instanceBuffer);
        setupVertexArray(slot);
    }
    return true;
}

void CreatureRenderer::setupVertexArray(MeshBuffers &slot)
{
    using bpat::CreatureVertex;
    m_gl->glBindVertexArray(slot.vao);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, slot.vertexBuffer);
    const GLsizei stride = sizeof(CreatureVertex);
    attribute(0, 3, GL_FLOAT, stride, offsetof(CreatureVertex, position));
    attribute(1, 3, GL_FLOAT, stride, offsetof(CreatureVertex, normal));
    attribute(2, 4, GL_UNSIGNED_BYTE, stride, offsetof(CreatureVertex, bones));
    attribute(3, 4, GL_FLOAT, stride, offsetof(CreatureVertex, weights));
    attribute(4, 1, GL_UNSIGNED_BYTE, stride, offsetof(CreatureVertex, colorRole));

    m_gl->glBindBuffer(GL_ARRAY_BUFFER, slot.instanceBuffer);
    const GLsizei istride = sizeof(CreatureInstance);
    attribute(5, 4, GL_FLOAT, istride, offsetof(CreatureInstance, x));
    attribute(6, 3, GL_FLOAT, istride, offsetof(CreatureInstance, frameCount));
    attribute(7, 2, GL_UNSIGNED_INT, istride, offsetof(CreatureInstance, frameOffset));
    for (GLuint a = 5; a <= 7; ++a)
        m_gl->glVertexAttribDivisor(a, 1);
    m_gl->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, slot.indexBuffer);
    m_gl->glBindVertexArray(0);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void CreatureRenderer::destroy()
{
    if (!m_gl)
        return;
    m_palette.destroy(m_gl);
    m_bind.destroy(m_gl);
    m_sockets.destroy(m_gl);
    if (m_emptyVao)
        m_gl->glDeleteVertexArrays(1, &m_emptyVao);
    m_emptyVao = 0;
    for (MeshBuffers &slot : m_slots) {
        if (slot.vao)
            m_gl->glDeleteVertexArrays(1, &slot.vao);
        for (GLuint *buffer : {&slot.vertexBuffer, &slot.indexBuffer, &slot.instanceBuffer}) {
            if (*buffer)
                m_gl->glDeleteBuffers(1, buffer);
        }
        const QList<CreatureInstance> instances = slot.instances; // what was drawn stays readable
        slot = MeshBuffers{};
        slot.instances = instances;
    }
    m_program.reset();
    m_socketProgram.reset();
    m_gl = nullptr;
}

bool CreatureRenderer::setSource(const PaletteSource &source, int maxRowsPerLayer)
{
    m_sockets.destroy(m_gl);
    m_socketCount = 0;
    if (!m_gl || !source.isValid()) {
        m_palette.destroy(m_gl);
        m_error = QStringLiteral("no palette to show");
        return false;
    }
    if (!m_palette.upload(m_gl, source.palette, source.boneCount * 4, source.frameTotal, maxRowsPerLayer)) {
        m_error = QStringLiteral("palette texture: ") + m_palette.error();
        return false;
    }
    m_bind.destroy(m_gl);
    m_skinning = source.skinning;
    if (m_skinning) {
        // Without a bind palette, global = skin: identity bind matrices (at most 64, 4 KiB).
        QList<float> identity;
        if (!source.bindPalette) {
            identity.resize(qsizetype(source.boneCount) * 16, 0.0f);
            for (qsizetype m = 0; m < identity.size(); m += 16) {
                for (int d = 0; d < 4; ++d)
                    identity[m + 5 * d] = 1.0f;
            }
        }
        const uchar *bind = source.bindPalette ? source.bindPalette : reinterpret_cast<const uchar *>(identity.constData());
        if (!m_bind.upload(m_gl, bind, source.boneCount * 4, 1)) {
            m_error = QStringLiteral("bind palette texture: ") + m_bind.error();
            return false;
        }
    }
    setSockets(source, maxRowsPerLayer);
    return true;
}

void CreatureRenderer::setSockets(const PaletteSource &source, int maxRowsPerLayer)
{
    m_sockets.destroy(m_gl);
    m_socketCount = 0;
    // Sockets are an extra: a file whose socket rows do not fit still shows its creature.
    if (m_gl && source.socketData && source.socketCount > 0
        && m_sockets.upload(m_gl, source.socketData, source.socketCount * 3, source.frameTotal, maxRowsPerLayer))
        m_socketCount = source.socketCount;
}

void CreatureRenderer::setMesh(const bpat::CreatureMesh &mesh)
{
    setMeshBytes(Slot::Near, reinterpret_cast<const uchar *>(mesh.vertices().constData()), mesh.vertexCount(),
                 reinterpret_cast<const uchar *>(mesh.indices().constData()), int(mesh.indices().size()));
    setMeshBytes(Slot::Far, nullptr, 0, nullptr, 0);
}

void CreatureRenderer::setMeshBytes(Slot which, const uchar *vertices, int vertexCount, const uchar *indices, int indexCount)
{
    MeshBuffers &slot = m_slots[int(which)];
    if (!m_gl)
        return;
    if (!vertices || !indices || vertexCount <= 0)
        vertexCount = indexCount = 0;
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, slot.vertexBuffer);
    m_gl->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertexCount) * GLsizeiptr(sizeof(bpat::CreatureVertex)), vertices,
                       GL_STATIC_DRAW);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    m_gl->glBindVertexArray(slot.vao);
    m_gl->glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indexCount) * GLsizeiptr(sizeof(quint32)), indices, GL_STATIC_DRAW);
    m_gl->glBindVertexArray(0);
    slot.vertexCount = vertexCount;
    slot.indexCount = indexCount;
}

void CreatureRenderer::setRoleColors(const QList<QVector3D> &colors)
{
    if (colors.size() >= bpat::colorRoleCount && colors.size() <= 16) // uRoleColors[16]
        m_roleColors = colors;
}

void CreatureRenderer::uploadInstances(MeshBuffers &slot, const QList<CreatureInstance> &instances)
{
    slot.instances = instances;
    if (!m_gl)
        return;
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, slot.instanceBuffer);
    m_gl->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(instances.size() * sizeof(CreatureInstance)), instances.constData(),
                       GL_DYNAMIC_DRAW);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void CreatureRenderer::setInstances(const QList<CreatureInstance> &instances)
{
    setInstances(instances, {});
}

void CreatureRenderer::setInstances(const QList<CreatureInstance> &nearInstances, const QList<CreatureInstance> &farInstances)
{
    uploadInstances(m_slots[0], nearInstances);
    if (!farInstances.isEmpty() || !m_slots[1].instances.isEmpty())
        uploadInstances(m_slots[1], farInstances);
}

void CreatureRenderer::bindPalette(float time, bool interpolate)
{
    if (m_skinning) {
        m_bind.bind(m_gl, 2);
        m_program->setUniformValue("uBind", 2);
    }
    m_palette.bind(m_gl, 0); // leaves unit 0 active
    m_program->setUniformValue("uPalette", 0);
    m_program->setUniformValue("uSkinning", m_skinning);
    m_program->setUniformValue("uBindSpace", m_skinning && m_bindSpace);
    m_program->setUniformValue("uRowsPerLayer", m_palette.rowsPerLayer());
    m_program->setUniformValue("uTime", time);
    m_program->setUniformValue("uInterpolate", interpolate);
}

void CreatureRenderer::setShading(QOpenGLShaderProgram &program, const DrawParameters &parameters,
                                  const QList<QVector3D> &roleColors)
{
    program.setUniformValue("uViewProjection", parameters.viewProjection);
    program.setUniformValue("uSelectedBone", parameters.selectedBone);
    program.setUniformValue("uColorMode", parameters.colorMode);
    program.setUniformValue("uCameraPosition", parameters.cameraPosition);
    program.setUniformValueArray("uRoleColors", roleColors.constData(), int(roleColors.size()));
}

int CreatureRenderer::draw(const DrawParameters &parameters)
{
    if (!m_program || !m_palette.isValid())
        return 0;
    int draws = 0;
    for (const MeshBuffers &slot : m_slots) {
        if (slot.indexCount == 0 || slot.instances.isEmpty())
            continue;
        if (draws == 0) {
            m_program->bind();
            bindPalette(parameters.time, parameters.interpolate);
            setShading(*m_program, parameters, m_roleColors);
        }
        m_gl->glBindVertexArray(slot.vao);
        m_gl->glDrawElementsInstanced(GL_TRIANGLES, slot.indexCount, GL_UNSIGNED_INT, nullptr, GLsizei(slot.instances.size()));
        ++draws;
    }
    if (draws > 0) {
        m_gl->glBindVertexArray(0);
        m_program->release();
    }
    return draws;
}

void CreatureRenderer::drawSockets(const QMatrix4x4 &viewProjection, quint32 globalFrame, const QVector4D &placement, float size)
{
    if (!m_socketProgram || !m_sockets.isValid() || m_socketCount == 0 || globalFrame >= m_sockets.frames())
        return;
    m_socketProgram->bind();
    m_sockets.bind(m_gl, 1);
    m_socketProgram->setUniformValue("uSockets", 1);
    m_socketProgram->setUniformValue("uRowsPerLayer", m_sockets.rowsPerLayer());
    m_socketProgram->setUniformValue("uFrame", int(globalFrame));
    m_socketProgram->setUniformValue("uSize", size);
    m_socketProgram->setUniformValue("uViewProjection", viewProjection);
    m_socketProgram->setUniformValue("uPlacement", placement);
    m_gl->glBindVertexArray(m_emptyVao);
    m_gl->glDrawArraysInstanced(GL_LINES, 0, 6, m_socketCount);
    m_gl->glBindVertexArray(0);
    m_socketProgram->release();
    m_gl->glActiveTexture(GL_TEXTURE0);
}

QList<QVector3D> CreatureRenderer::captureSkinnedPositions(const CreatureInstance &instance, float time, bool interpolate)
{
    QList<QVector3D> result;
    MeshBuffers &slot = m_slots[0];
    const int vertexCount = slot.vertexCount;
    if (!m_program || !m_palette.isValid() || vertexCount == 0)
        return result;
    const QList<CreatureInstance> saved = slot.instances;
    uploadInstances(slot, {instance});
    GLuint feedback = 0;
    m_gl->glGenBuffers(1, &feedback);
    m_gl->glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback);
    const GLsizeiptr bytes = GLsizeiptr(vertexCount) * 3 * GLsizeiptr(sizeof(float));
    m_gl->glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, bytes, nullptr, GL_STATIC_READ);
    m_gl->glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback);

    m_program->bind();
    bindPalette(time, interpolate);
    m_program->setUniformValue("uViewProjection", QMatrix4x4());
    m_program->setUniformValue("uSelectedBone", -1);
    m_gl->glEnable(GL_RASTERIZER_DISCARD);
    m_gl->glBindVertexArray(slot.vao);
    m_gl->glBeginTransformFeedback(GL_POINTS);
    m_gl->glDrawArrays(GL_POINTS, 0, vertexCount);
    m_gl->glEndTransformFeedback();
    m_gl->glBindVertexArray(0);
    m_gl->glDisable(GL_RASTERIZER_DISCARD);
    m_program->release();

    if (const void *mapped = m_gl->glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, bytes, GL_MAP_READ_BIT)) {
        const float *f = static_cast<const float *>(mapped);
        result.reserve(vertexCount);
        for (int v = 0; v < vertexCount; ++v)
            result.append(QVector3D(f[3 * v], f[3 * v + 1], f[3 * v + 2]));
        m_gl->glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
    }
    m_gl->glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    m_gl->glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
    m_gl->glDeleteBuffers(1, &feedback);
    uploadInstances(slot, saved);
    return result;
}

} // namespace bpat::studio
