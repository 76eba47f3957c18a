#pragma once
// An input animation recording (Mixed Reality Toolkit `.bin`, versions 1.0 and 1.1): which
// sections it holds, the camera pose curves, the four hand bool curves, 2 x 27 joint pose
// curves, the eye gaze ray curves and the markers. Read with InputAnimationReader, write with
// InputAnimationWriter, evaluate with CurveEvaluator / CurveCursor / PoseCursor.
//
// Every curve has a canonical name used by the CLI, the GUI and rebake recipes:
//   Camera/PositionX .. Camera/RotationW
//   LeftHand/Tracked, RightHand/Tracked, LeftHand/Pinching, RightHand/Pinching
//   LeftHand/<Joint>/<Component>, RightHand/<Joint>/<Component>   (27 joints, see HandJoint.h)
//   EyeGaze/OriginX .. EyeGaze/DirectionZ
#include "anim/BoolCurve.h"
#include "anim/FloatCurve.h"
#include "anim/HandJoint.h"
#include "anim/PoseCurves.h"
#include "anim/RayCurves.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <array>

namespace bpat {

struct InputAnimationMarker
{
    float time = 0.0f;
    QString name;
    friend bool operator==(const InputAnimationMarker &, const InputAnimationMarker &) = default;
};

// The four bool curves, in file order.
enum class HandBoolCurve {
    LeftTracked = 0,
    RightTracked,
    LeftPinching,
    RightPinching
};
constexpr int HandBoolCurveCount = 4;

enum class CurveType {
    Float,
    Bool
};
QString curveTypeName(CurveType type); // "float" / "bool"

// A named curve of an animation; points into the animation (valid while it lives unchanged).
struct CurveRef
{
    QString name;
    const FloatCurve *floatCurve = nullptr; // set for float curves
    const BoolCurve *boolCurve = nullptr;   // set for bool curves

    bool isNull() const { return !floatCurve && !boolCurve; }
    CurveType type() const { return boolCurve ? CurveType::Bool : CurveType::Float; }
    int keyCount() const;
    double firstTime() const;
    double lastTime() const;
    WrapMode preWrap() const;
    WrapMode postWrap() const;
};

class InputAnimation
{
public:
    InputAnimation() = default; // version 1.1, camera and hands present, no eye gaze

    int majorVersion() const { return m_major; }
    int minorVersion() const { return m_minor; }
    void setVersion(int major, int minor);
    QString versionString() const; // "1.0"

    // Sections present (a 1.0 file always has camera and hands, never eye gaze).
    bool hasCamera() const { return m_hasCamera; }
    bool hasHands() const { return m_hasHands; }
    bool hasEyeGaze() const { return m_hasEyeGaze; }
    void setHasCamera(bool on) { m_hasCamera = on; }
    void setHasHands(bool on) { m_hasHands = on; }
    void setHasEyeGaze(bool on) { m_hasEyeGaze = on; }

    const PoseCurves &camera() const { return m_camera; }
    PoseCurves &camera() { return m_camera; }
    const BoolCurve &handBool(HandBoolCurve which) const { return m_handBools[size_t(which)]; }
    BoolCurve &handBool(HandBoolCurve which) { return m_handBools[size_t(which)]; }
    const PoseCurves &joint(Hand hand, HandJoint joint) const;
    PoseCurves &joint(Hand hand, HandJoint joint);
    const RayCurves &eyeGaze() const { return m_eyeGaze; }
    RayCurves &eyeGaze() { return m_eyeGaze; }

    const QList<InputAnimationMarker> &markers() const { return m_markers; }
    QList<InputAnimationMarker> &markers() { return m_markers; }

    // Every curve of the present sections, in file order, with its canonical name.
    QList<CurveRef> curves() const;
    // A curve by canonical name; null when the name is unknown or its section is absent.
    CurveRef curve(QStringView name) const;
    // The pose curves of "Camera", "LeftHand/<Joint>" or "RightHand/<Joint>"; null when the
    // name is unknown or its section is absent.
    const PoseCurves *pose(QStringView name) const;
    const FloatCurve *floatCurve(QStringView name) const { return curve(name).floatCurve; }
    const BoolCurve *boolCurve(QStringView name) const { return curve(name).boolCurve; }
    // Canonical names of every curve a file can hold (all sections), in file order.
    static QStringList allCurveNames();
    static QString cameraCurveName(PoseComponent component); // "Camera/PositionX"
    static QString handBoolCurveName(HandBoolCurve which);   // "LeftHand/Tracked"
    static QString jointCurveName(Hand hand, HandJoint joint, PoseComponent component);
    static QString eyeGazeCurveName(RayComponent component); // "EyeGaze/OriginX"

    int curveCount() const;  // curves in the present sections
    qint64 keyCount() const; // keys over those curves
    // The largest last-key time over all curves (0 without keys).
    double duration() const;
    // The smallest first-key time over all curves (0 without keys; may be negative).
    double startTime() const;

    friend bool operator==(const InputAnimation &, const InputAnimation &) = default;

private:
    int m_major = 1;
    int m_minor = 1;
    bool m_hasCamera = true;
    bool m_hasHands = true;
    bool m_hasEyeGaze = false;
    PoseCurves m_camera;
    std::array<BoolCurve, HandBoolCurveCount> m_handBools;
    std::array<std::array<PoseCurves, HandJointCount>, HandCount> m_joints;
    RayCurves m_eyeGaze;
    QList<InputAnimationMarker> m_markers;
};

} // namespace bpat
