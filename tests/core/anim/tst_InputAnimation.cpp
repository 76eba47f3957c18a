// InputAnimation: canonical curve names, lookup, sections, counts.
#include "anim/InputAnimation.h"

#include <QSet>
#include <QtTest/QtTest>

using namespace bpat;

class tst_InputAnimation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void jointNames();
    void allCurveNamesInFileOrder();
    void lookupByName();
    void sectionsDecideWhatExists();
    void durationAndCounts();
};

void tst_InputAnimation::jointNames()
{
    QCOMPARE(handJointName(HandJoint::None), QStringLiteral("None"));
    QCOMPARE(handJointName(HandJoint::IndexTip), QStringLiteral("IndexTip"));
    QCOMPARE(int(HandJoint::IndexTip), 11);
    QCOMPARE(handJointName(HandJoint::PinkyTip), QStringLiteral("PinkyTip"));
    QCOMPARE(int(HandJoint::PinkyTip), 26);
    for (int j = 0; j < HandJointCount; ++j)
        QCOMPARE(handJointFromName(handJointName(HandJoint(j))), std::optional<HandJoint>(HandJoint(j)));
    QVERIFY(!handJointFromName(u"Elbow"));
}

void tst_InputAnimation::allCurveNamesInFileOrder()
{
    const QStringList names = InputAnimation::allCurveNames();
    QCOMPARE(names.size(), 7 + 4 + 378 + 6);
    QCOMPARE(QSet<QString>(names.cbegin(), names.cend()).size(), names.size());
    QCOMPARE(names.at(0), QStringLiteral("Camera/PositionX"));
    QCOMPARE(names.at(6), QStringLiteral("Camera/RotationW"));
    QCOMPARE(names.mid(7, 4),
             (QStringList{QStringLiteral("LeftHand/Tracked"), QStringLiteral("RightHand/Tracked"),
                          QStringLiteral("LeftHand/Pinching"), QStringLiteral("RightHand/Pinching")}));
    QCOMPARE(names.at(11), QStringLiteral("LeftHand/None/PositionX"));
    QCOMPARE(names.at(94), QStringLiteral("LeftHand/IndexTip/RotationW"));
    QCOMPARE(names.at(11 + 189), QStringLiteral("RightHand/None/PositionX"));
    QCOMPARE(names.at(388), QStringLiteral("RightHand/PinkyTip/RotationW"));
    QCOMPARE(names.last(), QStringLiteral("EyeGaze/DirectionZ"));
}

void tst_InputAnimation::lookupByName()
{
    InputAnimation a;
    a.setHasEyeGaze(true);
    for (const QString &name : InputAnimation::allCurveNames()) {
        const CurveRef ref = a.curve(name);
        QVERIFY2(!ref.isNull(), qPrintable(name));
        QCOMPARE(ref.name, name);
        QCOMPARE(ref.type() == CurveType::Bool, name.endsWith(u"/Tracked") || name.endsWith(u"/Pinching"));
    }
    QCOMPARE(a.floatCurve(u"LeftHand/IndexTip/RotationW"), &a.joint(Hand::Left, HandJoint::IndexTip)[PoseComponent::RotationW]);
    QCOMPARE(a.boolCurve(u"RightHand/Pinching"), &a.handBool(HandBoolCurve::RightPinching));
    QCOMPARE(a.floatCurve(u"EyeGaze/OriginY"), &a.eyeGaze()[RayComponent::OriginY]);
    QCOMPARE(a.floatCurve(u"LeftHand/Tracked"), nullptr); // a bool curve
    QCOMPARE(a.pose(u"Camera"), &a.camera());
    QCOMPARE(a.pose(u"RightHand/Wrist"), &a.joint(Hand::Right, HandJoint::Wrist));
    QCOMPARE(a.pose(u"RightHand/Elbow"), nullptr);
    QCOMPARE(a.pose(u"RightHand/Wrist/PositionX"), nullptr);
    QCOMPARE(a.pose(u"EyeGaze"), nullptr);
    for (const char16_t *bad : {u"", u"Camera", u"Camera/PositionQ", u"LeftHand/Elbow/PositionX", u"MiddleHand/Tracked",
                                u"LeftHand/IndexTip/RotationW/X", u"camera/positionx"})
        QVERIFY2(a.curve(QStringView(bad)).isNull(), qPrintable(QString::fromUtf16(bad)));
}

void tst_InputAnimation::sectionsDecideWhatExists()
{
    InputAnimation a;
    QCOMPARE(a.curveCount(), 389);
    QVERIFY(a.curve(u"EyeGaze/DirectionZ").isNull());
    a.setHasCamera(false);
    a.setHasHands(false);
    a.setHasEyeGaze(true);
    QCOMPARE(a.curveCount(), 6);
    QCOMPARE(a.curves().size(), 6);
    QVERIFY(a.curve(u"Camera/PositionX").isNull());
    QVERIFY(a.curve(u"LeftHand/Tracked").isNull());
    QCOMPARE(a.pose(u"Camera"), nullptr);
    QCOMPARE(a.pose(u"LeftHand/Wrist"), nullptr);
    QCOMPARE(a.curves().constFirst().name, QStringLiteral("EyeGaze/OriginX"));
}

void tst_InputAnimation::durationAndCounts()
{
    InputAnimation a;
    QCOMPARE(a.duration(), 0.0);
    a.camera()[PoseComponent::PositionY].setKeys({Keyframe::linear(-1, 0), Keyframe::linear(4.5f, 1)});
    a.handBool(HandBoolCurve::LeftTracked).setKeys({{-5.25f, 1}, {6, 0}});
    a.eyeGaze()[RayComponent::OriginX].setKeys({Keyframe::linear(99, 0)}); // section absent: ignored
    QCOMPARE(a.duration(), 6.0);
    QCOMPARE(a.startTime(), -5.25);
    QCOMPARE(a.keyCount(), 4);
    a.setHasEyeGaze(true);
    QCOMPARE(a.duration(), 99.0);
    QCOMPARE(a.keyCount(), 5);
}

QTEST_GUILESS_MAIN(tst_InputAnimation)
#include "tst_InputAnimation.moc"
