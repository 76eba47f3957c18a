// CurveTreeModel and CurveFilterModel: grouping of canonical curve names, key counts per node,
// check propagation, the search filter, and the tree of the real recording.
#include "app/GeneratedAnimation.h"
#include "app/RealRecording.h"
#include "models/CurveFilterModel.h"
#include "models/CurveTreeModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QColor>
#include <QtTest/QTest>

using bpat::studio::CurveFilterModel;
using bpat::studio::CurveTreeModel;

namespace {

QList<CurveTreeModel::Entry> entriesOf(const bpat::InputAnimation &animation)
{
    QList<CurveTreeModel::Entry> entries;
    const QList<bpat::CurveRef> refs = animation.curves();
    for (const bpat::CurveRef &ref : refs)
        entries.append({ref.name, ref.keyCount(), ref.boolCurve != nullptr});
    return entries;
}

QStringList childLabels(const QAbstractItemModel &model, const QModelIndex &parent)
{
    QStringList labels;
    for (int row = 0; row < model.rowCount(parent); ++row)
        labels << model.index(row, 0, parent).data().toString();
    return labels;
}

// Keys of every curve whose name starts with `prefix`, summed from the animation itself.
qint64 keysUnder(const bpat::InputAnimation &animation, const QString &prefix)
{
    qint64 sum = 0;
    const QList<bpat::CurveRef> refs = animation.curves();
    for (const bpat::CurveRef &ref : refs) {
        if (ref.name.startsWith(prefix))
            sum += ref.keyCount();
    }
    return sum;
}

// Every node's key count equals the sum over the animation's curves below it.
void checkCountsAgainst(const CurveTreeModel &model, const bpat::InputAnimation &animation, const QModelIndex &parent)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        const QString path = index.data(CurveTreeModel::PathRole).toString();
        const bool leaf = !index.data(CurveTreeModel::CurveNameRole).toString().isEmpty();
        const qint64 expected = leaf ? animation.curve(path).keyCount() : keysUnder(animation, path);
        QCOMPARE(index.data(CurveTreeModel::KeyCountRole).toLongLong(), expected);
        QCOMPARE(model.index(row, CurveTreeModel::KeysColumn, parent).data().toString(), QString::number(expected));
        checkCountsAgainst(model, animation, index);
    }
}

} // namespace

class tst_CurveTreeModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void groupsCanonicalNames();
    void checkingAGroupChecksItsCurves();
    void plottedCurvesShowTheirColourAndFullName();
    void searchKeepsParentsAndChildren();
    void generatedAnimationCounts();
    void realRecordingCounts();
};

void tst_CurveTreeModel::groupsCanonicalNames()
{
    CurveTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCurves({{QStringLiteral("Camera/PositionX"), 10, false},
                     {QStringLiteral("Camera/RotationW"), 5, false},
                     {QStringLiteral("LeftHand/Tracked"), 3, true},
                     {QStringLiteral("LeftHand/IndexTip/PositionX"), 7, false},
                     {QStringLiteral("LeftHand/IndexTip/PositionY"), 2, false},
                     {QStringLiteral("EyeGaze/DirectionZ"), 4, false}});
    QCOMPARE(childLabels(model, {}),
             (QStringList{QStringLiteral("Camera"), QStringLiteral("LeftHand"), QStringLiteral("EyeGaze")}));
    const QModelIndex camera = model.index(0, 0);
    QCOMPARE(childLabels(model, camera), (QStringList{QStringLiteral("Position"), QStringLiteral("Rotation")}));
    QCOMPARE(camera.data(CurveTreeModel::KeyCountRole).toLongLong(), 15);
    const QModelIndex leftHand = model.index(1, 0);
    QCOMPARE(childLabels(model, leftHand), (QStringList{QStringLiteral("Tracked"), QStringLiteral("IndexTip")}));
    QVERIFY(model.index(0, 0, leftHand).data(CurveTreeModel::IsBoolRole).toBool());
    const QModelIndex indexPosition = model.indexForPath(QStringLiteral("LeftHand/IndexTip/Position"));
    QVERIFY(indexPosition.isValid());
    QCOMPARE(childLabels(model, indexPosition), (QStringList{QStringLiteral("X"), QStringLiteral("Y")}));
    QCOMPARE(indexPosition.data(CurveTreeModel::KeyCountRole).toLongLong(), 9);
    QCOMPARE(model.index(0, 0, indexPosition).data(CurveTreeModel::CurveNameRole).toString(),
             QStringLiteral("LeftHand/IndexTip/PositionX"));
    QCOMPARE(model.indexForPath(QStringLiteral("EyeGaze/Direction")).data(CurveTreeModel::CurveNamesRole).toStringList(),
             QStringList{QStringLiteral("EyeGaze/DirectionZ")});
    QCOMPARE(model.totalKeyCount(), 31);
    QCOMPARE(model.curveCount(), 6);
    QCOMPARE(model.headerData(CurveTreeModel::KeysColumn, Qt::Horizontal).toString(), QStringLiteral("Keys"));
}

