#pragma once
// The curves of an input animation recording as a checkable tree, the way curve editors list
// them: Camera / LeftHand / RightHand / EyeGaze, then joints, then Position / Rotation (Origin /
// Direction for the gaze ray) groups with their components, and the Tracked / Pinching bools.
// A BPAT clip's bone curves (BoneCurveSet) read the same way: bones, then Rotation /
// Translation / Scale groups.
// Built from canonical curve names ("LeftHand/IndexTip/RotationW"); every node shows the number
// of keys below it. Checking a group checks its components; parents show a partial state.
#include <QAbstractItemModel>
#include <QColor>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

namespace bpat::studio {

class CurveTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn = 0,
        KeysColumn,
        ColumnCount
    };
    enum Role {
        CurveNameRole = Qt::UserRole + 1, // full canonical name of a leaf; empty for groups
        PathRole,                         // "LeftHand/IndexTip/Rotation" for any node
        KeyCountRole,                     // qint64, keys of all curves below
        IsBoolRole,                       // leaf is a bool curve
        CurveNamesRole,                   // QStringList of every curve below (a leaf: itself)
    };

    struct Entry
    {
        QString name; // canonical curve name
        qint64 keyCount = 0;
        bool isBool = false;
    };

    explicit CurveTreeModel(QObject *parent = nullptr);
    ~CurveTreeModel() override;

    void setCurves(const QList<Entry> &entries);
    void clear();

    QStringList checkedCurves() const; // in tree order
    void setCheckedCurves(const QStringList &names);
    QModelIndex indexForPath(const QString &path) const;
    qint64 totalKeyCount() const;
    int curveCount() const;
    // The colour each plotted curve is drawn in: its row shows a swatch of it, and its tooltip
    // the full canonical name (the plot's legend has no room for "Camera/PositionX").
    void setPlottedColors(const QHash<QString, QColor> &colors);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void checkedCurvesChanged(const QStringList &names);

private:
    struct Node;
    Node *nodeFor(const QModelIndex &index) const;
    QModelIndex indexFor(Node *node, int column = 0) const;
    Node *childNamed(Node *parent, const QString &label, const QString &path);
    Qt::CheckState checkState(const Node *node) const;
    void setLeafChecks(Node *node, bool checked);
    void notifySubtree(Node *node);
    void notifyAncestors(Node *node);

    std::unique_ptr<Node> m_root;
    QHash<QString, QColor> m_plottedColors;
};

} // namespace bpat::studio
