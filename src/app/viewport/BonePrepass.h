#pragma once
// The bone pre-pass: once per frame, every instance's bone matrices (its two frames blended,
// late v3's skin x bind applied, its yaw and offset folded in) computed on the GPU into one bone
// buffer, 48 bytes (three rows) a bone, so the vertex shader (skinned_bones.vert) reads one matrix
// per influence instead of blending two frames' rows of up to four bones for every vertex.
// Per-vertex work no longer depends on interpolation or the file's dialect, and the matrices are
// computed instances x bones times a frame instead of vertices x influences x 2.
//
// Three paths, the best the context has (SkinningPath):
//   Compute  OpenGL 4.3: bones.comp, one invocation per instance and bone; skinned_bones.vert
//            reads each matrix as one struct from the shader storage buffer (or, where vertex
//            shaders have no storage blocks, three texels of the same buffer as a buffer texture)
//   Feedback OpenGL 3.3: bones_feedback.vert drawn as points (one per bone of each instance),
//            its rows captured by transform feedback; read as a buffer texture
//   Direct   today's path (skinned.vert, no pre-pass): the fallback where the bone buffer would
//            pass the context's limits (buffer texture texels, storage block size, 1 GiB)
// A class that draws into whatever context is current: CreatureRenderer owns one.
#include "GlRenderer.h"

#include <QString>
#include <memory>
#include <optional>

class QOpenGLShaderProgram;

namespace bpat::studio {
class PaletteTexture;

enum class SkinningPath {
    Direct = 0,
    Feedback = 1,
    Compute = 2,
};
// "direct (per vertex)", "pre-pass (transform feedback)", "pre-pass (compute)"
QString skinningPathName(SkinningPath path);
// "direct", "feedback", "compute" (the benchmark's --skinning); nullopt for anything else
// ("auto": the caller's nullopt).
std::optional<SkinningPath> skinningPathFromKey(const QString &key);
QString skinningPathKey(SkinningPath path);

class BonePrepass : public GlRenderer
{
public:
    BonePrepass();
    ~BonePrepass();

    // Builds the programs the current context can run; false and error() when not even the
    // transform feedback path builds (then only Direct is supported).
    bool initialize();
    void destroy();
    bool supports(SkinningPath path) const;
    bool ready() const { return m_gl != nullptr; }

    static constexpr qint64 kMaxBytes = qint64(1) << 30; // the bone buffer, at most
    static constexpr int kBytesPerBone = 48;
    // The path that draws instances x bones matrices: `wanted` (nullopt: the best there is)
    // when supported and within the limits, else the next below it; *why says why it is not
    // the one wanted (empty when it is).
    SkinningPath choose(std::optional<SkinningPath> wanted, qint64 instances, int bones, QString *why = nullptr) const;

    struct Playback
    {
        const PaletteTexture *palette = nullptr;
        const PaletteTexture *bind = nullptr; // late v3
        bool skinning = false;
        bool bindSpace = false;
        float time = 0;
        bool interpolate = false;
        int bones = 1;
    };
    // Starts a pre-pass on `path` (Compute or Feedback) over `instances` in all, growing the
    // bone buffer as needed; pass() then computes one instance buffer's instances, written from
    // instance `base` on; end() makes the matrices visible to the draws.
    void begin(SkinningPath path, const Playback &playback, qint64 instances);
    void pass(quint32 instanceBuffer, int count, int base);
    void end();

    // The program that draws from the bone buffer on `path`, bound, with the buffer bound and
    // uBoneCount set; the caller sets uBoneBase before each draw and the shading uniforms.
    QOpenGLShaderProgram *bindDraw(SkinningPath path, int bones);
    QOpenGLShaderProgram *drawProgram(SkinningPath path) const;
    // Bytes the bone buffer holds (a test hook), and the limits found at initialize().
    qint64 bufferBytes() const { return m_bufferBytes; }
    qint64 maxStorageBytes() const { return m_maxStorageBytes; }
    qint64 maxBufferTexels() const { return m_maxBufferTexels; }

private:
    void reserve(qint64 bytes);

    std::unique_ptr<QOpenGLShaderProgram> m_compute;
    std::unique_ptr<QOpenGLShaderProgram> m_drawStorage; // skinned_bones.vert with BONES_SSBO
    std::unique_ptr<QOpenGLShaderProgram> m_drawTexture; // skinned_bones.vert, buffer texture
    // m_program (GlRenderer's): bones_feedback.vert
    quint32 m_buffer = 0;
    quint32 m_texture = 0; // the buffer as an RGBA32F buffer texture
    quint32 m_feedbackVao = 0;
    qint64 m_bufferBytes = 0;
    qint64 m_maxStorageBytes = 0;
    qint64 m_maxBufferTexels = 0;
    bool m_vertexStorage = false; // vertex shaders may read storage blocks
    SkinningPath m_path = SkinningPath::Direct;
    int m_bones = 1;
};

} // namespace bpat::studio