void tst_CurveTreeModel::plottedCurvesShowTheirColourAndFullName()
{
    // The plot's legend had room for "Came... Came..."; the tree is the legend: swatches in the
    // plotted curves' colours and the full canonical name on hover.
    CurveTreeModel model;
    model.setCurves({{QStringLiteral("Camera/PositionX"), 10, false}, {QStringLiteral("Camera/PositionY"), 10, false}});
    const QModelIndex x = model.indexForPath(QStringLiteral("Camera/PositionX"));
    QVERIFY(!x.data(Qt::DecorationRole).isValid());
    model.setPlottedColors({{QStringLiteral("Camera/PositionX"), QColor(Qt::red)}});
    QCOMPARE(x.data(Qt::DecorationRole).value<QColor>(), QColor(Qt::red));
    QVERIFY(!model.indexForPath(QStringLiteral("Camera/PositionY")).data(Qt::DecorationRole).isValid());
    QVERIFY(x.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Camera/PositionX")));
}

void tst_CurveTreeModel::checkingAGroupChecksItsCurves()
{
    CurveTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCurves({{QStringLiteral("Camera/PositionX"), 10, false},
                     {QStringLiteral("Camera/PositionY"), 10, false},
                     {QStringLiteral("Camera/RotationW"), 5, false}});
    QSignalSpy spy(&model, &CurveTreeModel::checkedCurvesChanged);
    const QModelIndex position = model.indexForPath(QStringLiteral("Camera/Position"));
    QVERIFY(model.setData(position, Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(model.checkedCurves(), (QStringList{QStringLiteral("Camera/PositionX"), QStringLiteral("Camera/PositionY")}));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toStringList(), model.checkedCurves());
    QCOMPARE(position.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QCOMPARE(model.index(0, 0).data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));
    QCOMPARE(model.indexForPath(QStringLiteral("Camera/Rotation")).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));

    QVERIFY(model.setData(model.indexForPath(QStringLiteral("Camera/PositionX")), Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(model.checkedCurves(), QStringList{QStringLiteral("Camera/PositionY")});
    QCOMPARE(position.data(Qt::CheckStateRole).toInt(), int(Qt::PartiallyChecked));

    model.setCheckedCurves({QStringLiteral("Camera/RotationW")});
    QCOMPARE(model.checkedCurves(), QStringList{QStringLiteral("Camera/RotationW")});
    QVERIFY(!model.setData(model.index(0, CurveTreeModel::KeysColumn), Qt::Checked, Qt::CheckStateRole));
}

void tst_CurveTreeModel::searchKeepsParentsAndChildren()
{
    CurveTreeModel model;
    model.setCurves(entriesOf(*generated::makeAnimation()));
    CurveFilterModel filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);

    filter.setFilterFixedString(QStringLiteral("indextip"));
    QCOMPARE(childLabels(filter, {}), (QStringList{QStringLiteral("LeftHand"), QStringLiteral("RightHand")}));
    const QModelIndex left = filter.index(0, 0);
    QCOMPARE(childLabels(filter, left), QStringList{QStringLiteral("IndexTip")});
    const QModelIndex joint = filter.index(0, 0, left);
    QCOMPARE(childLabels(filter, joint), (QStringList{QStringLiteral("Position"), QStringLiteral("Rotation")}));
    QCOMPARE(filter.rowCount(filter.index(1, 0, joint)), 4); // X Y Z W kept below the match

    filter.setFilterFixedString(QStringLiteral("RotationW"));
    QCOMPARE(childLabels(filter, {}),
             (QStringList{QStringLiteral("Camera"), QStringLiteral("LeftHand"), QStringLiteral("RightHand")}));
    QCOMPARE(filter.rowCount(filter.index(1, 0)), 27); // every joint of the left hand, no bools

    filter.setFilterFixedString(QStringLiteral("no such curve"));
    QCOMPARE(filter.rowCount(), 0);
}

void tst_CurveTreeModel::generatedAnimationCounts()
{
    const auto animation = generated::makeAnimation();
    CurveTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCurves(entriesOf(*animation));
    QCOMPARE(childLabels(model, {}),
             (QStringList{QStringLiteral("Camera"), QStringLiteral("LeftHand"), QStringLiteral("RightHand"),
                          QStringLiteral("EyeGaze")}));
    QCOMPARE(model.curveCount(), 7 + 4 + 2 * 27 * 7 + 6);
    QCOMPARE(model.totalKeyCount(), 3 * 601 + 1 + 3 + 1000 + 3 + 301);
    QCOMPARE(model.index(0, 0).data(CurveTreeModel::KeyCountRole).toLongLong(), 3 * 601 + 1);
    QCOMPARE(model.index(3, 0).data(CurveTreeModel::KeyCountRole).toLongLong(), 301);
    checkCountsAgainst(model, *animation, {});
}

void tst_CurveTreeModel::realRecordingCounts()
{
    BPAT_REAL_RECORDING(animation);
    CurveTreeModel model;
    model.setCurves(entriesOf(*animation));
    // A 1.0 recording: camera and both hands (27 joints and the two bools each), no eye gaze.
    QCOMPARE(childLabels(model, {}),
             (QStringList{QStringLiteral("Camera"), QStringLiteral("LeftHand"), QStringLiteral("RightHand")}));
    QCOMPARE(model.curveCount(), 389);
    QCOMPARE(model.rowCount(model.index(1, 0)), 29);
    QCOMPARE(model.rowCount(model.index(2, 0)), 29);
    QCOMPARE(model.totalKeyCount(), 118089); // the recording's key count (../shared/README.md)
    QCOMPARE(model.totalKeyCount(), animation->keyCount());
    // The "None" joint is written but never recorded.
    QCOMPARE(model.indexForPath(QStringLiteral("LeftHand/None")).data(CurveTreeModel::KeyCountRole).toLongLong(), 0);
    QVERIFY(model.indexForPath(QStringLiteral("LeftHand/IndexTip")).data(CurveTreeModel::KeyCountRole).toLongLong() > 0);
    checkCountsAgainst(model, *animation, {});
}

QTEST_MAIN(tst_CurveTreeModel)
#include "tst_CurveTreeModel.moc"
