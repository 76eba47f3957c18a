#pragma once
// Draws skinned creatures of one file with OpenGL 3.3: a mesh, its palette (and socket) texture,
// and an instance buffer of placements and clip playback data, all in one instanced draw call; a
// crowd gives its farther instances lighter meshes (levels of detail: the game's minimal body,
// simplified bodies), each level one more instanced draw. Each frame a bone pre-pass
// (BonePrepass) computes every instance's bone matrices once and the vertices read one matrix per
// influence; today's per-vertex path (skinned.vert) stays as the fallback. Shared by
// ViewportCanvas, CrowdRenderer, CrowdBenchmark and the GPU tests: it draws into whatever context
// is current (the viewport's widget, an offscreen surface). Every call but the accessors needs
// the context current that initialize() ran in; destroy() must run before that context goes away.
#include "BonePrepass.h"
#include "GlRenderer.h"
#include "mesh/CreatureMesh.h"
#include "PaletteTexture.h"

#include <QList>
#include <QMatrix4x4>
#include <QString>
#include <QVector3D>
#include <QVector4D>
#include <memory>
#include <optional>

class QOpenGLExtraFunctions;
class QOpenGLShaderProgram;

namespace bpat::studio {
struct PaletteSource;

// Per-instance data, laid out as the vertex shader reads it (attributes 5..7) and the compute
// pre-pass reads it (9 words each).
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
    // The palette rows of frames [first, first + count) of `source` (the same palette shape as
    // the last setSource(): new matrices where the old lay) uploaded again; false when they
    // cannot be (then setSource()).
    bool updatePaletteRows(const PaletteSource &source, quint32 first, quint32 count);
    // Uploads the socket rows only (the palette on the GPU stays): after a socket edit.
    void setSockets(const PaletteSource &source, int maxRowsPerLayer = 0);
    // Which mesh: levels of detail, 0 the one every instance draws close up (Near), 1 and 2
    // lighter ones for farther crowd instances (none unless set). Slot names levels 0 and 1.
    static constexpr int kLevels = 3;
    enum class Slot {
        Near = 0,
        Far = 1
    };
    // A stand-in mesh (vertices bone-local) for level 0; the other levels are emptied.
    void setMesh(const bpat::CreatureMesh &mesh);
    // Vertex records (56-byte CreatureVertex layout) and u32 indices as they lie in a file's
    // mapping (a BPRM body), uploaded without a copy; indexCount 0 empties the level.
    void setMeshBytes(int level, const uchar *vertices, int vertexCount, const uchar *indices, int indexCount);
    void setMeshBytes(Slot slot, const uchar *vertices, int vertexCount, const uchar *indices, int indexCount)
    {
        setMeshBytes(int(slot), vertices, vertexCount, indices, indexCount);
    }
    void setLevelMesh(int level, const bpat::CreatureMesh &mesh); // a mesh in memory (a simplified level)
    // The meshes' vertices are the bind pose in model space (the game's bodies): late-v3
    // skinning matrices apply as stored, without the bind palette. Off for stand-ins.
    void setBindSpace(bool on);
    bool bindSpace() const { return m_bindSpace; }
    void setInstances(const QList<CreatureInstance> &instances); // all near
    void setInstances(const QList<CreatureInstance> &nearInstances, const QList<CreatureInstance> &farInstances);
    // The instances of each level (at most kLevels lists; missing ones empty).
    void setLevelInstances(const QList<QList<CreatureInstance>> &levels);
    // One per colour role: 7 for the stand-ins (bpat::ColorRole), up to 16 for bodies.
    void setRoleColors(const QList<QVector3D> &colors);

    // The bone pre-pass (BonePrepass.h): nullopt picks the best path the context has;
    // skinningPath() is what the last draw used, skinningNote() why it is not the one asked for.
    void setSkinningPath(std::optional<SkinningPath> path) { m_wantedPath = path; }
    std::optional<SkinningPath> wantedSkinningPath() const { return m_wantedPath; }
    SkinningPath skinningPath() const { return m_path; }
    const QString &skinningNote() const { return m_pathNote; }
    const BonePrepass &prepass() const { return m_prepass; }
    // Pre-passes run so far (a test hook: a repaint at the same time and instances runs none).
    int prepassRuns() const { return m_prepassRuns; }

    // Issues the instanced draw of each level with a mesh and instances (after the bone
    // pre-pass); returns the number of draw calls (0 up to kLevels).
    int draw(const DrawParameters &parameters);
    // Vertices the last draw() shaded (each level's vertices x its instances).
    qint64 lastVerticesShaded() const { return m_lastVertices; }
    // Socket axes of one creature at one global frame, drawn from the socket texture.
    void drawSockets(const QMatrix4x4 &viewProjection, quint32 globalFrame, const QVector4D &placement, float size);

    // The surface shading of skinned.frag (camera, colour mode, selected bone, role colours) and
    // the view projection, for every program drawing with that fragment shader.
    static void setShading(QOpenGLShaderProgram &program, const DrawParameters &parameters, const QList<QVector3D> &roleColors);

    // GPU read-back: the model-space positions the vertex shader computes for every vertex of
    // level 0's mesh for `instance`, captured with transform feedback (rasterizer discarded),
    // on the skinning path draw() would take.
    QList<QVector3D> captureSkinnedPositions(const CreatureInstance &instance, float time, bool interpolate);

    int instanceCount() const;
    int instanceCount(int level) const { return level >= 0 && level < kLevels ? int(m_slots[level].instances.size()) : 0; }
    int instanceCount(Slot slot) const { return instanceCount(int(slot)); }
    int vertexCount(int level) const { return level >= 0 && level < kLevels ? m_slots[level].vertexCount : 0; }
    int vertexCount(Slot slot = Slot::Near) const { return vertexCount(int(slot)); }
    int indexCount(int level) const { return level >= 0 && level < kLevels ? m_slots[level].indexCount : 0; }
    int indexCount(Slot slot = Slot::Near) const { return indexCount(int(slot)); }
    int boneCount() const { return m_boneCount; }
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
    // The path for the instances there are; runs the pre-pass over every level's instances
    // when the time or anything it reads changed since the last one.
    SkinningPath prepare(float time, bool interpolate);
    // The program of `path`, bound with its playback or bone-buffer inputs.
    QOpenGLShaderProgram *bindProgram(SkinningPath path, float time, bool interpolate);

    std::unique_ptr<QOpenGLShaderProgram> m_socketProgram;
    PaletteTexture m_palette;
    PaletteTexture m_bind; // late v3: the bind palette (one row), global = skin x bind in the shader
    bool m_skinning = false;
    PaletteTexture m_sockets;
    int m_socketCount = 0;
    MeshBuffers m_slots[kLevels];
    quint32 m_emptyVao = 0;
    bool m_bindSpace = false;
    QList<QVector3D> m_roleColors;
    int m_boneCount = 1;

    BonePrepass m_prepass;
    std::optional<SkinningPath> m_wantedPath;
    SkinningPath m_path = SkinningPath::Direct;
    QString m_pathNote;
    // What the bone buffer holds: a pre-pass of this generation of inputs at this time.
    quint64 m_generation = 1;
    quint64 m_preparedGeneration = 0;
    float m_preparedTime = -1;
    bool m_preparedInterpolate = false;
    SkinningPath m_preparedPath = SkinningPath::Direct;
    int m_prepassRuns = 0;
    qint64 m_lastVertices = 0;
};

} // namespace bpat::studio
