// The marker dialog (double-click on the timeline's marker row): frame and phase follow each
// other, typed numbers outside the clip or that are no numbers are refused in the dialog (never
// clamped or cut short), a new marker takes the first free name, renaming onto a set marker says
// it moves, and the order warning shows before OK.
#include "dialogs/MarkerDialog.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QtTest/QtTest>

using namespace bpat::studio;

namespace {
void type(QLineEdit *field, const QString &text)
{
    field->setText(text);
    Q_EMIT field->textEdited(text);
}
} // namespace

class tst_MarkerDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void frameAndPhaseFollowEachOther()
    {
        // 25 frames: frame f is phase f / 24.
        MarkerDialog dialog(QStringLiteral("attack"), {0.1f, 0.4f, 0.5f, 0.7f, 0.9f}, 25, 2, 0.0);
        QCOMPARE(dialog.editedMarker(), 2);
        QCOMPARE(dialog.marker(), 2);
        QCOMPARE(dialog.frameEdit()->text(), QStringLiteral("12"));
        QVERIFY(dialog.clearButton());
        type(dialog.frameEdit(), QStringLiteral("15"));
        QCOMPARE(dialog.phaseEdit()->text(), QStringLiteral("0.625"));
        type(dialog.phaseEdit(), QStringLiteral("0.25"));
        QCOMPARE(dialog.frameEdit()->text(), QStringLiteral("6.00"));
        QVERIFY2(dialog.notes().contains(QStringLiteral("contact (0.25) comes before weapon_release (0.4)")),
                 qPrintable(dialog.notes()));
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.phase(), 0.25f);
        QVERIFY(!dialog.clearRequested());
    }

    void typedNumbersAreRefusedNotCut()
    {
        MarkerDialog dialog(QStringLiteral("walk"), {-1.0f, -1.0f, -1.0f, -1.0f, 0.98f}, 24, 4, 0.0);
        dialog.show();
        for (const auto &[text, expected] :
             QList<std::pair<QString, QString>>{{QStringLiteral("40"), QStringLiteral("Frame 40 is past the last frame, 23")},
                                                {QStringLiteral("-2"), QStringLiteral("Frame -2 is before the first frame, 0")},
                                                {QStringLiteral("soon"), QStringLiteral("'soon' is not a frame")}}) {
            type(dialog.frameEdit(), text);
            dialog.accept();
            QVERIFY(dialog.isVisible());
            QVERIFY2(dialog.error().contains(expected), qPrintable(dialog.error()));
            QCOMPARE(dialog.frameEdit()->text(), text); // as typed
        }
        type(dialog.phaseEdit(), QStringLiteral("1.5"));
        dialog.accept();
        QVERIFY(dialog.error().contains(QStringLiteral("Phase 1.5 is outside the clip")));
        type(dialog.phaseEdit(), QStringLiteral("0.5"));
        dialog.accept();
        QVERIFY(!dialog.isVisible());
        QCOMPARE(dialog.phase(), 0.5f);
    }

    void newMarkersAndRenames()
    {
        // A new one: the first name not set, at the frame clicked.
        MarkerDialog added(QStringLiteral("walk"), {0.0f, -1.0f, -1.0f, -1.0f, 0.98f}, 24, -1, 6.0);
        QCOMPARE(added.editedMarker(), -1);
        QCOMPARE(added.marker(), 1);
        QCOMPARE(added.frameEdit()->text(), QStringLiteral("6"));
        QVERIFY(!added.clearButton());
        // Renaming exit_safe onto anticipation_start, which is set: it says that one moves.
        MarkerDialog renamed(QStringLiteral("walk"), {0.0f, -1.0f, -1.0f, -1.0f, 0.98f}, 24, 4, 0.0);
        renamed.nameCombo()->setCurrentIndex(0);
        QVERIFY2(renamed.notes().contains(QStringLiteral("anticipation_start is set at frame 0.0: it moves here")),
                 qPrintable(renamed.notes()));
        QVERIFY(renamed.nameCombo()->itemText(0).contains(QStringLiteral("(at frame 0.0)")));
        renamed.clearButton()->click();
        QVERIFY(renamed.clearRequested());
    }
};

QTEST_MAIN(tst_MarkerDialog)
#include "tst_MarkerDialog.moc"
