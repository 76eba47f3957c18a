#pragma once
// The OpenGL canvas of the 3D viewport (use ViewportWidget, which shows a message instead of this
// canvas where OpenGL is unavailable): creatures skinned on the GPU from the palette texture (OpenGL 3.3 core),
// one creature following the inspector's current clip and frame, or a crowd of N instances with
// per-instance clips and phases in one instanced draw call. Overlays are toggles; the camera
// orbits (left drag), pans (middle or right drag, or shift + left), zooms (wheel), frames all (F),
// resets (R, Home) and snaps to front/side/top (1, 3, 7). Click a joint (drawn as a dot), a
// bone's segment or the body to select the bone (BonePicker); Ctrl+click adds or removes one.
// When the context is too old or the shaders do not build, it stops drawing and emits
// unavailable(reason). A BPSM minimal snapshot mesh (setSnapshot) is drawn instead from its stored,
// pre-skinned vertices, one frame at a time (SnapshotRenderer; ViewportCanvasSnapshot.cpp), with
// the same clip/frame control, grid, bounds and text; it has no skeleton, sockets or crowd.
// A recording (setRecording, ViewportCanvasMotion.cpp) is drawn as the shipped hands rig skinned
// from a one-frame palette sampled at the recording time, with its overlay lines (RecordingScene):
// alone while setRecordingShown(true), and over the creature (each at the same instant) while
// setRecordingOverlay(true). Motion paths of named bones, sockets or recorded joints
// (setMotionPaths) and onion skins (setOnionSkins: ghosts N frames before and after, in the same
// instanced draw as a crowd, fading with distance) work on clips; motion paths also on recordings.
// The game's bodies (ViewportCanvasBody.cpp): a late-v3 file is drawn with the BPRM bodies found
// beside it by the game's naming (`<species>_full.bprm`, `_minimal.bprm`) or attached
// (setBodyFiles), full or minimal (setBodyMode), skinned by the stored skinning matrices in the
// same instanced draw; a crowd draws its far instances with the minimal body in a second one.
// Compare mode (setCompareGhost) draws a second file's paired clip at the same frame as a warm
// ghost in that same instanced draw.
// Crowds (ViewportCanvasCrowd.cpp): the shown file as a grid of N (setCrowdSize), or a mixed
// crowd of several files from a crowd specification (setArmy: View > Crowd..., --crowd
// SPEC.json), drawn by a CrowdRenderer: one instanced draw per species and level of detail, the
// levels chosen by screen size whenever the camera moves; W A S D Q E fly the camera over it.
// Construct it only where openGLProblem() is empty: Qt itself crashes
// composing any QOpenGLWidget on a platform without OpenGL (the offscreen plugin).
#include "BodySource.h"
#include "CompareGhost.h"
#include "CreatureRenderer.h"
#include "CrowdRenderer.h"
#include "CrowdScene.h"
#include "LineRenderer.h"
#include "MotionPaths.h"
#include "OrbitCamera.h"
#include "RecordingScene.h"
#include "SnapshotRenderer.h"
#include "ViewportScene.h"

#include "FrameRateMeter.h"

#include <QElapsedTimer>
#include <QOpenGLExtraFunctions>
#include <QOpenGLWidget>
#include <optional>
#include <QTimer>

class QLabel;
namespace bpat {
class BpatFile;
class BpsmFile;
class FootContacts;
} // namespace bpat

namespace bpat::studio {

class ViewportCanvas : public QOpenGLWidget, protected QOpenGLExtraFunctions
{
    Q_OBJECT

public:
    enum Overlay {
        Skeleton = 0x1,
        JointAxes = 0x2,
        BoneNames = 0x4,
        Sockets = 0x8,
        Grid = 0x10,
        Bounds = 0x20,
        Stats = 0x40,
        ControlBones = 0x80, // the rig's controls (IK targets, poles) as small markers, pickable
    };
    Q_DECLARE_FLAGS(Overlays, Overlay)
    Q_FLAG(Overlays)

    explicit ViewportCanvas(QWidget *parent = nullptr);
    ~ViewportCanvas() override;

