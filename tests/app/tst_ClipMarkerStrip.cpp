// Markers edited on the timeline (ClipMarkerStrip) on the real late-v3 humanoid: drag to move,
// click to select and jump, Delete to clear, double-click to rename, set or clear (MarkerDialog),
// each one undoable edit made by DocumentEditor::setClipMarker; the order warning of `bpat
// edit`; the Clips table's markers by name in frames; what a v1 file says instead.
#include "MainWindow.h"
#include "PanelDocks.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "WindowKeys.h"
#include "dialogs/MarkerDialog.h"
#include "editing/DocumentSession.h"
#include "models/ClipsModel.h"
#include "widgets/ClipMarkerStrip.h"
#include "widgets/TimelineWidget.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

namespace {
const QString kHumanoid = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
constexpr int kContact = 2;
constexpr int kExitSafe = 4;
} // namespace

class tst_ClipMarkerStrip : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void dragMovesAMarker();
    void dragPastAnotherWarnsAsBpatEditDoes();
    void escapeCancelsADrag();
    void clickSelectsAndDeleteClears();
    void doubleClickRenames();
    void doubleClickElsewhereSetsOne();
    void dialogClearsAndRefusesOutOfRange();
    void clipsTableShowsMarkersInFrames();
    void v1FilesSayHowToGetMarkers();

private:
    ClipMarkerStrip *strip() const { return m_window->timeline()->markerStrip(); }
    StudioContext *context() const { return m_window->context(); }
    const std::array<float, 5> &markers(int clip) const { return context()->file().clips().at(clip).markers; }
    QPoint at(double frame) const { return QPoint(int(std::lround(strip()->xOfFrame(frame))), strip()->height() - 4); }
    void dragMarker(double fromFrame, int toFrame);
    MarkerDialog *dialog() const { return strip()->findChild<MarkerDialog *>(); }
    std::unique_ptr<MainWindow> m_window;
    int m_sword = -1;
};

void tst_ClipMarkerStrip::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
}

void tst_ClipMarkerStrip::init()
{
    BPAT_REQUIRE_SHARED(kHumanoid);
    m_window = std::make_unique<MainWindow>();
    m_window->setInteractive(false);
    m_window->resize(1280, 760);
    QVERIFY(m_window->openFile(testpaths::shared(kHumanoid)));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_sword = context()->file().findClip(QStringLiteral("attack_sword_a"));
    context()->setCurrentClip(m_sword); // 24 frames: markers 0.10, 0.42, 0.54, 0.72, 0.92
    QVERIFY(strip()->isVisible());
    QCOMPARE(strip()->lastFrame(), 23);
}

void tst_ClipMarkerStrip::cleanup()
{
    m_window.reset();
}

void tst_ClipMarkerStrip::dragMarker(double fromFrame, int toFrame)
{
    QTest::mousePress(strip(), Qt::LeftButton, Qt::NoModifier, at(fromFrame));
    const double step = (toFrame - fromFrame) / 4.0;
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(strip(), at(fromFrame + step * i));
    QTest::mouseRelease(strip(), Qt::LeftButton, Qt::NoModifier, at(toFrame));
}

void tst_ClipMarkerStrip::dragMovesAMarker()
{
    QUndoStack *undo = context()->session()->undoStack();
    const int frame = context()->currentFrame();
    dragMarker(0.54 * 23, 15);
    QCOMPARE(markers(m_sword)[kContact], 15.0f / 23.0f); // on the frame it was dropped on
    QCOMPARE(undo->count(), 1);
    QVERIFY2(undo->text(0).contains(QStringLiteral("contact")), qPrintable(undo->text(0)));
    QCOMPARE(context()->currentFrame(), frame); // a drag of a marker does not scrub
    QCOMPARE(strip()->selectedMarker(), kContact);
    QVERIFY(strip()->lastWarning().isEmpty());
    undo->undo();
    QCOMPARE(markers(m_sword)[kContact], 0.54f);
    undo->redo();
    QCOMPARE(markers(m_sword)[kContact], 15.0f / 23.0f);
    // The other clips of the family keep theirs.
    QCOMPARE(markers(m_sword + 1)[kContact], 0.54f);
}

