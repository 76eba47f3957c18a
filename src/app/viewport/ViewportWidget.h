#pragma once
// The 3D viewport as the main window embeds it: a ViewportCanvas (OpenGL 3.3 core, GPU skinning,
// crowds, overlays, camera; see ViewportCanvas.h) where OpenGL works, and otherwise a message
// saying why (no GL platform such as QT_QPA_PLATFORM=offscreen, GL older than 3.3, shaders that
// do not build). Every slot is safe in both states, so callers need not care which one they got.
//
// Typical wiring: file opened -> setFile(file) (or setSnapshot(bpsm) for a minimal snapshot
// mesh; pass keepCamera when the same document is shown again after an edit); timeline moved -> setCurrentFrame(clip, frame);
// palette panel selection -> setSelectedBone(bone); boneSelected(bone) -> palette panel.
#include "ViewportCanvas.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QStackedLayout;

namespace bpat::studio {

class ViewportWidget : public QWidget
{
    Q_OBJECT

public:
    using Overlay = ViewportCanvas::Overlay;
    using Overlays = ViewportCanvas::Overlays;
    static constexpr Overlay Skeleton = ViewportCanvas::Skeleton;
    static constexpr Overlay JointAxes = ViewportCanvas::JointAxes;
    static constexpr Overlay BoneNames = ViewportCanvas::BoneNames;
    static constexpr Overlay Sockets = ViewportCanvas::Sockets;
    static constexpr Overlay Grid = ViewportCanvas::Grid;
    static constexpr Overlay Bounds = ViewportCanvas::Bounds;
    static constexpr Overlay Stats = ViewportCanvas::Stats;

    explicit ViewportWidget(QWidget *parent = nullptr);
    ~ViewportWidget() override;

    // Sets the default surface format (3.3 core, depth, 4x MSAA). Call before QApplication.
    static void setDefaultSurfaceFormat();
    // Empty when a 3.3 core context can be made on this platform, else why not (cached).
    static QString openGLProblem();

    ViewportCanvas *canvas() const { return m_canvas; }    // nullptr without OpenGL
    QString unavailableReason() const { return m_reason; } // empty while drawing works
    QString glRenderer() const { return m_canvas ? m_canvas->glRenderer() : QString(); }

public Q_SLOTS:
    void setFile(const bpat::BpatFile &file, bool keepCamera = false);
    void setSnapshot(const bpat::BpsmFile &file, bool keepCamera = false);
    void updateTables(const bpat::BpatFile &file, bool socketsChanged); // see ViewportCanvas
    void updatePalette(const bpat::BpatFile &file, int clip);           // see ViewportCanvas
    void setSource(const PaletteSource &source);
    void clear();
    void setCurrentFrame(int clip, int frame);
    void setPlaying(bool playing);
    void setCrowdSize(int instances);
    void setOverlay(ViewportCanvas::Overlay overlay, bool on);
    void setOverlays(ViewportCanvas::Overlays overlays);
    void setPerBoneColors(bool on);
    void setInterpolation(bool on);
    void setSelectedBone(int bone);
    void setSelectedBones(const QList<int> &bones);                           // several drawn as selected (ViewportCanvas)
    void setFlaggedBones(const QList<ViewportCanvas::FlaggedBone> &bones);    // see ViewportCanvas
    void setFootContacts(std::shared_ptr<const bpat::FootContacts> contacts); // see ViewportCanvas
    void frameAll();
    void frameClip(int clip); // ViewportCanvas::frameClip
    void resetCamera();
    void viewFront();
    void viewSide();
    void viewTop();
    // Recordings, motion paths and onion skins (see ViewportCanvas.h).
    void setRecording(std::shared_ptr<const bpat::InputAnimation> animation);
    void setRecordingTime(double seconds);
    void setRecordingShown(bool shown);
    void setRecordingOverlay(bool on);
    void setRecordingOffset(double seconds);
    void setMotionPaths(const QStringList &names);
    void setOnionSkins(int count, int spacing = 1);
    // The game's bodies (see ViewportCanvas.h): View > Body, File > Attach Body..., --body.
    void setBodyMode(bpat::studio::ViewportCanvas::BodyMode mode);
    void setBodyFiles(const QString &fullPath, const QString &minimalPath);
    void setCompareGhost(std::shared_ptr<const CompareGhost> ghost);      // compare mode (ViewportCanvas)
    void setArmy(std::shared_ptr<const CrowdScene> army);                 // a mixed crowd (View > Crowd...), null: none
    void setSkinningPath(std::optional<bpat::studio::SkinningPath> path); // the bone pre-pass (nullopt: the best)

Q_SIGNALS:
    void boneSelected(int bone);
    void boneToggled(int bone); // Ctrl+click on a bone
    void bodyChanged();

private:
    void showReason(const QString &reason);

    QStackedLayout *m_stack = nullptr;
    QPointer<ViewportCanvas> m_canvas;
    QLabel *m_message = nullptr;
    QString m_reason;
};

} // namespace bpat::studio
