#include "SnapshotRenderer.h"

#include "bpsm/BpsmFormat.h"
#include "mesh/RigDescription.h"

#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <QtEndian>

namespace bpat::studio {

static_assert(Q_BYTE_ORDER == Q_LITTLE_ENDIAN, "the viewport uploads BPSM vertices (little-endian) as stored");

SnapshotRenderer::SnapshotRenderer()
    : m_roleColors(bpat::RigDescription::defaultRoleColors())
{
}
SnapshotRenderer::~SnapshotRenderer() = default;

bool SnapshotRenderer::initialize()
{
    if (!initializeProgram(QStringLiteral("snapshot shader"), QStringLiteral(":/shaders/snapshot.vert"),
                           QStringLiteral(":/shaders/skinned.frag")))
        return false;
    namespace v = bpat::bpsm::vertex;
    const GLsizei stride = GLsizei(bpat::bpsm::VertexSize);
    m_gl->glGenVertexArrays(1, &m_vao);
    m_gl->glGenBuffers(1, &m_vertexBuffer);
    m_gl->glGenBuffers(1, &m_indexBuffer);
    m_gl->glBindVertexArray(m_vao);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_vertexBuffer);
    attribute(0, 3, GL_FLOAT, stride, v::Position);
    attribute(1, 3, GL_FLOAT, stride, v::Normal);
    attribute(2, 4, GL_UNSIGNED_BYTE, stride, v::Bones);
    attribute(4, 1, GL_UNSIGNED_BYTE, stride, v::ColorRole);
    m_gl->glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m_indexBuffer);
    m_gl->glBindVertexArray(0);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

void SnapshotRenderer::destroy()
{
    if (!m_gl)
        return;
    if (m_vao)
        m_gl->glDeleteVertexArrays(1, &m_vao);
    for (GLuint *buffer : {&m_vertexBuffer, &m_indexBuffer}) {
        if (*buffer)
            m_gl->glDeleteBuffers(1, buffer);
        *buffer = 0;
    }
    m_vao = 0;
    m_program.reset();
    m_source = SnapshotSource();
    m_indexCount = 0;
    m_uploadedFrame.reset();
    m_gl = nullptr;
}

bool SnapshotRenderer::setSource(const SnapshotSource &source)
{
    m_source = SnapshotSource();
    m_indexCount = 0;
    m_uploadedFrame.reset();
    m_uploads = 0;
    if (!m_gl || !source.isValid()) {
        m_error = QStringLiteral("no snapshot mesh to show");
        return false;
    }
    m_source = source;
    if (source.roleColors().size() == bpat::colorRoleCount)
        m_roleColors = source.roleColors();
    m_gl->glBindVertexArray(m_vao);
    m_gl->glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(source.indices().size() * sizeof(quint32)),
                       source.indices().constData(), GL_STATIC_DRAW);
    m_gl->glBindVertexArray(0);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_vertexBuffer);
    m_gl->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(quint64(source.vertexCount()) * bpat::bpsm::VertexSize), nullptr,
                       GL_DYNAMIC_DRAW);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    m_indexCount = int(source.indices().size());
    return true;
}

bool SnapshotRenderer::showFrame(quint32 globalFrame)
{
    if (!m_gl || !m_source.isValid())
        return false;
    if (m_uploadedFrame == globalFrame)
        return true;
    const QByteArrayView bytes = m_source.frameBytes(globalFrame);
    if (bytes.isEmpty())
        return false;
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_vertexBuffer);
    m_gl->glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(bytes.size()), bytes.data());
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    m_uploadedFrame = globalFrame;
    ++m_uploads;
    return true;
}

int SnapshotRenderer::draw(const CreatureRenderer::DrawParameters &parameters)
{
    if (!m_program || !m_uploadedFrame || m_indexCount == 0)
        return 0;
    m_program->bind();
    CreatureRenderer::setShading(*m_program, parameters, m_roleColors);
    m_gl->glBindVertexArray(m_vao);
    m_gl->glDrawElements(GL_TRIANGLES, m_indexCount, GL_UNSIGNED_INT, nullptr);
    m_gl->glBindVertexArray(0);
    m_program->release();
    return 1;
}

QByteArray SnapshotRenderer::readBackVertices()
{
    QByteArray out;
    if (!m_gl || !m_uploadedFrame)
        return out;
    const GLsizeiptr size = GLsizeiptr(quint64(m_source.vertexCount()) * bpat::bpsm::VertexSize);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_vertexBuffer);
    if (const void *mapped = m_gl->glMapBufferRange(GL_ARRAY_BUFFER, 0, size, GL_MAP_READ_BIT)) {
        out = QByteArray(static_cast<const char *>(mapped), qsizetype(size));
        m_gl->glUnmapBuffer(GL_ARRAY_BUFFER);
    }
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    return out;
}

} // namespace bpat::studio
