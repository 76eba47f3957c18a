// CurvesPanel: tree + search + plot + exports working together, on a generated recording and on
// the real one; writes a screenshot of the panel (QWidget::grab) to the build folder for docs.
#include "app/GeneratedAnimation.h"
#include "app/RealRecording.h"
#include "widgets/CurvesPanel.h"

#include <QAction>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest/QTest>

using bpat::studio::CurvesPanel;
using bpat::studio::CurveTreeModel;

class tst_CurvesPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void showsGeneratedRecording();
    void searchCheckAndSelect();
    void exportsCsvAndPng();
    void sharesTheTimeCursor();
    void realRecordingCounts();
    void screenshot();
};

void tst_CurvesPanel::showsGeneratedRecording()
{
    CurvesPanel panel;
    panel.resize(1280, 720);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const auto animation = generated::makeAnimation();
    panel.setAnimation(animation);
    QCOMPARE(panel.treeModel()->rowCount(), 4);
    QCOMPARE(panel.treeModel()->totalKeyCount(), animation->keyCount());
    // The camera position starts plotted and framed.
    QCOMPARE(panel.checkedCurves(),
             (QStringList{QStringLiteral("Camera/PositionX"), QStringLiteral("Camera/PositionY"),
                          QStringLiteral("Camera/PositionZ")}));
    QCOMPARE(panel.plot()->curves().size(), 3);
    // The recording's markers go to the plot.
    QCOMPARE(panel.plot()->markers().size(), 2);
    QCOMPARE(panel.plot()->markers().at(1).name, QStringLiteral("relâche"));
    QCOMPARE(panel.plot()->markers().at(1).time, 7.5);
    const auto [t0, t1] = panel.plot()->timeRange();
    QVERIFY(t0 < 0.0 && t0 > -0.5 && t1 > 10.0 && t1 < 10.5);
    panel.setAnimation(nullptr);
    QCOMPARE(panel.treeModel()->rowCount(), 0);
    QVERIFY(panel.plot()->curves().isEmpty());
    QVERIFY(panel.plot()->markers().isEmpty());
}

