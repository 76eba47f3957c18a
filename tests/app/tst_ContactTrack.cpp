// Ground contacts at a glance, in the window, on the real files: the timeline's bars per foot
// (and the v3 contact table's), the planted feet ringed in the viewport, the Contacts dock.
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "Theme.h"
#include "document/ClipContacts.h"
#include "models/ContactsModel.h"
#include "models/ModelRoles.h"
#include "motion/FootContacts.h"
#include "viewport/ViewportWidget.h"
#include "widgets/ContactTrack.h"
#include "widgets/ContactsPanel.h"
#include "widgets/CopyableTableView.h"
#include "widgets/TablePanel.h"
#include "widgets/TimelineWidget.h"

#include <QDockWidget>
#include <QLabel>
#include <QStandardPaths>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

namespace {
const QString kHumanoid = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");

// Pixels close to the viewport's planted-foot ring colour.
int ringPixels(const QImage &image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - 41) + std::abs(c.green() - 184) + std::abs(c.blue() - 158) < 45)
                ++n;
        }
    }
    return n;
}
} // namespace

class tst_ContactTrack : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void barsPerFootAndTable();
    void ridingClipsSayTheGameDoesNotPlantThem();
    void quadrupedsWithoutTable();
    void contactsDockFollowsTheFrame();
    void plantedFootIsRingedInTheViewport();

private:
    ContactTrack *track() const { return m_window->timeline()->contactTrack(); }
    StudioContext *context() const { return m_window->context(); }
    std::unique_ptr<MainWindow> m_window;
};

void tst_ContactTrack::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
}

void tst_ContactTrack::init()
{
    BPAT_REQUIRE_SHARED(kHumanoid);
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->resize(1280, 800);
    QVERIFY(m_window->openFile(testpaths::shared(kHumanoid)));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    context()->setCurrentClipByName(QStringLiteral("walk"));
}

void tst_ContactTrack::cleanup()
{
    m_window.reset();
}

void tst_ContactTrack::barsPerFootAndTable()
{
    QVERIFY(track()->isVisible());
    QCOMPARE(track()->rowLabels(),
             QStringList({QStringLiteral("foot_l"), QStringLiteral("foot_r"), QStringLiteral("contact table")}));
    const auto contacts = m_window->timeline()->contacts()->current();
    QVERIFY(contacts);
    QCOMPARE(contacts->clip(), context()->currentClip());
    // Each bar is filled exactly over the frames its foot is planted.
    for (int row = 0; row < 2; ++row) {
        QList<int> fromRuns;
        for (const auto &[first, last] : track()->plantedRuns(row)) {
            for (int f = first; f <= last; ++f)
                fromRuns.append(f);
        }
        QList<int> planted;
        for (quint32 f = 0; f < contacts->frames(); ++f) {
            if (contacts->isPlanted(row, f))
                planted.append(int(f));
        }
        QCOMPARE(fromRuns, planted);
        QVERIFY(!planted.isEmpty() && planted.size() < 24);
    }
    int planted = -1; // a planted frame away from the current frame's line (frame 0)
    for (quint32 f = 2; f < contacts->frames() && planted < 0; ++f) {
        if (contacts->isPlanted(0, f))
            planted = int(f);
    }
    QVERIFY(planted > 0);
    const QPoint onIt(int(std::lround(track()->xOfFrame(planted))), 2 + 4);
    QCOMPARE(track()->rowAt(onIt.y()), 0);
    QVERIFY2(track()->toolTipAt(onIt).startsWith(QStringLiteral("foot_l (FootL), frame %1: planted").arg(planted)),
             qPrintable(track()->toolTipAt(onIt)));
    QVERIFY(track()->toolTipAt(onIt).contains(QStringLiteral(" m above its lowest")));
    const QImage image = track()->grab().toImage();
    QCOMPARE(image.pixelColor(onIt), Theme::plantedColor());
    // A press on the bars scrubs.
    QTest::mouseClick(track(), Qt::LeftButton, Qt::NoModifier, QPoint(int(std::lround(track()->xOfFrame(17))), 6));
    QCOMPARE(context()->currentFrame(), 17);
}

void tst_ContactTrack::ridingClipsSayTheGameDoesNotPlantThem()
{
    context()->setCurrentClipByName(QStringLiteral("riding_idle"));
    const int table = 2;
    QCOMPARE(track()->rowLabels().at(table), QStringLiteral("contact table"));
    const QString tip = track()->toolTipAt(QPoint(int(std::lround(track()->xOfFrame(3))), 2 + table * 11 + 4));
    QVERIFY2(tip.contains(QStringLiteral("does not supply ground contact")), qPrintable(tip));
}