    QString unavailableReason() const { return m_unavailable; } // empty while drawing works
    QString glRenderer() const { return m_renderer; }
    const ViewportScene &scene() const { return m_scene; }
    const OrbitCamera &camera() const { return m_camera; }
    OrbitCamera &camera() { return m_camera; }
    // The snapshot mesh shown (invalid while a BPAT file or nothing is shown).
    const SnapshotSource &snapshot() const { return m_snapshot; }
    bool showsSnapshot() const { return m_snapshot.isValid(); }
    // Global frame whose stored vertices are in the GPU buffer, and a read-back of that buffer.
    std::optional<quint32> uploadedSnapshotFrame() const { return m_snapshotRenderer.uploadedFrame(); }
    int snapshotUploads() const { return m_snapshotRenderer.uploads(); }
    // Palette texture uploads so far (a test hook: metadata-only edits add none).
    int paletteUploads() const { return m_renderer3d.paletteTexture().uploads(); }
    quint32 paletteTextureId() const { return m_renderer3d.paletteTexture().textureId(); }
    QByteArray readBackSnapshotVertices();
    Overlays overlays() const { return m_overlays; }
    int clip() const { return m_clip; }
    int frame() const { return m_frame; }
    int crowdSize() const { return m_crowd; }
    int selectedBone() const { return m_selectedBone; }
    int lastDrawCalls() const { return m_lastDrawCalls; }
    quint32 currentGlobalFrame() const;
    // Bone whose joint is nearest to a widget position (within `radius` pixels), or -1.
    int boneAt(const QPointF &position, float radius = 12) const;
    // The bone a click at a widget position picks: a joint, else a segment, else (with `body`)
    // the creature's body under it (BonePicker).
    BonePicker::Hit pickBone(const QPointF &position, bool body = true) const;
    // The joints of a frame a click can land on: the controls only while their markers are shown.
    QList<QVector3D> pickableJoints(quint32 frame) const;
    const QList<int> &selectedBones() const { return m_selectedBones; }
    // How much of the creature's screen rectangle at the current frame lies in the view (0..1;
    // the rectangle of its projected bounds, 0 when any corner is behind the camera, 1 with
    // nothing to show). A clip change that loses much of it (riding clips sit the rider where
    // the horse's back is) frames the creature.
    double visibleFraction() const;
    // Rows per palette layer; > 0 forces the layer split (tests).
    void setMaxRowsPerLayer(int rows) { m_maxRows = rows; }

    // Bones the deep checks found broken at some frame (NON_FINITE, NON_AFFINE,
    // DEGENERATE_MATRIX): while that frame is shown, the bone is ringed where its joint (else its
    // nearest finite ancestor's, else the root's) is drawn and named in red in the text.
    struct FlaggedBone
    {
        int clip = -1;
        int frame = -1;
        int bone = -1;
        QString code;
    };
    void setFlaggedBones(const QList<FlaggedBone> &bones);
    // The red text lines for the frame shown (empty when no bone is flagged there).
    QStringList flaggedTextLines() const;
    // Ground contacts of a clip (ViewportCanvasContacts.cpp): while a frame of that clip is
    // shown, each planted foot is ringed on the ground plane at its height, in green, and the
    // text names the planted feet. Null: none.
    void setFootContacts(std::shared_ptr<const bpat::FootContacts> contacts);
    // The bones of the feet planted at the frame shown (empty when none or no contacts).
    QList<int> plantedFootBones() const;
    QString plantedFeetText() const; // "planted: foot_l, foot_r", empty when not shown
    // Where the last paint put the text at the top left (file, clip, stats) with its dark
    // backing, in widget pixels (empty when there was no text).
    QRect hudRect() const { return m_hudRect; }

