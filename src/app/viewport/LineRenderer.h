#pragma once
// Draws overlay line lists (LineVertex pairs in world space) with one small shader. Needs the
// context current that initialize() ran in; destroy() before that context goes away.
#include "GlRenderer.h"
#include "ViewportScene.h"

#include <QMatrix4x4>
#include <memory>

class QOpenGLExtraFunctions;
class QOpenGLShaderProgram;

namespace bpat::studio {

class LineRenderer : public GlRenderer
{
public:
    LineRenderer();
    ~LineRenderer();
    bool initialize(QString *error);
    void destroy();
    void draw(const QList<LineVertex> &lines, const QMatrix4x4 &viewProjection, bool onTop);

private:
    quint32 m_vao = 0, m_buffer = 0;
};

} // namespace bpat::studio