void tst_ContactTrack::quadrupedsWithoutTable()
{
    const QString horse = QStringLiteral("upstream_assets/bpat_v1_latest/horse.bpat");
    BPAT_REQUIRE_SHARED(horse);
    QVERIFY(m_window->openFile(testpaths::shared(horse)));
    context()->setCurrentClipByName(QStringLiteral("walk"));
    QCOMPARE(track()->rowLabels().size(), 4); // four feet, no contact table in v1
    QVERIFY(!track()->rowLabels().contains(QStringLiteral("contact table")));
    auto *panel = m_window->findChild<ContactsPanel *>();
    QVERIFY(panel);
    // Without a table: sole_y is not there, foot_y is the lowest foot computed from the feet.
    ContactsModel *model = panel->model();
    QCOMPARE(model->index(0, ContactsModel::SoleYColumn).data().toString(), QStringLiteral("-"));
    double lowest = 1e9;
    for (int foot = 0; foot < 4; ++foot)
        lowest = std::min(lowest, model->index(0, ContactsModel::FirstFootColumn + foot).data(SortRole).toDouble());
    QCOMPARE(model->index(0, ContactsModel::FootYColumn).data(SortRole).toDouble(), lowest);
    QVERIFY(model->index(0, ContactsModel::FootYColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("no contact table")));
}

void tst_ContactTrack::contactsDockFollowsTheFrame()
{
    auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("contactsDock"));
    QVERIFY(dock);
    QVERIFY(!dock->isVisible()); // closed until asked for: View > Contacts, or a double-click on the bars
    QTest::mouseDClick(track(), Qt::LeftButton, Qt::NoModifier, QPoint(int(std::lround(track()->xOfFrame(11))), 6));
    QTRY_VERIFY(dock->isVisible());
    QCOMPARE(context()->currentFrame(), 11);
    auto *panel = qobject_cast<ContactsPanel *>(dock->widget());
    QVERIFY(panel);
    QTRY_VERIFY(panel->isVisible());
    QVERIFY(panel->legend()->text().contains(QStringLiteral("planted")));
    QVERIFY(panel->legend()->text().contains(QStringLiteral("metres")));
    ContactsModel *model = panel->model();
    QCOMPARE(model->rowCount(), 24);
    QCOMPARE(model->headerData(ContactsModel::SoleYColumn, Qt::Horizontal).toString(), QStringLiteral("sole_y (m)"));
    QCOMPARE(model->headerData(ContactsModel::FootYColumn, Qt::Horizontal).toString(), QStringLiteral("foot_y (m)"));
    QCOMPARE(model->headerData(ContactsModel::FirstFootColumn, Qt::Horizontal).toString(), QStringLiteral("foot_l y (m)"));
    QCOMPARE(model->headerData(model->plantedColumn(), Qt::Horizontal).toString(), QStringLiteral("Planted"));
    QVERIFY(model->headerData(ContactsModel::SoleYColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("metres")));
    // The contact table's numbers as the file holds them.
    const auto record = context()->file().contact(*context()->file().globalFrame(context()->currentClip(), 5));
    QVERIFY(record);
    QCOMPARE(model->index(5, ContactsModel::SoleYColumn).data().toString(), QString::number(double(record->first), 'f', 4));
    QCOMPARE(model->index(5, ContactsModel::FootYColumn).data().toString(), QString::number(double(record->second), 'f', 4));
    // The timeline moves the table; a row picked moves the timeline.
    context()->setCurrentFrame(9);
    QCOMPARE(panel->table()->sourceRow(panel->table()->view()->currentIndex()), 9);
    panel->table()->view()->setCurrentIndex(panel->table()->proxy()->mapFromSource(model->index(3, 0)));
    QCOMPARE(context()->currentFrame(), 3);
    QVERIFY(panel->summary()->text().contains(QStringLiteral("foot_l planted")));
}

void tst_ContactTrack::plantedFootIsRingedInTheViewport()
{
    ViewportCanvas *canvas = m_window->viewport()->canvas();
    if (!canvas)
        QSKIP("no OpenGL here");
    const auto contacts = m_window->timeline()->contacts()->current();
    int frame = -1;
    for (quint32 f = 0; f < contacts->frames() && frame < 0; ++f) {
        if (contacts->isPlanted(0, f) && !contacts->isPlanted(1, f))
            frame = int(f);
    }
    QVERIFY(frame >= 0);
    context()->setCurrentFrame(frame);
    QCOMPARE(canvas->plantedFootBones(), QList<int>{contacts->feet().at(0).bone});
    QCOMPARE(canvas->plantedFeetText(), QStringLiteral("planted: foot_l"));
    const int with = ringPixels(canvas->grabFramebuffer());
    m_window->viewport()->setFootContacts(nullptr);
    const int without = ringPixels(canvas->grabFramebuffer());
    QVERIFY2(with > without + 20, qPrintable(QStringLiteral("ring pixels %1 with, %2 without").arg(with).arg(without)));
    QVERIFY(canvas->plantedFeetText().isEmpty());
}

QTEST_MAIN(tst_ContactTrack)
#include "tst_ContactTrack.moc"
