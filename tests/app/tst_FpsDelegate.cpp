// FpsDelegate: a frame rate the file cannot hold (0, negative, NaN, text) is refused in the cell
// editor itself, with the reason shown there, and never reaches the model; a good one commits.
#include "widgets/FpsDelegate.h"

#include <QLineEdit>
#include <QStandardItemModel>
#include <QTableView>
#include <QtTest>

using bpat::studio::FpsDelegate;
using bpat::studio::FpsValidator;

class tst_FpsDelegate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void badValuesAreRefusedInTheField();
    void problemsAreNamed();
};

void tst_FpsDelegate::badValuesAreRefusedInTheField()
{
    QStandardItemModel model(1, 1);
    model.setData(model.index(0, 0), 24.0, Qt::EditRole);
    const auto editIn = [&](QTableView &view, const QString &text) -> QLineEdit * {
        view.setModel(&model);
        view.setItemDelegateForColumn(0, new FpsDelegate(&view));
        view.show();
        if (!QTest::qWaitForWindowExposed(&view))
            return nullptr;
        view.edit(model.index(0, 0));
        auto *edit = view.findChild<QLineEdit *>(QStringLiteral("fpsEditor"));
        if (!edit)
            return nullptr;
        edit->selectAll();
        QTest::keyClicks(edit, text);
        return edit;
    };
    for (const QString &bad : {QStringLiteral("0"), QStringLiteral("-5"), QStringLiteral("nan"), QStringLiteral("abc")}) {
        QTableView view;
        QLineEdit *edit = editIn(view, bad);
        QVERIFY(edit);
        QVERIFY2(!edit->property("fpsProblem").toString().isEmpty(), qPrintable(bad));
        QCOMPARE(edit->toolTip(), edit->property("fpsProblem").toString());
        QTest::keyClick(edit, Qt::Key_Return);
        QTest::qWait(50); // the delegate commits and closes through a queued call
        QVERIFY2(edit->isVisible(), "the editor stays open on a bad value");
        QCOMPARE(model.data(model.index(0, 0), Qt::EditRole).toDouble(), 24.0);
    }
    QTableView view;
    QLineEdit *edit = editIn(view, QStringLiteral("30"));
    QVERIFY(edit);
    QVERIFY(edit->property("fpsProblem").toString().isEmpty());
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_COMPARE(model.data(model.index(0, 0), Qt::EditRole).toDouble(), 30.0);
}

void tst_FpsDelegate::problemsAreNamed()
{
    QVERIFY(FpsValidator::problem(QStringLiteral("0")).contains(QLatin1String("greater than 0")));
    QVERIFY(FpsValidator::problem(QStringLiteral("-1")).contains(QLatin1String("greater than 0")));
    QVERIFY(FpsValidator::problem(QStringLiteral("inf")).contains(QLatin1String("finite")));
    QVERIFY(FpsValidator::problem(QStringLiteral("x")).contains(QLatin1String("not a number")));
    QVERIFY(FpsValidator::problem(QStringLiteral("1e39")).contains(QLatin1String("too large")));
    QVERIFY(FpsValidator::problem(QStringLiteral("23.976")).isEmpty());
}

QTEST_MAIN(tst_FpsDelegate)
#include "tst_FpsDelegate.moc"