void tst_CurvesPanel::searchCheckAndSelect()
{
    CurvesPanel panel;
    panel.resize(1280, 720);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setAnimation(generated::makeAnimation());
    panel.setSearchText(QStringLiteral("IndexTip"));
    auto *filter = panel.filterModel();
    QCOMPARE(filter->rowCount(), 2); // both hands
    // Check the left IndexTip position group through the view's model: three more curves.
    const QModelIndex left = filter->index(0, 0);
    const QModelIndex joint = filter->index(0, 0, left);
    const QModelIndex position = filter->index(0, 0, joint);
    QCOMPARE(position.data(CurveTreeModel::PathRole).toString(), QStringLiteral("LeftHand/IndexTip/Position"));
    QVERIFY(filter->setData(position, Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(panel.plot()->curves().size(), 6);
    // Selecting the group in the tree makes it what F frames.
    panel.treeView()->selectionModel()->select(position, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    QCOMPARE(panel.plot()->selectedCurves(),
             (QStringList{QStringLiteral("LeftHand/IndexTip/PositionX"), QStringLiteral("LeftHand/IndexTip/PositionY"),
                          QStringLiteral("LeftHand/IndexTip/PositionZ")}));
    panel.plot()->frameSelection();
    const auto [v0, v1] = panel.plot()->valueRange();
    QVERIFY(v0 < -0.2 && v0 > -0.3 && v1 > 0.2 && v1 < 0.3);
    // Clicking a curve in the plot selects it in the tree.
    Q_EMIT panel.plot()->curveClicked(QStringLiteral("Camera/PositionY"));
    QCOMPARE(panel.treeView()->currentIndex().data(CurveTreeModel::CurveNameRole).toString(), QString());
    panel.setSearchText(QString());
    Q_EMIT panel.plot()->curveClicked(QStringLiteral("Camera/PositionY"));
    QCOMPARE(panel.treeView()->currentIndex().data(CurveTreeModel::CurveNameRole).toString(), QStringLiteral("Camera/PositionY"));
    // Normalize from the toolbar.
    panel.normalizeAction()->trigger();
    QVERIFY(panel.plot()->isNormalized());
}

void tst_CurvesPanel::exportsCsvAndPng()
{
    CurvesPanel panel;
    panel.resize(1100, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setAnimation(generated::makeAnimation());
    panel.setCheckedCurves({QStringLiteral("Camera/PositionZ"), QStringLiteral("LeftHand/Tracked")});
    panel.plot()->setTimeRange(0.0, 2.0);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString error;
    const QString csvPath = dir.filePath(QStringLiteral("plot.csv"));
    QVERIFY2(panel.exportCsv(csvPath, &error), qPrintable(error));
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    QCOMPARE(lines.constFirst(), QByteArray("time,Camera/PositionZ,LeftHand/Tracked"));
    QCOMPARE(lines.size(),
             1 + 121 + 1); // header, 0..2 s at 60 keys per second (the tracked key at 1 s is one of them), final newline
    const auto row = [&lines](int index) {
        QList<double> values;
        for (const QByteArray &field : lines[index].split(','))
            values << field.toDouble();
        return values;
    };
    QCOMPARE(row(1), (QList<double>{0.0, 0.0, 1.0}));
    QCOMPARE(row(61), (QList<double>{1.0, -0.5, 1.0}));
    QCOMPARE(row(121), (QList<double>{2.0, -1.0, 1.0}));

    const QString pngPath = dir.filePath(QStringLiteral("plot.png"));
    QVERIFY2(panel.exportPng(pngPath, &error), qPrintable(error));
    QImage image(pngPath);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), panel.plot()->size() * panel.plot()->devicePixelRatioF());
    QVERIFY(!panel.exportPng(dir.filePath(QStringLiteral("missing/plot.png")), &error));
}

void tst_CurvesPanel::sharesTheTimeCursor()
{
    CurvesPanel panel;
    panel.setAnimation(generated::makeAnimation());
    QSignalSpy scrubbed(&panel, &CurvesPanel::cursorTimeScrubbed);
    panel.setCursorTime(4.25);
    QCOMPARE(panel.plot()->cursorTime(), 4.25);
    QCOMPARE(scrubbed.count(), 0);
    Q_EMIT panel.plot()->cursorTimeScrubbed(1.5);
    QCOMPARE(scrubbed.count(), 1);
    QCOMPARE(scrubbed.at(0).at(0).toDouble(), 1.5);
}

void tst_CurvesPanel::realRecordingCounts()
{
    BPAT_REAL_RECORDING(animation);
    CurvesPanel panel;
    panel.resize(1400, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setAnimation(animation);
    QCOMPARE(panel.treeModel()->curveCount(), 389);
    QCOMPARE(panel.treeModel()->totalKeyCount(), 118089);
    const QStringList names{QStringLiteral("RightHand/IndexTip/PositionX"), QStringLiteral("RightHand/Tracked")};
    panel.setCheckedCurves(names);
    QCOMPARE(panel.plot()->curves().size(), 2);
    // Checking curves keeps the time range; frame all then spans the keys of both curves (the
    // bool keys start before the recording: -5.25 s).
    panel.plot()->frameAll();
    const auto [t0, t1] = panel.plot()->timeRange();
    for (const QString &name : names) {
        const bpat::CurveRef ref = animation->curve(name);
        QVERIFY(ref.keyCount() > 0);
        QVERIFY(t0 <= ref.firstTime() && t1 >= ref.lastTime());
    }
}

// The panel as the user guide shows it: the real recording when it is there, else a generated one.
void tst_CurvesPanel::screenshot()
{
    QString reason;
    bool unavailable = false;
    std::shared_ptr<const bpat::InputAnimation> animation = realrecording::read(&reason, &unavailable);
    const bool real = animation != nullptr;
    if (!real)
        animation = generated::makeAnimation();
    const QString hand = real ? QStringLiteral("RightHand") : QStringLiteral("LeftHand");
    CurvesPanel panel;
    panel.resize(1400, 760);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setAnimation(animation);
    panel.setCheckedCurves({QStringLiteral("Camera/PositionX"), QStringLiteral("Camera/PositionY"),
                            QStringLiteral("Camera/PositionZ"), hand + QStringLiteral("/IndexTip/PositionX"),
                            hand + QStringLiteral("/Palm/PositionY"), hand + QStringLiteral("/Tracked")});
    for (const QString &path : {hand, hand + QStringLiteral("/IndexTip"), hand + QStringLiteral("/IndexTip/Position")})
        panel.treeView()->expand(panel.filterModel()->mapFromSource(panel.treeModel()->indexForPath(path)));
    panel.plot()->frameAll();
    const auto [t0, t1] = panel.plot()->timeRange();
    panel.setCursorTime(t0 + 0.37 * (t1 - t0));
    QTest::qWait(50);
    const QImage shot = panel.grab().toImage();
    QVERIFY(!shot.isNull());
    const QString path = testpaths::binaryDir() + QStringLiteral("/curves-panel.png");
    QVERIFY(shot.save(path));
    qInfo("screenshot (%s recording): %s", real ? "real" : "generated", qPrintable(path));
}

QTEST_MAIN(tst_CurvesPanel)
#include "tst_CurvesPanel.moc"
