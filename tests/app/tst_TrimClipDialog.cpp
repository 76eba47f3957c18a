// TrimClipDialog: what is typed is what is applied (the fields used to clamp each other on every
// keystroke, so typing Last=20 passed through 2 and dragged First down to 2), and a reversed range
// is refused on OK with the reason shown in the dialog.
#include "dialogs/TrimClipDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

using bpat::studio::TrimClipDialog;

class tst_TrimClipDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void typedRangeIsApplied();
    void reversedRangeIsRefusedInTheDialog();
    void numberPastTheClipIsRefusedNotCut();
};

static void typeInto(QSpinBox *spin, const QString &text)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
}

static void pressOk(TrimClipDialog &dialog)
{
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QVERIFY(buttons);
    buttons->button(QDialogButtonBox::Ok)->click();
}

void tst_TrimClipDialog::typedRangeIsApplied()
{
    TrimClipDialog dialog(QStringLiteral("walk"), 24);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *first = dialog.findChild<QSpinBox *>(QStringLiteral("firstFrame"));
    auto *last = dialog.findChild<QSpinBox *>(QStringLiteral("lastFrame"));
    QVERIFY(first && last);
    typeInto(first, QStringLiteral("10"));
    typeInto(last, QStringLiteral("20"));
    pressOk(dialog);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.firstFrame(), 10u);
    QCOMPARE(dialog.lastFrame(), 20u);
}

void tst_TrimClipDialog::reversedRangeIsRefusedInTheDialog()
{
    TrimClipDialog dialog(QStringLiteral("walk"), 24);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *first = dialog.findChild<QSpinBox *>(QStringLiteral("firstFrame"));
    auto *last = dialog.findChild<QSpinBox *>(QStringLiteral("lastFrame"));
    typeInto(last, QStringLiteral("5"));
    typeInto(first, QStringLiteral("12"));
    QCOMPARE(first->value(), 12); // nothing moved behind the user's back
    QCOMPARE(last->value(), 5);
    pressOk(dialog);
    QVERIFY(dialog.isVisible());
    QVERIFY(dialog.result() != int(QDialog::Accepted));
    auto *error = dialog.findChild<QLabel *>(QStringLiteral("errorLabel"));
    QVERIFY(error && error->isVisible());
    QVERIFY2(error->text().contains(QLatin1String("12")) && error->text().contains(QLatin1String("5")),
             qPrintable(error->text()));
    typeInto(first, QStringLiteral("3"));
    QVERIFY(!error->isVisible());
    pressOk(dialog);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.firstFrame(), 3u);
    QCOMPARE(dialog.lastFrame(), 5u);
}

void tst_TrimClipDialog::numberPastTheClipIsRefusedNotCut()
{
    // A 32-frame clip (frames 0..31): typing 40 as the last frame gave 4 (the spin box dropped
    // the keystroke that took it past 31), and OK trimmed to 2..4 without a word.
    TrimClipDialog dialog(QStringLiteral("attack"), 32);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *first = dialog.findChild<QSpinBox *>(QStringLiteral("firstFrame"));
    auto *last = dialog.findChild<QSpinBox *>(QStringLiteral("lastFrame"));
    typeInto(first, QStringLiteral("2"));
    typeInto(last, QStringLiteral("40"));
    QCOMPARE(last->text(), QStringLiteral("40")); // what was typed stays in the field
    pressOk(dialog);
    QVERIFY(dialog.isVisible());
    QVERIFY(dialog.result() != int(QDialog::Accepted));
    auto *error = dialog.findChild<QLabel *>(QStringLiteral("errorLabel"));
    QVERIFY(error && error->isVisible());
    QVERIFY2(error->text().contains(QLatin1String("40")) && error->text().contains(QLatin1String("31")),
             qPrintable(error->text()));
    typeInto(last, QStringLiteral("30"));
    QVERIFY(!error->isVisible());
    pressOk(dialog);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.firstFrame(), 2u);
    QCOMPARE(dialog.lastFrame(), 30u);
}

QTEST_MAIN(tst_TrimClipDialog)
#include "tst_TrimClipDialog.moc"
