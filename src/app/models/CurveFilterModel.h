#pragma once
// The search field of the curves tree: keeps the curves whose name contains the text (case
// insensitive), with their parents, and every curve below a matching group ("IndexTip" keeps
// the joint's seven curves; "RotationW" keeps every W curve with its joint and hand).
#include <QSortFilterProxyModel>

namespace bpat::studio {

class CurveFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit CurveFilterModel(QObject *parent = nullptr);
};

} // namespace bpat::studio
