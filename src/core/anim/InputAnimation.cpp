#include "anim/InputAnimation.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <limits>

namespace bpat {

QString curveTypeName(CurveType type)
{
    return type == CurveType::Bool ? QStringLiteral("bool") : QStringLiteral("float");
}

int CurveRef::keyCount() const
{
    return floatCurve ? floatCurve->keyCount() : boolCurve ? boolCurve->keyCount() : 0;
}

double CurveRef::firstTime() const
{
    return floatCurve ? floatCurve->firstTime() : boolCurve ? boolCurve->firstTime() : 0.0;
}

double CurveRef::lastTime() const
{
    return floatCurve ? floatCurve->lastTime() : boolCurve ? boolCurve->lastTime() : 0.0;
}

WrapMode CurveRef::preWrap() const
{
    return floatCurve ? floatCurve->preWrap() : boolCurve ? boolCurve->preWrap() : WrapMode::ClampForever;
}

WrapMode CurveRef::postWrap() const
{
    return floatCurve ? floatCurve->postWrap() : boolCurve ? boolCurve->postWrap() : WrapMode::ClampForever;
}

void InputAnimation::setVersion(int major, int minor)
{
    m_major = major;
    m_minor = minor;
}

QString InputAnimation::versionString() const
{
    return QString::number(m_major) + QLatin1Char('.') + QString::number(m_minor);
}

const PoseCurves &InputAnimation::joint(Hand hand, HandJoint joint) const
{
    return m_joints[size_t(hand)][size_t(joint)];
}

PoseCurves &InputAnimation::joint(Hand hand, HandJoint joint)
{
    return m_joints[size_t(hand)][size_t(joint)];
}

QString InputAnimation::cameraCurveName(PoseComponent component)
{
    return QStringLiteral("Camera/") + poseComponentName(component);
}

QString InputAnimation::handBoolCurveName(HandBoolCurve which)
{
    const bool left = which == HandBoolCurve::LeftTracked || which == HandBoolCurve::LeftPinching;
    const bool tracked = which == HandBoolCurve::LeftTracked || which == HandBoolCurve::RightTracked;
    return handName(left ? Hand::Left : Hand::Right) + (tracked ? QStringLiteral("/Tracked") : QStringLiteral("/Pinching"));
}

QString InputAnimation::jointCurveName(Hand hand, HandJoint joint, PoseComponent component)
{
    return handName(hand) + QLatin1Char('/') + handJointName(joint) + QLatin1Char('/') + poseComponentName(component);
}

QString InputAnimation::eyeGazeCurveName(RayComponent component)
{
    return QStringLiteral("EyeGaze/") + rayComponentName(component);
}

// `named`: fill CurveRef::name. The summaries (key count, start, duration) walk every curve
// without naming them, so asking a recording for its time range does not build 389 strings.
static QList<CurveRef> collectCurves(const InputAnimation &a, bool camera, bool hands, bool eyeGaze, bool named = true)
{
    QList<CurveRef> out;
    out.reserve(a.curveCount());
    const auto name = [named](auto &&make) { return named ? make() : QString(); };
    if (camera) {
        for (int c = 0; c < PoseComponentCount; ++c)
            out.append({name([c] { return InputAnimation::cameraCurveName(PoseComponent(c)); }), &a.camera()[PoseComponent(c)],
                        nullptr});
    }
    if (hands) {
        for (int b = 0; b < HandBoolCurveCount; ++b)
            out.append({name([b] { return InputAnimation::handBoolCurveName(HandBoolCurve(b)); }), nullptr,
                        &a.handBool(HandBoolCurve(b))});
        for (int h = 0; h < HandCount; ++h) {
            for (int j = 0; j < HandJointCount; ++j) {
                const PoseCurves &pose = a.joint(Hand(h), HandJoint(j));
                for (int c = 0; c < PoseComponentCount; ++c) {
                    out.append(
                        {name([h, j, c] { return InputAnimation::jointCurveName(Hand(h), HandJoint(j), PoseComponent(c)); }),
                         &pose[PoseComponent(c)], nullptr});
                }
            }
        }
    }
    if (eyeGaze) {
        for (int c = 0; c < RayComponentCount; ++c)
            out.append({name([c] { return InputAnimation::eyeGazeCurveName(RayComponent(c)); }), &a.eyeGaze()[RayComponent(c)],
                        nullptr});
    }
    return out;
}

QList<CurveRef> InputAnimation::curves() const
{
    return collectCurves(*this, m_hasCamera, m_hasHands, m_hasEyeGaze);
}

QStringList InputAnimation::allCurveNames()
{
    static const InputAnimation empty;
    QStringList names;
    for (const CurveRef &ref : collectCurves(empty, true, true, true))
        names.append(ref.name);
    return names;
}

static std::optional<PoseComponent> poseComponentFromName(QStringView name)
{
    for (int c = 0; c < PoseComponentCount; ++c) {
        if (poseComponentName(PoseComponent(c)) == name)
            return PoseComponent(c);
    }
    return std::nullopt;
}

CurveRef InputAnimation::curve(QStringView name) const
{
    const QList<QStringView> parts = name.split(u'/');
    if (parts.size() == 2 && parts[0] == u"Camera" && m_hasCamera) {
        if (const auto c = poseComponentFromName(parts[1]))
            return {name.toString(), &m_camera[*c], nullptr};
    } else if (parts.size() == 2 && parts[0] == u"EyeGaze" && m_hasEyeGaze) {
        for (int c = 0; c < RayComponentCount; ++c) {
            if (rayComponentName(RayComponent(c)) == parts[1])
                return {name.toString(), &m_eyeGaze[RayComponent(c)], nullptr};
        }
    } else if (parts.size() == 2 && m_hasHands) {
        const auto hand = handFromName(parts[0]);
        if (hand && (parts[1] == u"Tracked" || parts[1] == u"Pinching")) {
            const bool tracked = parts[1] == u"Tracked";
            const HandBoolCurve which = *hand == Hand::Left
                ? (tracked ? HandBoolCurve::LeftTracked : HandBoolCurve::LeftPinching)
                : (tracked ? HandBoolCurve::RightTracked : HandBoolCurve::RightPinching);
            return {name.toString(), nullptr, &handBool(which)};
        }
    } else if (parts.size() == 3 && m_hasHands) {
        const auto hand = handFromName(parts[0]);
        const auto jointId = handJointFromName(parts[1]);
        const auto c = poseComponentFromName(parts[2]);
        if (hand && jointId && c)
            return {name.toString(), &joint(*hand, *jointId)[*c], nullptr};
    }
    return {};
}

const PoseCurves *InputAnimation::pose(QStringView name) const
{
    if (name == u"Camera")
        return m_hasCamera ? &m_camera : nullptr;
    const QList<QStringView> parts = name.split(u'/');
    if (parts.size() != 2 || !m_hasHands)
        return nullptr;
    const auto hand = handFromName(parts[0]);
    const auto jointId = handJointFromName(parts[1]);
    return hand && jointId ? &joint(*hand, *jointId) : nullptr;
}

int InputAnimation::curveCount() const
{
    return (m_hasCamera ? PoseComponentCount : 0)
        + (m_hasHands ? HandBoolCurveCount + HandCount * HandJointCount * PoseComponentCount : 0)
        + (m_hasEyeGaze ? RayComponentCount : 0);
}

qint64 InputAnimation::keyCount() const
{
    qint64 total = 0;
    for (const CurveRef &ref : collectCurves(*this, m_hasCamera, m_hasHands, m_hasEyeGaze, false))
        total += ref.keyCount();
    return total;
}

double InputAnimation::duration() const
{
    double result = -std::numeric_limits<double>::infinity();
    for (const CurveRef &ref : collectCurves(*this, m_hasCamera, m_hasHands, m_hasEyeGaze, false)) {
        if (ref.keyCount() > 0)
            result = std::max(result, ref.lastTime());
    }
    return std::isinf(result) && result < 0 ? 0.0 : result;
}

double InputAnimation::startTime() const
{
    double result = std::numeric_limits<double>::infinity();
    for (const CurveRef &ref : collectCurves(*this, m_hasCamera, m_hasHands, m_hasEyeGaze, false)) {
        if (ref.keyCount() > 0)
            result = std::min(result, ref.firstTime());
    }
    return std::isinf(result) && result > 0 ? 0.0 : result;
}

} // namespace bpat
