// LabelLayout: socket labels that would overlap one already placed are left out (they piled
// on top of each other around the humanoid's hands); apart ones all show, in priority order.
#include "viewport/LabelLayout.h"

#include <QtTest>

using bpat::studio::LabelLayout;

class tst_LabelLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void overlappingLabelsAreLeftOut()
    {
        const QList<QRectF> wanted{QRectF(0, 0, 60, 12), QRectF(10, 4, 60, 12), QRectF(100, 0, 60, 12), QRectF(20, 8, 60, 12),
                                   QRectF(0, 30, 60, 12)};
        QCOMPARE(LabelLayout::place(wanted), (QList<bool>{true, false, true, false, true}));
        QCOMPARE(LabelLayout::place({}), QList<bool>{});
    }
};

QTEST_MAIN(tst_LabelLayout)
#include "tst_LabelLayout.moc"
