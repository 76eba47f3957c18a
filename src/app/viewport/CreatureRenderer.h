#pragma once
// Draws skinned creatures with OpenGL 3.3: a mesh, its palette (and socket) texture, and an
// instance buffer of placements and clip playback data, all in one instanced draw call; a crowd
// may give its far instances a second, lighter mesh (the game's minimal body), drawn by a
// second instanced draw. Shared by ViewportWidget, CrowdBenchmark and the GPU tests. Every call but the accessors needs the
// context current that initialize() ran in; destroy() must run before that context goes away.
#include "GlRenderer.h"
#include "mesh/CreatureMesh.h"
#include "PaletteTexture.h"

#include <QList>
#include <QMatrix4x4>
#include <QString>
#include <QVector3D>
#include <QVector4D>
#include <memory>

class QOpenGLExtraFunctions;
class QOpenGLShaderProgram;

namespace bpat::studio {
struct PaletteSource;

// Per-instance data, laid out as the vertex shader reads it (attributes 5..7).
struct CreatureInstance
{
    float x = 0, y = 0, z = 0, yaw = 0; // placement: model-space offset, rotation about +Y (radians)
    float frameCount = 1;               // clip playback: frames, fps, phase offset in [0,1)
    float fps = 0;
    float phase = 0;
    quint32 frameOffset = 0; // first global frame of the clip
    quint32 loops = 1;

    // The instance showing exactly frame `frame` of a clip at time 0.
    static CreatureInstance atFrame(quint32 frameOffset, quint32 frameCount, quint32 frame, bool loops);
};
static_assert(sizeof(CreatureInstance) == 36, "instance layout is read by the vertex shader");

class CreatureRenderer : public GlRenderer
{
public:
    struct DrawParameters
    {
        QMatrix4x4 viewProjection;
        QVector3D cameraPosition;
        float time = 0; // seconds since playback started
        bool interpolate = false;
        int colorMode = 0; // 0 materials, 1 per-bone colours
        int selectedBone = -1;
    };

    CreatureRenderer();
    ~CreatureRenderer();

    // Compiles the shaders (from :/shaders). False + error() when they do not build.
    bool initialize();
    void destroy();

    // Uploads the palette (and socket) rows, and a late-v3 file's bind palette; maxRowsPerLayer
    // > 0 forces the layer split.
    bool setSource(const PaletteSource &source, int maxRowsPerLayer = 0);
    // Uploads the socket rows only (the palette on the GPU stays): after a socket edit.
    void setSockets(const PaletteSource &source, int maxRowsPerLayer = 0);
    // Which mesh: the one every instance draws (Near), and the lighter one of far crowd
    // instances (Far; none unless set).
    enum class Slot {
        Near = 0,
        Far = 1
    };
    // A stand-in mesh (vertices bone-local) for the near slot; the far slot is emptied.
    void setMesh(const bpat::CreatureMesh &mesh);
    // Vertex records (56-byte CreatureVertex layout) and u32 indices as they lie in a file's
    // mapping (a BPRM body), uploaded without a copy; indexCount 0 empties the slot.
    void setMeshBytes(Slot slot, const uchar *vertices, int vertexCount, const uchar *indices, int indexCount);
    // The meshes' vertices are the bind pose in model space (the game's bodies): late-v3
    // skinning matrices apply as stored, without the bind palette. Off for stand-ins.
    void setBindSpace(bool on) { m_bindSpace = on; }
    bool bindSpace() const { return m_bindSpace; }
    void setInstances(const QList<CreatureInstance> &instances); // all near
    void setInstances(const QList<CreatureInstance> &nearInstances, const QList<CreatureInstance> &farInstances);
    // One per colour role: 7 for the stand-ins (bpat::ColorRole), up to 16 for bodies.
    void setRoleColors(const QList<QVector3D> &colors);

    // Issues the instanced draw of each slot with a mesh and instances; returns the number of
    // draw calls (0, 1, or 2 with far instances).
    int draw(const DrawParameters &parameters);
    // Socket axes of one creature at one global frame, drawn from the socket texture.
    void drawSockets(const QMatrix4x4 &viewProjection, quint32 globalFrame, const QVector4D &placement, float size);

    // The surface shading of skinned.frag (camera, colour mode, selected bone, role colours) and
    // the view projection, for every program drawing with that fragment shader.
    static void setShading(QOpenGLShaderProgram &program, const DrawParameters &parameters, const QList<QVector3D> &roleColors);

    // GPU read-back: the model-space positions the vertex shader computes for every mesh
    // vertex of `instance`, captured with transform feedback (rasterizer discarded).
    QList<QVector3D> captureSkinnedPositions(const CreatureInstance &instance, float time, bool interpolate);

    int instanceCount() const { return int(m_slots[0].instances.size() + m_slots[1].instances.size()); }
    int instanceCount(Slot slot) const { return int(m_slots[int(slot)].instances.size()); }
    int vertexCount(Slot slot = Slot::Near) const { return m_slots[int(slot)].vertexCount; }
    int indexCount(Slot slot = Slot::Near) const { return m_slots[int(slot)].indexCount; }
    const PaletteTexture &paletteTexture() const { return m_palette; }
    const PaletteTexture &socketTexture() const { return m_sockets; }

private:
    struct MeshBuffers
    {
        quint32 vao = 0, vertexBuffer = 0, indexBuffer = 0, instanceBuffer = 0;
        int vertexCount = 0;
        int indexCount = 0;
        QList<CreatureInstance> instances;
    };
    void setupVertexArray(MeshBuffers &slot);
    void uploadInstances(MeshBuffers &slot, const QList<CreatureInstance> &instances);
    // The palette (and late v3's bind palette) bound, and the playback uniforms set.
    void bindPalette(float time, bool interpolate);

    std::unique_ptr<QOpenGLShaderProgram> m_socketProgram;
    PaletteTexture m_palette;
    PaletteTexture m_bind; // late v3: the bind palette (one row), global = skin x bind in the shader
    bool m_skinning = false;
    PaletteTexture m_sockets;
    int m_socketCount = 0;
    MeshBuffers m_slots[2];
    quint32 m_emptyVao = 0;
    bool m_bindSpace = false;
    QList<QVector3D> m_roleColors;
};

} // namespace bpat::studio
