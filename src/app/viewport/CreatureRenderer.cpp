#include "CreatureRenderer.h"

#include "PaletteSource.h"
#include "mesh/RigDescription.h"

#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <QVector4D>
#include <algorithm>
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
    const QList<Stage> direct{
        {QOpenGLShader::Vertex,
         composeShader("330 core", {QStringLiteral(":/shaders/playback.glsl"), QStringLiteral(":/shaders/skinned.vert")})},
        {QOpenGLShader::Fragment, composeShader("330 core", {QStringLiteral(":/shaders/skinned.frag")})}};
    if (!initializeStages(QStringLiteral("skinning shader"), direct, captureWorldPositions))
        return false;
    m_socketProgram = buildProgram(QStringLiteral("socket shader"), QStringLiteral(":/shaders/sockets.vert"),
                                   QStringLiteral(":/shaders/lines.frag"));
    if (!m_socketProgram) {
        m_program.reset();
        return false;
    }
    // Without the pre-pass (its shaders did not build) every draw takes today's path; the
    // reason is skinningNote().
    if (!m_prepass.initialize())
        m_pathNote = QStringLiteral("the bone pre-pass is not available: ") + m_prepass.error();
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
    m_prepass.destroy();
    m_preparedGeneration = 0;
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
    m_boneCount = source.boneCount;
    ++m_generation;
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

bool CreatureRenderer::updatePaletteRows(const PaletteSource &source, quint32 first, quint32 count)
{
    if (!m_gl || !source.isValid() || source.boneCount != m_boneCount || source.skinning != m_skinning
        || !m_palette.updateRows(m_gl, source.palette, first, count))
        return false;
    ++m_generation; // the bone pre-pass reads the palette: computed again
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
    setLevelMesh(0, mesh);
    for (int level = 1; level < kLevels; ++level)
        setMeshBytes(level, nullptr, 0, nullptr, 0);
}

void CreatureRenderer::setLevelMesh(int level, const bpat::CreatureMesh &mesh)
{
    setMeshBytes(level, reinterpret_cast<const uchar *>(mesh.vertices().constData()), mesh.vertexCount(),
                 reinterpret_cast<const uchar *>(mesh.indices().constData()), int(mesh.indices().size()));
}

void CreatureRenderer::setMeshBytes(int level, const uchar *vertices, int vertexCount, const uchar *indices, int indexCount)
{
    if (!m_gl || level < 0 || level >= kLevels)
        return;
    MeshBuffers &slot = m_slots[level];
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
    ++m_generation; // which levels are drawn, so which instances the pre-pass computes
}

void CreatureRenderer::setBindSpace(bool on)
{
    if (on != m_bindSpace)
        ++m_generation;
    m_bindSpace = on;
}

void CreatureRenderer::setRoleColors(const QList<QVector3D> &colors)
{
    if (colors.size() >= bpat::colorRoleCount && colors.size() <= 16) // uRoleColors[16]
        m_roleColors = colors;
}

void CreatureRenderer::uploadInstances(MeshBuffers &slot, const QList<CreatureInstance> &instances)
{
    slot.instances = instances;
    ++m_generation;
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
    setLevelInstances({nearInstances, farInstances});
}

void CreatureRenderer::setLevelInstances(const QList<QList<CreatureInstance>> &levels)
{
    for (int level = 0; level < kLevels; ++level) {
        const QList<CreatureInstance> instances = levels.value(level);
        if (level == 0 || !instances.isEmpty() || !m_slots[level].instances.isEmpty())
            uploadInstances(m_slots[level], instances);
    }
}

