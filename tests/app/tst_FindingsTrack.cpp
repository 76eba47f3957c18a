// The motion lint's findings on the timeline (FindingsTrack), in the window on the real late-v3
// humanoid: attack_bow's HandL pop at frame 14 is marked there in the warning colour, named on
// hover, and a click on it goes to frame 14 and selects HandL; only the current clip's are
// drawn; a metadata edit keeps them.
#include "MainWindow.h"
#include "StudioContext.h"
#include "TestPaths.h"
#include "Theme.h"
#include "editing/DocumentSession.h"
#include "editing/ClipCommands.h"
#include "widgets/FindingsTrack.h"
#include "widgets/TimelineWidget.h"

#include <QStandardPaths>
#include <QtTest/QtTest>

using namespace bpat;
using namespace bpat::studio;

class tst_FindingsTrack : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void findingsAreMarkedAndLeadToFrameAndBone();

private:
    std::unique_ptr<MainWindow> m_window;
};

void tst_FindingsTrack::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("bpat-studio-tests"));
}

void tst_FindingsTrack::findingsAreMarkedAndLeadToFrameAndBone()
{
    const QString file = QStringLiteral("upstream_assets/bpat_v3_late/humanoid.bpat");
    BPAT_REQUIRE_SHARED(file);
    MainWindow window;
    window.setInteractive(false);
    window.resize(1280, 800);
    QVERIFY(window.openFile(testpaths::shared(file)));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    StudioContext *context = window.context();
    FindingsTrack *track = window.timeline()->findingsTrack();
    QVERIFY(track->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(track->hasFindings(), 20000); // the Analysis tab's lint, a job

    context->setCurrentClipByName(QStringLiteral("attack_bow"));
    const int bow = context->currentClip();
    int pop = -1;
    for (int i = 0; i < track->clipFindings().size(); ++i) {
        const Diagnostic &d = track->clipFindings().at(i);
        QCOMPARE(d.location.clip, bow); // the current clip's only
        if (d.code == QLatin1String("MOTION_POP") && d.location.frame == 14)
            pop = i;
    }
    QVERIFY(pop >= 0);
    QCOMPARE(track->clipFindings().at(pop).location.bone, 9);
    const int x = int(std::lround(track->xOfFrame(14)));
    QCOMPARE(track->findingAt(x), pop);
    const QString tip = track->toolTipAt(x);
    QVERIFY2(tip.contains(QStringLiteral("MOTION_POP (warning) at frame 14, HandL:")), qPrintable(tip));
    // Drawn in the warning colour at its frame.
    const QImage image = track->grab().toImage();
    QCOMPARE(image.pixelColor(x, track->height() / 2), Theme::warningColor());
    // A click on it: that frame, that bone; a click elsewhere scrubs.
    QTest::mouseClick(track, Qt::LeftButton, Qt::NoModifier, QPoint(x, track->height() / 2));
    QCOMPARE(context->currentFrame(), 14);
    QCOMPARE(context->currentBone(), 9);
    if (track->findingAt(int(std::lround(track->xOfFrame(3)))) < 0) {
        QTest::mouseClick(track, Qt::LeftButton, Qt::NoModifier,
                          QPoint(int(std::lround(track->xOfFrame(3))), track->height() / 2));
        QCOMPARE(context->currentFrame(), 3);
        QCOMPARE(context->currentBone(), 9);
    }
    // A rename changes no bone: the findings stay while the edited file is judged again.
    DocumentSession *session = context->session();
    QVERIFY(session->execute(new RenameClipCommand(session, bow, QStringLiteral("attack_bow_2"))));
    QVERIFY(track->hasFindings());
    QVERIFY(track->findingAt(x) >= 0);
    // Another clip: its own findings (walk has no pop at frame 14).
    context->setCurrentClipByName(QStringLiteral("walk"));
    for (const Diagnostic &d : track->clipFindings())
        QCOMPARE(d.location.clip, context->currentClip());
}

QTEST_MAIN(tst_FindingsTrack)
#include "tst_FindingsTrack.moc"
