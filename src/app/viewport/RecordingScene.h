#pragma once
// The CPU side of a recording (input animation .bin) in the viewport, no OpenGL: the headset and
// both hands posed by the shipped "hands" recipe at one instant, as a one-frame palette of the
// shipped hands rig (Head + 26 joints per hand, species 0) that the creature renderer skins, plus
// the overlay lines: each hand's joints joined as the rig joins them (faded while the hand is not
// tracked, where the recipe collapses its mesh), a ring between thumb and index tips while it
// pinches, the headset's view frustum and the eye-gaze ray of 1.1 files that have one.
// Coordinates are the rebake recipes': Unity's left-handed frame converted to right-handed Y-up
// (the "hands" recipe), or as recorded (setConvertCoordinates(false): the frame of the
// "humanoid-upper-body" recipe, which is the game's), so an overlay lines up with the rebake.
//
// Sampling uses the core's forward curve cursors (PoseCursor, CurveCursor, RayCursor): playing
// forward costs amortized O(1) per curve, a backwards scrub falls back to a binary search.
#include "PaletteSource.h"
#include "ViewportScene.h"
#include "mesh/CreatureMesh.h"
#include "anim/InputAnimation.h"
#include "anim/PoseCursor.h"
#include "anim/RayCursor.h"
#include "rebake/RecipePoser.h"

#include <QList>
#include <QVector3D>
#include <memory>
#include <optional>
#include <vector>

namespace bpat::studio {

// The shipped hands rig as the recording draws it: its mesh, bone parents and colours.
class RecordingRig
{
public:
    const bpat::CreatureMesh &mesh() const { return m_mesh; }
    const QList<QVector3D> &roleColors() const { return m_roleColors; }
    const QList<int> &parents() const { return m_parents; }
    const QString &rigName() const { return m_name; }

private:
    friend class RecordingScene;
    bpat::CreatureMesh m_mesh;
    QList<QVector3D> m_roleColors;
    QList<int> m_parents;
    QString m_name;
};

class RecordingScene
{
public:
    RecordingScene();
    ~RecordingScene();

    // Shows a recording (null clears); samples it at its start time.
    void setAnimation(std::shared_ptr<const bpat::InputAnimation> animation);
    void clear() { setAnimation(nullptr); }
    bool isEmpty() const { return !m_animation; }
    // True (the default): right-handed Y-up; false: as recorded. Resamples the current time.
    void setConvertCoordinates(bool convert);
    bool convertsCoordinates() const { return m_convert; }
    const std::shared_ptr<const bpat::InputAnimation> &animation() const { return m_animation; }
    double startTime() const { return m_start; } // of the recording's keys (cached: the
    double endTime() const { return m_end; }     // animation's own scan names every curve)

    // Samples every pose at `seconds` (clamped into the recording). Returns false (and keeps
    // the current sample) when the time is the one already sampled.
    bool setTime(double seconds);
    double time() const { return m_time; }
    // Counts samples taken (tests check that unchanged times cost nothing).
    int sampleCount() const { return m_samples; }

    // The hands rig's palette of the current instant for the renderer: one frame, boneCount()
    // matrices, the recipe's global matrices row-major (`palette` points into this scene and is
    // updated by setTime(); there is no file behind it, so read the matrices with palette()).
    const PaletteSource &source() const { return m_source; }
    // The current instant's boneCount() * 16 floats (a copy).
    QList<float> palette() const;
    // The hands rig's mesh and bone parents (built once per recording).
    const RecordingRig &rigScene() const { return m_rig; }
    int boneCount() const { return m_source.boneCount; }

    bool tracked(bpat::Hand hand) const { return m_tracked[size_t(hand)]; }
    bool pinching(bpat::Hand hand) const { return m_pinching[size_t(hand)]; }
    // A joint's position as recorded and converted (also while its hand is not tracked).
    QVector3D jointPosition(bpat::Hand hand, bpat::HandJoint joint) const;
    // Position of a named joint ("RightHand/IndexTip", "LeftHand/Wrist", "Camera"); nullopt
    // when the name is not a recorded pose.
    std::optional<QVector3D> position(const QString &name) const;
    const bpat::PoseSample &camera() const { return m_camera; } // converted
    QVector3D headsetForward() const;                           // where the headset looks, in the scene's frame
    bool hasGaze() const { return m_animation && m_animation->hasEyeGaze(); }
    const bpat::RaySample &gaze() const { return m_gaze; } // converted

    // The box around everything the recording shows over its whole length (tracked hands, the
    // headset), for framing. A unit box at the origin when empty.
    QVector3D extentLo() const { return m_extentLo; }
    QVector3D extentHi() const { return m_extentHi; }

    // The hands rig's palette at another instant (random-access evaluation; the cursors and the
    // current sample stay as they are): boneCount() * 16 floats appended to *out.
    void appendPaletteAt(double seconds, std::vector<float> *out) const;
    // The current instant's palette followed by one at each of `seconds` (the onion skins'
    // ghosts), one frame each, as a source for the renderer; *keep holds its bytes (the renderer
    // uploads them at once, so they need not outlive the upload).
    PaletteSource framesAt(const QList<double> &seconds, std::shared_ptr<std::vector<float>> *keep) const;

    // Overlay lines of the current instant (see the file comment); `alpha` scales every colour's
    // opacity (the overlay on a creature draws them lighter).
    void appendLines(QList<LineVertex> &out, float alpha = 1.0f) const;
    // Where a named pose ("RightHand/IndexTip", "Camera") was at `count` evenly spaced times
    // from `from` to `to` (random-access evaluation; the cursors stay where they are).
    QList<QVector3D> path(const QString &name, double from, double to, int count) const;

    static constexpr float kGazeLength = 2.0f; // metres of eye-gaze ray drawn

private:
    void sample(double seconds);
    bpat::PoseSample converted(const bpat::PoseSample &pose) const { return m_convert ? pose.toRightHandedYUp() : pose; }
    void computeExtent();

    std::shared_ptr<const bpat::InputAnimation> m_animation;
    std::unique_ptr<bpat::RecipePoser> m_poser;
    QList<bpat::PoseCursor> m_cursors; // one per CurveGroup index
    std::array<bpat::CurveCursor, 4> m_bools;
    bpat::RayCursor m_gazeCursor;
    std::shared_ptr<std::vector<float>> m_palette;
    PaletteSource m_source;
    RecordingRig m_rig;
    std::array<bpat::PoseSample, bpat::CurveGroup::Count> m_poses{}; // converted
    std::array<bool, bpat::HandCount> m_tracked{false, false};
    std::array<bool, bpat::HandCount> m_pinching{false, false};
    bpat::PoseSample m_camera;
    bpat::RaySample m_gaze;
    double m_time = 0.0;
    double m_start = 0.0, m_end = 0.0;
    bool m_convert = true;
    int m_samples = 0;
    QVector3D m_extentLo{-0.5f, 0, -0.5f}, m_extentHi{0.5f, 1, 0.5f};
};

} // namespace bpat::studio