    // --- Recordings, motion paths, onion skins (ViewportCanvasMotion.cpp) --------------------
    const RecordingScene &recording() const { return m_recording; }
    bool recordingShown() const { return m_recordingShown; }
    bool recordingOverlay() const { return m_recordingOverlay; }
    double recordingOffset() const { return m_recordingOffset; }
    bool drawsRecording() const; // the recording is drawn now
    bool drawsCreature() const;  // the BPAT creature (or snapshot) is drawn now
    const QStringList &motionPathNames() const { return m_motionPathNames; }
    // The motion paths of the current instant, as drawn (draw data for tests).
    QList<MotionPath> motionPaths() const;
    int onionSkins() const { return m_onion; }
    int onionSpacing() const { return m_onionSpacing; }
    // The creature instances of the last draw (the creature, then its onion skins; a crowd).
    const QList<CreatureInstance> &drawnInstances() const { return m_drawnInstances; }
    // The recording's instances of the last draw: the hands now, then their onion skins, every
    // kRecordingOnionStep * spacing seconds before and after.
    int recordingInstances() const { return m_recordingRenderer.instanceCount(); }
    static constexpr double kRecordingOnionStep = 0.1;
    // Onion skin instances for a clip frame: ghosts at frame -+ k * spacing, k = 1..count,
    // nearest first, fade level k * 255 / (count + 1) in bits 8..15 of `loops`. One-shot clips
    // get no ghost past either end.
    static QList<CreatureInstance> onionInstances(const PaletteClip &clip, quint32 frame, int count, int spacing);
    // Compare mode (ViewportCanvasMotion.cpp): the ghost drawn over the creature, or null.
    const CompareGhost *compareGhost() const { return m_ghost.get(); }
    // The ghost's instance: its clip's frame, the fade level in bits 8..15 and kCompareGhostBit.
    static constexpr quint32 kCompareGhostBit = 1u << 16;
    static constexpr quint32 kCompareGhostFade = 24;

    // --- The game's bodies (ViewportCanvasBody.cpp) ------------------------------------------
    enum class BodyMode {
        Full,
        Minimal,
        StandIn
    };
    Q_ENUM(BodyMode)
    BodyMode bodyMode() const { return m_bodyMode; }
    // What is drawn now: the mode's body, the other level when the mode's is missing, or the
    // stand-in when no body can be drawn (View > Body checks this one).
    BodyMode drawnBodyMode() const;
    // The body files of the shown file (found beside it or attached; empty: none) and what was
    // made of them against its palette (invalid when missing or refused: bodyStatus() says why).
    const QString &fullBodyPath() const { return m_fullBodyPath; }
    const QString &minimalBodyPath() const { return m_minimalBodyPath; }
    const BodySource &fullBody() const { return m_fullBody; }
    const BodySource &minimalBody() const { return m_minimalBody; }
    bool drawsBody() const { return m_scene.showsBody(); }
    // "horse_full.bprm (full, 4400 vertices)", or "stand-in: <why>".
    QString bodyStatus() const;
    // Crowd instances drawn with a lighter level of detail at the last draw (0 without a crowd).
    int farInstances() const;
    // Where a crowd's instances of the shown file switch to level `level` (1 or 2) moving away
    // from the camera, in metres, for the view's present height (0: no such level).
    float lodDistance(int level = 1) const;
    const CreatureRenderer &creatureRenderer() const { return m_renderer3d; }

