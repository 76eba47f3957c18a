// BonePicker, the viewport's forgiving pick, on a hand-made skeleton under an orthographic
// camera: a joint within its radius wins (a child on its parent's origin wins the tie), else the
// segment under the click picks the bone it starts from, else the body under the click picks the
// heaviest bone of the nearest corner of the nearest triangle; nothing picks nothing.
#include "viewport/BonePicker.h"

#include <QtTest/QTest>
#include <limits>

using bpat::studio::BonePicker;
using bpat::studio::BonePickSurface;

namespace {

// Model (x, y) in -1..1 lands on widget pixel ((x + 1) * 100, (1 - y) * 100).
BonePicker picker()
{
    QMatrix4x4 projection;
    projection.ortho(-1.0f, 1.0f, -1.0f, 1.0f, -10.0f, 10.0f);
    return BonePicker(projection, QSizeF(200, 200));
}

} // namespace

class tst_BonePicker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void jointsThenSegmentsThenTheBody()
    {
        const BonePicker p = picker();
        // 0 root at the bottom, 1 above it, 2 to its right, 3 on 2's origin (a leaf child).
        const QList<QVector3D> joints{{0.0f, -0.5f, 0.0f}, {0.0f, 0.5f, 0.0f}, {0.5f, 0.5f, 0.0f}, {0.5f, 0.5f, 0.0f}};
        const QList<int> parents{-1, 0, 1, 2};
        QPointF at;
        QVERIFY(p.project(joints.at(1), &at));
        QCOMPARE(at, QPointF(100, 50));

        QCOMPARE(p.pick(QPointF(104, 53), joints, parents).bone, 1);
        QCOMPARE(p.pick(QPointF(104, 53), joints, parents).how, BonePicker::How::Joint);
        QCOMPARE(p.jointAt(QPointF(150, 50), joints), 3); // the child on its parent's origin
        // Halfway up the 0 -> 1 segment, 4 px beside it: bone 0, whose segment it is.
        const BonePicker::Hit segment = p.pick(QPointF(104, 100), joints, parents);
        QCOMPARE(segment.bone, 0);
        QCOMPARE(segment.how, BonePicker::How::Segment);
        QCOMPARE(p.pick(QPointF(125, 49), joints, parents).bone, 1); // along 1 -> 2
        // Too far from everything, no body: nothing.
        QCOMPARE(p.pick(QPointF(30, 170), joints, parents).how, BonePicker::How::None);
        QCOMPARE(p.pick(QPointF(30, 170), joints, parents).bone, -1);

        // A body: two overlapping quads on the left, the nearer one (z = 0.5) weighted to bone 2.
        const QList<quint32> indices{0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7};
        BonePickSurface surface;
        surface.positions = {{-0.9f, -0.9f, 0.5f},    {-0.4f, -0.9f, 0.5f},   {-0.4f, -0.2f, 0.5f}, {-0.9f, -0.2f, 0.5f},
                             {-0.95f, -0.95f, -0.5f}, {-0.3f, -0.95f, -0.5f}, {-0.3f, 0.0f, -0.5f}, {-0.95f, 0.0f, -0.5f}};
        surface.indices = &indices;
        surface.vertexBones = {2, 2, 2, 2, 1, 1, 1, 1};
        const BonePicker::Hit body = p.pick(QPointF(30, 170), joints, parents, surface);
        QCOMPARE(body.how, BonePicker::How::Body);
        QCOMPARE(body.bone, 2);
        // Where only the far quad is: its bone.
        QCOMPARE(p.pick(QPointF(66, 110), joints, parents, surface).bone, 1);
        // Joints and segments still come first, body or not.
        QCOMPARE(p.pick(QPointF(104, 100), joints, parents, surface).how, BonePicker::How::Segment);
    }

    void hostileGeometryPicksNothing()
    {
        const BonePicker p = picker();
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const QList<QVector3D> joints{{nan, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f}};
        QCOMPARE(p.jointAt(QPointF(100, 100), joints), 1);
        QCOMPARE(p.segmentAt(QPointF(100, 100), joints, {-1, 0}), -1); // the link from a NaN joint
        // Indices past the vertices, a degenerate triangle: skipped.
        const QList<quint32> indices{0, 1, 9, 0, 0, 0};
        BonePickSurface surface;
        surface.positions = {{-1, -1, 0}, {1, -1, 0}};
        surface.indices = &indices;
        surface.vertexBones = {0, 0};
        QCOMPARE(p.bodyAt(QPointF(100, 190), surface), -1);
        QCOMPARE(BonePicker(QMatrix4x4(), QSizeF(0, 0)).bodyAt(QPointF(1, 1), surface), -1);
    }
};

QTEST_GUILESS_MAIN(tst_BonePicker)
#include "tst_BonePicker.moc"