void tst_ClipMarkerStrip::dragPastAnotherWarnsAsBpatEditDoes()
{
    QSignalSpy messages(context(), &StudioContext::message);
    dragMarker(0.54 * 23, 18);                           // past recover_unlocked (0.72 = frame 16.6)
    QCOMPARE(markers(m_sword)[kContact], 18.0f / 23.0f); // made: no reader checks the order
    QVERIFY2(strip()->lastWarning().startsWith(
                 QStringLiteral("clip 'attack_sword_a': recover_unlocked (0.72) comes before contact (0.7826)")),
             qPrintable(strip()->lastWarning()));
    QVERIFY(
        strip()->lastWarning().contains(QStringLiteral("the game expects 0 <= anticipation_start < weapon_release <= contact")));
    QVERIFY(!messages.isEmpty());
    QVERIFY(messages.last().first().toString().startsWith(QStringLiteral("Warning: clip 'attack_sword_a'")));
}

void tst_ClipMarkerStrip::escapeCancelsADrag()
{
    QTest::mousePress(strip(), Qt::LeftButton, Qt::NoModifier, at(0.54 * 23));
    QTest::mouseMove(strip(), at(14));
    QTest::mouseMove(strip(), at(15));
    windowkeys::keyClick(strip(), Qt::Key_Escape);
    QTest::mouseRelease(strip(), Qt::LeftButton, Qt::NoModifier, at(15));
    QCOMPARE(markers(m_sword)[kContact], 0.54f);
    QCOMPARE(context()->session()->undoStack()->count(), 0);
}

void tst_ClipMarkerStrip::clickSelectsAndDeleteClears()
{
    QTest::mouseClick(strip(), Qt::LeftButton, Qt::NoModifier, at(0.42 * 23));
    QCOMPARE(strip()->selectedMarker(), 1);
    QCOMPARE(context()->currentFrame(), 10); // weapon_release, 0.42 x 23 = 9.66
    windowkeys::activate(strip());           // the display's focus may be another test's (ctest -j2)
    QVERIFY(strip()->hasFocus());
    windowkeys::keyClick(strip(), Qt::Key_Delete);
    QCOMPARE(markers(m_sword)[1], -1.0f);
    QCOMPARE(strip()->selectedMarker(), -1);
    QCOMPARE(strip()->markerLabels().size(), 4);
    context()->session()->undoStack()->undo();
    QCOMPARE(markers(m_sword)[1], 0.42f);
}

void tst_ClipMarkerStrip::doubleClickRenames()
{
    // walk: exit_safe 0.98 only; renamed to contact, at the same phase, in one edit.
    const int walk = context()->file().findClip(QStringLiteral("walk"));
    context()->setCurrentClip(walk);
    QTest::mouseDClick(strip(), Qt::LeftButton, Qt::NoModifier, at(0.98 * 23));
    QVERIFY(dialog());
    QCOMPARE(dialog()->editedMarker(), kExitSafe);
    QCOMPARE(dialog()->frameEdit()->text(), QStringLiteral("22.54"));
    dialog()->nameCombo()->setCurrentIndex(kContact);
    dialog()->accept();
    QCOMPARE(markers(walk)[kContact], 0.98f);
    QCOMPARE(markers(walk)[kExitSafe], -1.0f);
    QUndoStack *undo = context()->session()->undoStack();
    QCOMPARE(undo->count(), 1);
    QVERIFY2(undo->text(0).contains(QStringLiteral("Rename marker 'exit_safe'")), qPrintable(undo->text(0)));
    QCOMPARE(strip()->selectedMarker(), kContact);
    undo->undo();
    QCOMPARE(markers(walk)[kContact], -1.0f);
    QCOMPARE(markers(walk)[kExitSafe], 0.98f);
}

void tst_ClipMarkerStrip::doubleClickElsewhereSetsOne()
{
    const int walk = context()->file().findClip(QStringLiteral("walk"));
    context()->setCurrentClip(walk);
    QTest::mouseDClick(strip(), Qt::LeftButton, Qt::NoModifier, at(6));
    QVERIFY(dialog());
    QCOMPARE(dialog()->editedMarker(), -1);
    QCOMPARE(dialog()->marker(), 0); // the first that is not set
    QCOMPARE(dialog()->frameEdit()->text(), QStringLiteral("6"));
    dialog()->accept();
    QCOMPARE(markers(walk)[0], 6.0f / 23.0f);
    QCOMPARE(strip()->markerLabels().size(), 2);
}