    // --- Crowds (ViewportCanvasCrowd.cpp) -----------------------------------------------------
    // The crowd drawn (the shown file's grid or the army), null when none.
    const CrowdScene *crowdScene() const { return m_crowdScene.get(); }
    const CrowdRenderer &crowdRenderer() const { return m_crowdRenderer; }
    bool showsArmy() const { return m_army != nullptr; }
    bool showsCrowd() const { return m_army || (m_crowd > 1 && !showsSnapshot()); } // a snapshot is drawn once
    // The crowd's lines of the text overlay (species, levels, draw calls; its findings).
    QStringList crowdTextLines() const;
    // The bone pre-pass of the creature and crowd renderers: nullopt for the best the context has.
    void setSkinningPath(std::optional<SkinningPath> path);

public Q_SLOTS:
    // keepCamera: the same document shown again (after an edit or a reload) keeps the view.
    void setFile(const bpat::BpatFile &file, bool keepCamera = false);
    void setSource(const PaletteSource &source, bool keepCamera = false);
    // The shown file re-written with the same palette (a metadata-only edit: names, fps, loops,
    // markers, sockets): new clip and socket tables, the palette texture stays on the GPU;
    // `socketsChanged` re-uploads the socket rows only. Anything else falls back to setFile().
    void updateTables(const bpat::BpatFile &file, bool socketsChanged);
    // The shown file with the same tables and new matrices where the old ones lay (a key dragged
    // in the bone graph): the palette texture is uploaded again at the next paint; the bodies,
    // camera, clip and frame stay. Anything else falls back to setFile().
    void updatePalette(const bpat::BpatFile &file, int clip);
    void setSnapshot(const bpat::BpsmFile &file, bool keepCamera = false);
    void setSnapshotSource(const SnapshotSource &source, bool keepCamera = false);
    void clear();
    void setCurrentFrame(int clip, int frame);
    void setPlaying(bool playing);
    void setCrowdSize(int instances); // <= 1: the single creature
    void setOverlay(ViewportCanvas::Overlay overlay, bool on);
    void setOverlays(ViewportCanvas::Overlays overlays);
    void setPerBoneColors(bool on);
    void setInterpolation(bool on);
    void setSelectedBone(int bone);
    // Several bones drawn as selected (the current one among them: setSelectedBone).
    void setSelectedBones(const QList<int> &bones);
    void frameAll();
    // Frames the creature over the whole of a clip (every pose it takes, sampled), keeping the
    // view's direction: the Rebake preview, whose clip may rise or travel past its first pose.
    void frameClip(int clip);
    void resetCamera();
    void viewFront();
    void viewSide();
    void viewTop();
    void setRecording(std::shared_ptr<const bpat::InputAnimation> animation);
    void setRecordingTime(double seconds);
    void setRecordingShown(bool shown); // the recording is the document on show
    void setRecordingOverlay(bool on);  // recording and creature together
    // The recording's time of clip frame 0 (a rebake's range start) for the overlay's pairing of
    // clip frames and recording times: time = offset + frame / fps.
    void setRecordingOffset(double seconds);
    void setMotionPaths(const QStringList &names);
    void setOnionSkins(int count, int spacing = 1);
    void setBodyMode(bpat::studio::ViewportCanvas::BodyMode mode);
    // Draws these bodies over the shown file instead of those found beside it (File > Attach
    // Body..., --body), until another file is shown; an empty path: no body of that detail.
    void setBodyFiles(const QString &fullPath, const QString &minimalPath);
    // A second file over the open one (CompareGhost.h); null stops. A new file shown (setFile,
    // setSource) drops the ghost, which was built from the file before.
    void setCompareGhost(std::shared_ptr<const CompareGhost> ghost);
    // A mixed crowd (CrowdScene::fromSpec) drawn instead of the shown file, framed; null returns
    // to the file. Its findings (a missing file, a clamped count) are shown with it.
    void setArmy(std::shared_ptr<const CrowdScene> army);

Q_SIGNALS:
    void boneSelected(int bone);
    void boneToggled(int bone); // Ctrl+click: added to or removed from the selected bones
    void bodyChanged();         // the bodies, the mode or what is drawn changed (bodyStatus())
    void unavailable(const QString &reason);

protected:
    void initializeGL() override;
    void resizeGL(int width, int height) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private Q_SLOTS:
    void cleanup();

private:
    void showUnavailable(const QString &reason);
    void showNothing(const QString &why);
    const QList<PaletteClip> &activeClips() const; // of the snapshot or the palette
    bool hasContent() const { return showsSnapshot() || !m_scene.isEmpty() || drawsRecording(); }
    void contentBounds(QVector3D *lo, QVector3D *hi) const; // reference pose, finite
    void uploadSnapshot();
    int paintSnapshot(const CreatureRenderer::DrawParameters &parameters);
    // `file`'s palette when it has the shown one's shape; else the file is shown anew (setFile).
    std::optional<PaletteSource> sameShapeSource(const bpat::BpatFile &file);
    void uploadScene();
    void updateInstances();
    float playbackTime() const;
    QMatrix4x4 viewProjection() const;
    void drawOverlays(const QMatrix4x4 &viewProjection);
    void drawText(const QMatrix4x4 &viewProjection, double cpuMs);
    void paintRecording(const CreatureRenderer::DrawParameters &parameters);
    void uploadRecording();
    void appendMotionOverlays(QList<LineVertex> &depthTested, QList<LineVertex> &onTop, float scale) const;
    void appendPlantedFeet(QList<LineVertex> &onTop, float scale) const;
    QStringList recordingTextLines() const;
    void frameRecording();
    void syncOverlayFrame();
    void updateRecordingCoordinates();
    void findBodies(const QString &bpatPath, quint32 speciesId); // the game's naming
    void loadBodies();                                           // m_fullBody, m_minimalBody against the shown palette
    void applyBodyMode();                                        // the scene's body (or none) for the mode
    void uploadMeshes();                                         // body or stand-in, near and far, into the renderer
    void updateCrowd();                                          // the shown file's grid (m_crowd > 1)
    void paintCrowd(const CreatureRenderer::DrawParameters &parameters);
    bool crowdBounds(QVector3D *lo, QVector3D *hi) const;
    bool flyCamera(int key, bool fast);

