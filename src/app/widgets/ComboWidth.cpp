#include "widgets/ComboWidth.h"

#include <QComboBox>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <algorithm>

namespace bpat::studio::combowidth {

void makeShrinkable(QComboBox *combo, int characters)
{
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(characters);
    combo->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void fitToItems(QComboBox *combo)
{
    int widest = 0;
    for (int i = 0; i < combo->count(); ++i)
        widest = std::max(widest, combo->fontMetrics().horizontalAdvance(combo->itemText(i)));
    // What the combo's own size hint adds to its text: the frame, the margins and the arrow.
    QStyleOptionComboBox option;
    option.initFrom(combo);
    const QSize whole =
        combo->style()->sizeFromContents(QStyle::CT_ComboBox, &option, QSize(widest, combo->fontMetrics().height()), combo);
    combo->setMaximumWidth(std::max(combo->minimumSizeHint().width(), whole.width()));
}

} // namespace bpat::studio::combowidth
