#pragma once
// Item data roles shared by the inspector's models.
#include <Qt>

namespace bpat::studio {

enum ModelRole {
    // The raw value of a cell for sorting (numbers as numbers, not their formatted text).
    SortRole = Qt::UserRole + 1,
    // Where a row leads when activated: a Jump (see Jump.h) packed into a QVariant.
    JumpRole,
};

} // namespace bpat::studio