    ViewportScene m_scene;
    CreatureRenderer m_renderer3d;
    SnapshotSource m_snapshot;
    SnapshotRenderer m_snapshotRenderer;
    bool m_snapshotDirty = false;
    LineRenderer m_lines;
    OrbitCamera m_camera;
    QLabel *m_message = nullptr;
    QString m_unavailable;
    QString m_renderer;
    bool m_glReady = false;
    bool m_sceneDirty = false;
    bool m_paletteDirty = false;                     // updatePalette(): the texture only, not the meshes
    std::pair<quint32, quint32> m_paletteRows{0, 0}; // the frames [first, end) it changed
    bool m_socketsDirty = false;
    bool m_instancesDirty = false;
    int m_maxRows = 0;

    int m_clip = 0;
    int m_frame = 0;
    int m_crowd = 1;
    bool m_playing = false;
    bool m_interpolate = true;
    bool m_perBoneColors = false;
    int m_selectedBone = -1;
    QList<int> m_selectedBones;
    int m_hoverBone = -1;
    QList<FlaggedBone> m_flagged;
    std::shared_ptr<const bpat::FootContacts> m_contacts;
    QRect m_hudRect;
    Overlays m_overlays = Overlays(Skeleton | Grid | Sockets | BoneNames | Stats);
    int m_lastDrawCalls = 0;
    bpat::studio::FrameRateMeter m_frameRate; // over consecutive repaints; "idle" after a pause

    RecordingScene m_recording;
    CreatureRenderer m_recordingRenderer;
    bool m_recordingDirty = false;
    bool m_recordingMeshDirty = false;
    bool m_recordingShown = false;
    bool m_recordingOverlay = false;
    bool m_recordingFramed = false;
    double m_recordingOffset = 0.0;
    QStringList m_motionPathNames;
    int m_onion = 0;
    int m_onionSpacing = 1;
    QList<CreatureInstance> m_drawnInstances;
    std::shared_ptr<const CompareGhost> m_ghost;
    PaletteSource m_plainSource; // the file's own source, while the scene shows the ghost's

    QString m_fullBodyPath, m_minimalBodyPath;
    BodySource m_fullBody, m_minimalBody;
    QString m_bodyError; // why a body is not drawn
    BodyMode m_bodyMode = BodyMode::Full;
    std::shared_ptr<const CrowdScene> m_crowdScene; // what m_crowdRenderer draws
    std::shared_ptr<const CrowdScene> m_army;       // a mixed crowd, shown instead of the file
    CrowdSpecies m_crowdSpecies;                    // the shown file's, levels made once per body
    QString m_crowdSpeciesKey;                      // what m_crowdSpecies was made from
    CrowdRenderer m_crowdRenderer;
    bool m_crowdDirty = false;
    std::optional<SkinningPath> m_skinningPath;

    QElapsedTimer m_clock;      // playback time
    QElapsedTimer m_frameClock; // interval between frames
    QTimer m_animation;
    QPoint m_lastMouse;
    QPoint m_pressPosition;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(ViewportCanvas::Overlays)

} // namespace bpat::studio
