#pragma once
// A BPRM body (the game's rigged mesh of a species) as the viewport draws it over a late-v3
// palette: its stored vertices and indices uploaded to the GPU straight from the file's mapping
// (the 56-byte records are CreatureRenderer's vertex layout), skinned by the stored skinning
// matrices as they are (the vertices are the bind pose in model space; docs/format.md, "BPRM").
// fromFile() checks everything drawing relies on (sections in the file, whole triangles, every
// index below vertex_count, every weighted bone inside the rig it is drawn with), so a hostile
// file gives an invalid source with the reason instead of reaching the GPU.
#include "bprm/BprmFile.h"
#include "mesh/CreatureMesh.h"

#include <QList>
#include <QMatrix4x4>
#include <QString>
#include <QVector3D>

namespace bpat::studio {

class BodySource
{
public:
    BodySource() = default; // invalid
    // `rigBones`: the bone count of the palette it will be skinned with (1..64).
    static BodySource fromFile(const bpat::BprmFile &file, int rigBones, QString *why = nullptr);
    static BodySource open(const QString &path, int rigBones, QString *why = nullptr);

    bool isValid() const { return !m_file.isNull() && m_mesh.vertexCount() > 0; }
    const bpat::BprmFile &file() const { return m_file; }
    QString path() const { return m_file.path(); }
    QString label() const; // "horse_full.bprm (full, 4400 vertices)"
    quint32 lod() const { return m_file.header().lod; }
    int vertexCount() const { return m_mesh.vertexCount(); }
    int triangleCount() const { return m_mesh.triangleCount(); }
    // The stored blocks in the mapping, as the GPU takes them.
    const uchar *vertexBytes() const { return m_file.vertexData(); }
    const uchar *indexBytes() const { return m_file.indexData(); }
    int indexCount() const { return int(m_mesh.indices().size()); }
    // The vertices decoded (for bounds on the CPU; the GPU reads the mapping).
    const bpat::CreatureMesh &mesh() const { return m_mesh; }

    // Bounds of the body skinned by one palette frame: `skin` holds one skinning matrix per bone
    // (global x inverse(bind)). lo > hi when nothing is finite.
    void bounds(const QList<QMatrix4x4> &skin, QVector3D *lo, QVector3D *hi) const;

    // One colour per colour role (bpat::BodyColors: 16; roles above 15 take the last).
    static QList<QVector3D> roleColors();

private:
    bpat::BprmFile m_file;
    bpat::CreatureMesh m_mesh;
};

} // namespace bpat::studio
