#include "LineRenderer.h"


#include <QOpenGLExtraFunctions>
#include <QOpenGLShaderProgram>
#include <cstddef>

namespace bpat::studio {

LineRenderer::LineRenderer() = default;
LineRenderer::~LineRenderer() = default;

bool LineRenderer::initialize(QString *error)
{
    if (!initializeProgram(QStringLiteral("line shader"), QStringLiteral(":/shaders/lines.vert"),
                           QStringLiteral(":/shaders/lines.frag"))) {
        if (error)
            *error = m_error;
        return false;
    }
    m_gl->glGenVertexArrays(1, &m_vao);
    m_gl->glGenBuffers(1, &m_buffer);
    m_gl->glBindVertexArray(m_vao);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    attribute(0, 3, GL_FLOAT, sizeof(LineVertex), offsetof(LineVertex, position));
    attribute(1, 4, GL_FLOAT, sizeof(LineVertex), offsetof(LineVertex, color));
    m_gl->glBindVertexArray(0);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    return true;
}

void LineRenderer::destroy()
{
    if (!m_gl)
        return;
    if (m_vao)
        m_gl->glDeleteVertexArrays(1, &m_vao);
    if (m_buffer)
        m_gl->glDeleteBuffers(1, &m_buffer);
    m_vao = m_buffer = 0;
    m_program.reset();
    m_gl = nullptr;
}

void LineRenderer::draw(const QList<LineVertex> &lines, const QMatrix4x4 &viewProjection, bool onTop)
{
    if (!m_program || lines.isEmpty())
        return;
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    m_gl->glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(lines.size() * sizeof(LineVertex)), lines.constData(), GL_STREAM_DRAW);
    m_gl->glBindBuffer(GL_ARRAY_BUFFER, 0);
    if (onTop)
        m_gl->glDisable(GL_DEPTH_TEST);
    m_program->bind();
    m_program->setUniformValue("uViewProjection", viewProjection);
    m_gl->glBindVertexArray(m_vao);
    m_gl->glDrawArrays(GL_LINES, 0, GLsizei(lines.size()));
    m_gl->glBindVertexArray(0);
    m_program->release();
    if (onTop)
        m_gl->glEnable(GL_DEPTH_TEST);
}

} // namespace bpat::studio
