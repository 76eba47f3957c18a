#pragma once
// The CPU side of the viewport, no OpenGL: the shown file's palette view, the creature meshes
// chosen for it (the game's rig when species and bone count match a shipped description, else
// joints with links inferred from the palette's translations), bone names and parents, poses and
// bounds of a frame, and the overlay line geometry (grid, skeleton, joint axes, bounds).
#include "BodySource.h"
#include "BonePicker.h"
#include "mesh/CreatureMesh.h"
#include "PaletteSource.h"

#include <QList>
#include <QStringList>
#include <QVector3D>
#include <QVector4D>

namespace bpat::studio {

struct LineVertex
{
    float position[3];
    float color[4];
};

class ViewportScene
{
public:
    void setSource(const PaletteSource &source);
    // The same palette in a re-written file (a metadata-only edit): takes the new clip and socket
    // tables and keeps the meshes, names and bounds built from the palette.
    void replaceTables(const PaletteSource &source);
    void clear();

    bool isEmpty() const { return !m_source.isValid(); }
    const PaletteSource &source() const { return m_source; }
    const bpat::CreatureMesh &mesh() const { return m_mesh; }           // close-up detail
    const bpat::CreatureMesh &crowdMesh() const { return m_crowdMesh; } // fewer segments
    // The game's body drawn instead of the stand-in meshes (late v3 only: it is skinned by the
    // stored skinning matrices): bounds, framing and the ground come from it. Kept through
    // replaceTables(), dropped by setSource().
    void setBody(const BodySource &body);
    void clearBody();
    bool showsBody() const { return m_body.isValid(); }
    const BodySource &body() const { return m_body; }
    // Whether a body can be drawn over this source at all, and why not (empty when it can).
    QString bodyProblem() const;
    // One skinning matrix per bone (global x inverse(bind)) at a global frame; empty when the
    // frame is out of range.
    QList<QMatrix4x4> skinMatrices(quint32 globalFrame) const;
    // The matrices the drawn mesh is skinned with at a global frame, row-major as
    // CreatureMesh::skin() takes them: the body's skinning matrices, else the globals (the
    // stand-ins' vertices are bone-local); empty when the frame is out of range.
    QList<float> meshRows(quint32 globalFrame) const;
    bool knownRig() const { return m_knownRig; }
    const QString &rigName() const { return m_rigName; }
    const QList<QVector3D> &roleColors() const { return m_roleColors; }
    const QStringList &boneNames() const { return m_boneNames; }
    const QList<int> &parents() const { return m_parents; }
    // Controls (motion/BoneRoles: IK targets, poles, bones no body vertex is weighted to): not
    // limbs. The skeleton leaves them and their links out; the canvas draws them as small markers
    // on demand (View > Viewport > Control Bones).
    bool isControl(int bone) const { return bone >= 0 && bone < m_controls.size() && m_controls.at(bone); }
    int controlCount() const { return int(m_controls.count(true)); }
    quint32 referenceFrame() const { return m_referenceFrame; }
    float groundHeight() const { return m_ground; }
    // Bounds of the creature over its reference frame; used for framing and crowd spacing.
    QVector3D referenceLo() const { return m_referenceLo; }
    QVector3D referenceHi() const { return m_referenceHi; }

    QList<QVector3D> joints(quint32 globalFrame) const;                   // bone origins in model space
    void bounds(quint32 globalFrame, QVector3D *lo, QVector3D *hi) const; // of the skinned mesh

    static void appendLine(QList<LineVertex> &out, const QVector3D &a, const QVector3D &b, const QVector4D &color);
    void appendGrid(QList<LineVertex> &out, float halfExtent, float step) const;
    // Links from each bone's joint to its children's; the selected bones' own links (from their
    // joint on) in the selection colour.
    void appendSkeleton(QList<LineVertex> &out, quint32 globalFrame, const QList<int> &selectedBones) const;
    // What a click can land on at a frame: the drawn mesh (the body, else the stand-in) skinned
    // on the CPU, with each vertex's heaviest bone (BonePicker).
    BonePicker::Surface pickSurface(quint32 globalFrame) const;
    void appendJointAxes(QList<LineVertex> &out, quint32 globalFrame, float size) const;
    static void appendBox(QList<LineVertex> &out, const QVector3D &lo, const QVector3D &hi, const QVector4D &color);
    // v3 ground contact of a frame: a cross under the creature at foot_y, green while the soles
    // touch (sole_y within 1 cm of rest), orange in the air. False when the file has no contacts.
    bool appendGroundContact(QList<LineVertex> &out, quint32 globalFrame, float size) const;

private:
    void updateReferenceBounds();

    PaletteSource m_source;
    BodySource m_body;
    QList<QMatrix4x4> m_inverseBind; // of the source's bind palette, while a body is shown
    bpat::CreatureMesh m_mesh;
    bpat::CreatureMesh m_crowdMesh;
    bool m_knownRig = false;
    QString m_rigName;
    QList<QVector3D> m_roleColors;
    QStringList m_boneNames;
    QList<int> m_parents;
    QList<bool> m_controls;                        // per bone
    QList<int> m_feet;                             // the rig's feet (the game's contact bones), where it is known
    static constexpr float kUnderRestPose = 0.05f; // the motion lint's `ground` default
    quint32 m_referenceFrame = 0;
    float m_ground = 0;
    QVector3D m_referenceLo, m_referenceHi;
};

} // namespace bpat::studio