void tst_ClipMarkerStrip::dialogClearsAndRefusesOutOfRange()
{
    QTest::mouseDClick(strip(), Qt::LeftButton, Qt::NoModifier, at(0.92 * 23));
    QVERIFY(dialog());
    QCOMPARE(dialog()->editedMarker(), kExitSafe);
    // A frame past the clip is refused in the dialog, never clamped or cut short.
    dialog()->frameEdit()->setText(QStringLiteral("40"));
    Q_EMIT dialog()->frameEdit()->textEdited(QStringLiteral("40"));
    dialog()->accept();
    QVERIFY(dialog()->isVisible());
    QVERIFY2(dialog()->error().contains(QStringLiteral("Frame 40 is past the last frame, 23")), qPrintable(dialog()->error()));
    QCOMPARE(markers(m_sword)[kExitSafe], 0.92f);
    // A phase typed leads: the frame follows it; the order warning shows before OK.
    dialog()->phaseEdit()->setText(QStringLiteral("0.5"));
    Q_EMIT dialog()->phaseEdit()->textEdited(QStringLiteral("0.5"));
    QCOMPARE(dialog()->frameEdit()->text(), QStringLiteral("11.50"));
    QVERIFY2(dialog()->notes().contains(QStringLiteral("exit_safe (0.5) comes before recover_unlocked (0.72)")),
             qPrintable(dialog()->notes()));
    QVERIFY(dialog()->clearButton());
    dialog()->clearButton()->click();
    QCOMPARE(markers(m_sword)[kExitSafe], -1.0f);
    QCOMPARE(context()->session()->undoStack()->count(), 1);
}

void tst_ClipMarkerStrip::clipsTableShowsMarkersInFrames()
{
    ClipsModel *model = m_window->panels()->clipsModel();
    const QModelIndex sword = model->index(m_sword, ClipsModel::MarkersColumn);
    QCOMPARE(sword.data().toString(),
             QStringLiteral("anticipation_start 2.3, weapon_release 9.7, contact 12.4, "
                            "recover_unlocked 16.6, exit_safe 21.2"));
    QVERIFY(sword.data(Qt::ToolTipRole).toString().contains(QStringLiteral("contact: frame 12.4 (phase 0.54)")));
    const int walk = context()->file().findClip(QStringLiteral("walk"));
    QCOMPARE(model->index(walk, ClipsModel::MarkersColumn).data().toString(), QStringLiteral("exit_safe 22.5"));
    QCOMPARE(
        model->index(context()->file().findClip(QStringLiteral("riding_reining")), ClipsModel::MarkersColumn).data().toString(),
        QStringLiteral("-"));
    // An edit on the timeline shows there at once.
    QVERIFY(strip()->moveMarkerToFrame(kContact, 15));
    QVERIFY(model->index(m_sword, ClipsModel::MarkersColumn).data().toString().contains(QStringLiteral("contact 15,")));
}

void tst_ClipMarkerStrip::v1FilesSayHowToGetMarkers()
{
    const QString v1 = QStringLiteral("upstream_assets/bpat_v1_latest/humanoid.bpat");
    BPAT_REQUIRE_SHARED(v1);
    QVERIFY(m_window->openFile(testpaths::shared(v1)));
    QVERIFY(strip()->isVisible());
    QVERIFY(strip()->markerLabels().isEmpty());
    QVERIFY2(strip()->noteText().contains(QStringLiteral("v1 files have no markers")), qPrintable(strip()->noteText()));
    QVERIFY(strip()->noteText().contains(QStringLiteral("--to-version 3")));
    QVERIFY(!strip()->setMarkerAtCurrentFrame(kContact)); // the editor refuses: v1 has no markers
}

QTEST_MAIN(tst_ClipMarkerStrip)
#include "tst_ClipMarkerStrip.moc"
