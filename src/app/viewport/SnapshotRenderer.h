#pragma once
// Draws a BPSM minimal snapshot mesh with OpenGL 3.3: the index buffer is uploaded once, and the
// vertex buffer holds one frame, refilled (glBufferSubData) straight from the file's mapping
// when the shown frame changes. The attributes read the file's 56-byte vertex layout as stored
// (little-endian, like the game). Every call but the accessors needs the context current that
// initialize() ran in; destroy() must run before that context goes away.
#include "CreatureRenderer.h" // DrawParameters
#include "GlRenderer.h"
#include "SnapshotSource.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QVector3D>
#include <memory>
#include <optional>

class QOpenGLExtraFunctions;
class QOpenGLShaderProgram;

namespace bpat::studio {

class SnapshotRenderer : public GlRenderer
{
public:
    SnapshotRenderer();
    ~SnapshotRenderer();

    bool initialize(); // compiles snapshot.vert + skinned.frag; false + error() otherwise
    void destroy();

    // Uploads the triangles and sizes the vertex buffer for one frame of `source`.
    bool setSource(const SnapshotSource &source);
    // Uploads the stored vertices of one global frame, unless they are already there.
    bool showFrame(quint32 globalFrame);
    // Draws the current frame; returns the number of draw calls (0 or 1).
    int draw(const CreatureRenderer::DrawParameters &parameters);

    std::optional<quint32> uploadedFrame() const { return m_uploadedFrame; }
    int uploads() const { return m_uploads; } // frame uploads since setSource()
    // GPU read-back of the vertex buffer (what the draw call reads), for tests.
    QByteArray readBackVertices();
    int vertexCount() const { return int(m_source.vertexCount()); }
    int indexCount() const { return m_indexCount; }

private:
    quint32 m_vao = 0, m_vertexBuffer = 0, m_indexBuffer = 0;
    SnapshotSource m_source;
    int m_indexCount = 0;
    std::optional<quint32> m_uploadedFrame;
    int m_uploads = 0;
    QList<QVector3D> m_roleColors;
};

} // namespace bpat::studio
