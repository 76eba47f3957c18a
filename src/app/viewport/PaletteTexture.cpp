#include "PaletteTexture.h"

#include <QOpenGLExtraFunctions>
#include <algorithm>

namespace bpat::studio {

PaletteTexture::~PaletteTexture() = default;

bool PaletteTexture::updateRows(QOpenGLExtraFunctions *gl, const uchar *data, quint32 first, quint32 count)
{
    if (!m_texture || !data || count == 0 || first >= m_frames || count > m_frames - first || m_rowsPerLayer < 1)
        return false;
    ++m_uploads;
    const quint64 rowBytes = quint64(m_width) * 16;
    const quint32 end = first + count;
    gl->glBindTexture(GL_TEXTURE_2D_ARRAY, m_texture);
    gl->glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    gl->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    for (quint32 f = first; f < end;) { // a run of rows per layer they fall in
        const quint32 layer = f / quint32(m_rowsPerLayer), row = f % quint32(m_rowsPerLayer);
        const quint32 rows = std::min(end - f, quint32(m_rowsPerLayer) - row);
        gl->glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, GLint(row), GLint(layer), m_width, GLsizei(rows), 1, GL_RGBA, GL_FLOAT,
                            data + quint64(f) * rowBytes);
        f += rows;
    }
    gl->glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    return true;
}

bool PaletteTexture::upload(QOpenGLExtraFunctions *gl, const uchar *data, int texelsPerFrame, quint32 frames, int maxRows)
{
    destroy(gl);
    m_error.clear();
    ++m_uploads;
    if (!data || texelsPerFrame < 1 || frames < 1) {
        m_error = QStringLiteral("nothing to upload");
        return false;
    }
    GLint maxSize = 0, maxLayers = 0;
    gl->glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
    gl->glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &maxLayers);
    if (texelsPerFrame > maxSize) {
        m_error = QStringLiteral("%1 texels per frame exceed GL_MAX_TEXTURE_SIZE %2").arg(texelsPerFrame).arg(maxSize);
        return false;
    }
    const int rows = maxRows > 0 ? std::min(maxRows, int(maxSize)) : int(maxSize);
    const quint64 layers = (quint64(frames) + quint64(rows) - 1) / quint64(rows);
    if (layers > quint64(maxLayers)) {
        m_error = QStringLiteral("%1 frames need %2 layers of %3 rows; GL_MAX_ARRAY_TEXTURE_LAYERS is %4")
                      .arg(frames)
                      .arg(layers)
                      .arg(rows)
                      .arg(maxLayers);
        return false;
    }
    m_rowsPerLayer = int(std::min<quint64>(rows, frames));
    m_layers = int(layers);
    m_width = texelsPerFrame;
    m_frames = frames;

    while (gl->glGetError() != GL_NO_ERROR) { }
    gl->glGenTextures(1, &m_texture);
    gl->glBindTexture(GL_TEXTURE_2D_ARRAY, m_texture);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, 0);
    gl->glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA32F, m_width, m_rowsPerLayer, m_layers, 0, GL_RGBA, GL_FLOAT, nullptr);
    gl->glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    gl->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    const quint64 rowBytes = quint64(texelsPerFrame) * 16;
    for (int layer = 0; layer < m_layers; ++layer) {
        const quint64 first = quint64(layer) * quint64(m_rowsPerLayer);
        const quint64 count = std::min<quint64>(quint64(m_rowsPerLayer), frames - first);
        gl->glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, layer, m_width, GLsizei(count), 1, GL_RGBA, GL_FLOAT,
                            data + first * rowBytes);
    }
    gl->glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    const GLenum status = gl->glGetError();
    if (status != GL_NO_ERROR) {
        m_error = QStringLiteral("uploading %1 frames x %2 texels failed (GL error 0x%3)")
                      .arg(frames)
                      .arg(texelsPerFrame)
                      .arg(status, 0, 16);
        destroy(gl);
        m_error = m_error.isEmpty() ? QStringLiteral("upload failed") : m_error;
        return false;
    }
    return true;
}

void PaletteTexture::destroy(QOpenGLExtraFunctions *gl)
{
    if (m_texture && gl)
        gl->glDeleteTextures(1, &m_texture);
    m_texture = 0;
    m_rowsPerLayer = m_layers = m_width = 0;
    m_frames = 0;
}

void PaletteTexture::bind(QOpenGLExtraFunctions *gl, int unit) const
{
    gl->glActiveTexture(GLenum(GL_TEXTURE0 + unit));
    gl->glBindTexture(GL_TEXTURE_2D_ARRAY, m_texture);
}

} // namespace bpat::studio
