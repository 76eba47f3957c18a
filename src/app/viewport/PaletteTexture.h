#pragma once
// Float rows of a BPAT file on the GPU: one GL_RGBA32F 2D array texture whose rows are frames
// and whose texels are groups of 4 floats. For a palette, texel (4*b + k, frame) is row k of
// bone b's matrix (width bone_count*4); for socket data, texel (3*s + k, frame) is row k of
// socket s (width socket_count*3). The bytes are uploaded as they lie in the file (no per-matrix
// conversion). When there are more frames than GL_MAX_TEXTURE_SIZE rows, the frames are split
// over array layers: frame f is row f % rowsPerLayer of layer f / rowsPerLayer.
// Needs a current OpenGL 3.3 context for every call except the accessors.
#include <QString>
#include <QtGlobal>

class QOpenGLExtraFunctions;

namespace bpat::studio {

class PaletteTexture
{
public:
    PaletteTexture() = default;
    ~PaletteTexture(); // does not touch GL: call destroy() with the context current first
    PaletteTexture(const PaletteTexture &) = delete;
    PaletteTexture &operator=(const PaletteTexture &) = delete;

    // Uploads frames * texelsPerFrame RGBA32F texels from `data` (frames * texelsPerFrame * 16
    // bytes). maxRows limits rows per layer below GL_MAX_TEXTURE_SIZE (0: no extra limit; tests
    // use it to exercise the split). Returns false and sets error() when the GPU cannot hold it.
    bool upload(QOpenGLExtraFunctions *gl, const uchar *data, int texelsPerFrame, quint32 frames, int maxRows = 0);
    // Uploads again the rows of frames [first, first + count) from `data` (laid out as for the
    // last upload(): frame 0 first), into the texture as it is: an edit of one clip's matrices
    // costs that clip's rows, not the palette's. False when they lie outside it.
    bool updateRows(QOpenGLExtraFunctions *gl, const uchar *data, quint32 first, quint32 count);
    void destroy(QOpenGLExtraFunctions *gl);
    void bind(QOpenGLExtraFunctions *gl, int unit) const;

    bool isValid() const { return m_texture != 0; }
    quint32 textureId() const { return m_texture; }
    int rowsPerLayer() const { return m_rowsPerLayer; }
    int layers() const { return m_layers; }
    int width() const { return m_width; }
    quint32 frames() const { return m_frames; }
    const QString &error() const { return m_error; }
    // Uploads since construction (a test hook: metadata-only edits must not add one).
    int uploads() const { return m_uploads; }

private:
    quint32 m_texture = 0;
    int m_rowsPerLayer = 0;
    int m_layers = 0;
    int m_width = 0;
    quint32 m_frames = 0;
    QString m_error;
    int m_uploads = 0;
};

} // namespace bpat::studio