int CreatureRenderer::instanceCount() const
{
    int n = 0;
    for (const MeshBuffers &slot : m_slots)
        n += int(slot.instances.size());
    return n;
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

SkinningPath CreatureRenderer::prepare(float time, bool interpolate)
{
    qint64 total = 0;
    for (const MeshBuffers &slot : m_slots)
        total += slot.indexCount > 0 ? slot.instances.size() : 0;
    if (!m_prepass.ready()) {
        m_path = SkinningPath::Direct;
        return m_path;
    }
    m_path = m_prepass.choose(m_wantedPath, total, m_boneCount, &m_pathNote);
    if (m_path == SkinningPath::Direct || total == 0)
        return m_path;
    if (m_preparedGeneration == m_generation && m_preparedTime == time && m_preparedInterpolate == interpolate
        && m_preparedPath == m_path)
        return m_path; // the bone buffer holds this frame already (a repaint for an overlay)
    m_prepass.begin(m_path, {&m_palette, &m_bind, m_skinning, m_bindSpace, time, interpolate, m_boneCount}, total);
    int base = 0;
    for (const MeshBuffers &slot : m_slots) {
        if (slot.indexCount == 0 || slot.instances.isEmpty())
            continue;
        m_prepass.pass(slot.instanceBuffer, int(slot.instances.size()), base);
        base += int(slot.instances.size());
    }
    m_prepass.end();
    m_preparedGeneration = m_generation;
    m_preparedTime = time;
    m_preparedInterpolate = interpolate;
    m_preparedPath = m_path;
    ++m_prepassRuns;
    return m_path;
}

QOpenGLShaderProgram *CreatureRenderer::bindProgram(SkinningPath path, float time, bool interpolate)
{
    if (path == SkinningPath::Direct) {
        m_program->bind();
        bindPalette(time, interpolate);
        return m_program.get();
    }
    return m_prepass.bindDraw(path, m_boneCount);
}

int CreatureRenderer::draw(const DrawParameters &parameters)
{
    m_lastVertices = 0;
    if (!m_program || !m_palette.isValid())
        return 0;
    const bool any = std::any_of(std::begin(m_slots), std::end(m_slots),
                                 [](const MeshBuffers &slot) { return slot.indexCount > 0 && !slot.instances.isEmpty(); });
    if (!any)
        return 0;
    const SkinningPath path = prepare(parameters.time, parameters.interpolate);
    QOpenGLShaderProgram *program = bindProgram(path, parameters.time, parameters.interpolate);
    setShading(*program, parameters, m_roleColors);
    int draws = 0, base = 0;
    for (const MeshBuffers &slot : m_slots) {
        if (slot.indexCount == 0 || slot.instances.isEmpty())
            continue;
        if (path != SkinningPath::Direct)
            program->setUniformValue("uBoneBase", base);
        m_gl->glBindVertexArray(slot.vao);
        {
            const DriverCall timed;
            m_gl->glDrawElementsInstanced(GL_TRIANGLES, slot.indexCount, GL_UNSIGNED_INT, nullptr,
                                          GLsizei(slot.instances.size()));
        }
        base += int(slot.instances.size());
        m_lastVertices += qint64(slot.vertexCount) * slot.instances.size();
        ++draws;
    }
    m_gl->glBindVertexArray(0);
    program->release();
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
    if (!m_program || !m_palette.isValid() || vertexCount == 0 || slot.indexCount == 0)
        return result;
    QList<QList<CreatureInstance>> saved;
    for (const MeshBuffers &s : m_slots)
        saved.append(s.instances);
    setLevelInstances({{instance}}); // this instance alone, the first in the bone buffer
    const SkinningPath path = prepare(time, interpolate);
    GLuint feedback = 0;
    m_gl->glGenBuffers(1, &feedback);
    m_gl->glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback);
    const GLsizeiptr bytes = GLsizeiptr(vertexCount) * 3 * GLsizeiptr(sizeof(float));
    m_gl->glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, bytes, nullptr, GL_STATIC_READ);
    m_gl->glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback);

    QOpenGLShaderProgram *program = bindProgram(path, time, interpolate);
    if (path != SkinningPath::Direct)
        program->setUniformValue("uBoneBase", 0);
    program->setUniformValue("uViewProjection", QMatrix4x4());
    program->setUniformValue("uSelectedBone", -1);
    m_gl->glEnable(GL_RASTERIZER_DISCARD);
    m_gl->glBindVertexArray(slot.vao);
    m_gl->glBeginTransformFeedback(GL_POINTS);
    m_gl->glDrawArrays(GL_POINTS, 0, vertexCount);
    m_gl->glEndTransformFeedback();
    m_gl->glBindVertexArray(0);
    m_gl->glDisable(GL_RASTERIZER_DISCARD);
    program->release();

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
    setLevelInstances(saved);
    return result;
}

} // namespace bpat::studio
