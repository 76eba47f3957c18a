#include "models/CurveFilterModel.h"

#include "models/CurveTreeModel.h"

namespace bpat::studio {

CurveFilterModel::CurveFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setFilterRole(CurveTreeModel::PathRole); // "LeftHand/IndexTip/RotationW", "Camera/Position"
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(CurveTreeModel::NameColumn);
    setRecursiveFilteringEnabled(true); // a matching curve keeps its parents
    setAutoAcceptChildRows(true);       // a matching group keeps its curves
}

} // namespace bpat::studio
