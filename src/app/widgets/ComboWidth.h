#pragma once
// Combo boxes of names (the timeline's clip and variant selectors) that are as wide as their
// widest item where the row has room, and shrink to a few characters where it has not, so a long
// name ("showcase_rest_sit_knees_down") is read whole without widening a small window.
class QComboBox;

namespace bpat::studio::combowidth {

// Once: a minimum of `characters` characters, growing with the row (Expanding).
void makeShrinkable(QComboBox *combo, int characters = 10);
// After the items change: grows no wider than the widest item.
void fitToItems(QComboBox *combo);

} // namespace bpat::studio::combowidth
