#include "models/CurveTreeModel.h"

#include <QColor>
#include <QGuiApplication>
#include <QPalette>

namespace bpat::studio {

struct CurveTreeModel::Node
{
    QString label;     // shown: "IndexTip", "Rotation", "W", "Tracked"
    QString path;      // groups: "LeftHand/IndexTip/Rotation"; leaves: the curve name
    QString curveName; // leaves only
    bool isBool = false;
    bool checked = false; // leaves only; groups derive their state
    qint64 keyCount = 0;
    Node *parent = nullptr;
    std::vector<std::unique_ptr<Node>> children;

    bool isLeaf() const { return !curveName.isEmpty(); }
    int row() const
    {
        if (!parent)
            return 0;
        for (size_t i = 0; i < parent->children.size(); ++i)
            if (parent->children[i].get() == this)
                return int(i);
        return 0;
    }
};

namespace {

// "PositionX" -> ("Position", "X"); names without such a prefix stay whole ("Tracked"). A BPAT
// bone's channels group the same way ("TranslationX", "ScaleZ": BoneCurveSet).
std::pair<QString, QString> splitComponent(const QString &component)
{
    static const QLatin1String groups[] = {QLatin1String("Position"),  QLatin1String("Rotation"),    QLatin1String("Origin"),
                                           QLatin1String("Direction"), QLatin1String("Translation"), QLatin1String("Scale")};
    for (const QLatin1String &group : groups) {
        if (component.size() == group.size() + 1 && component.startsWith(group))
            return {QString(group), component.right(1)};
    }
    return {QString(), component};
}

} // namespace

CurveTreeModel::CurveTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
    , m_root(std::make_unique<Node>())
{
}

CurveTreeModel::~CurveTreeModel() = default;

CurveTreeModel::Node *CurveTreeModel::childNamed(Node *parent, const QString &label, const QString &path)
{
    for (const auto &child : parent->children) {
        if (!child->isLeaf() && child->label == label)
            return child.get();
    }
    auto node = std::make_unique<Node>();
    node->label = label;
    node->path = path;
    node->parent = parent;
    parent->children.push_back(std::move(node));
    return parent->children.back().get();
}

void CurveTreeModel::setCurves(const QList<Entry> &entries)
{
    beginResetModel();
    m_root = std::make_unique<Node>();
    for (const Entry &entry : entries) {
        const QStringList parts = entry.name.split(QLatin1Char('/'), Qt::SkipEmptyParts);
        if (parts.isEmpty())
            continue;
        Node *parent = m_root.get();
        QString path;
        for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
            path = path.isEmpty() ? parts[i] : path + QLatin1Char('/') + parts[i];
            parent = childNamed(parent, parts[i], path);
        }
        const auto [group, label] = splitComponent(parts.back());
        if (!group.isEmpty()) {
            path = path.isEmpty() ? group : path + QLatin1Char('/') + group;
            parent = childNamed(parent, group, path);
        }
        auto leaf = std::make_unique<Node>();
        leaf->label = label;
        leaf->path = entry.name;
        leaf->curveName = entry.name;
        leaf->isBool = entry.isBool;
        leaf->keyCount = entry.keyCount;
        leaf->parent = parent;
        for (Node *up = parent; up; up = up->parent)
            up->keyCount += entry.keyCount;
        parent->children.push_back(std::move(leaf));
    }
    endResetModel();
    Q_EMIT checkedCurvesChanged({});
}

void CurveTreeModel::clear()
{
    setCurves({});
}

qint64 CurveTreeModel::totalKeyCount() const
{
    return m_root->keyCount;
}

int CurveTreeModel::curveCount() const
{
    int count = 0;
    auto visit = [&count](const Node *node, const auto &self) -> void {
        if (node->isLeaf())
            ++count;
        for (const auto &child : node->children)
            self(child.get(), self);
    };
    visit(m_root.get(), visit);
    return count;
}

QStringList CurveTreeModel::checkedCurves() const
{
    QStringList names;
    auto visit = [&names](const Node *node, const auto &self) -> void {
        if (node->isLeaf() && node->checked)
            names << node->curveName;
        for (const auto &child : node->children)
            self(child.get(), self);
    };
    visit(m_root.get(), visit);
    return names;
}

void CurveTreeModel::setCheckedCurves(const QStringList &names)
{
    auto visit = [&names](Node *node, const auto &self) -> void {
        if (node->isLeaf())
            node->checked = names.contains(node->curveName);
        for (const auto &child : node->children)
            self(child.get(), self);
    };
    visit(m_root.get(), visit);
    notifySubtree(m_root.get());
    Q_EMIT checkedCurvesChanged(checkedCurves());
}

QModelIndex CurveTreeModel::indexForPath(const QString &path) const
{
    Node *found = nullptr;
    auto visit = [&](Node *node, const auto &self) -> void {
        if (found)
            return;
        if (node != m_root.get() && node->path == path) {
            found = node;
            return;
        }
        for (const auto &child : node->children)
            self(child.get(), self);
    };
    visit(m_root.get(), visit);
    return found ? indexFor(found) : QModelIndex();
}

CurveTreeModel::Node *CurveTreeModel::nodeFor(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer()) : m_root.get();
}

QModelIndex CurveTreeModel::indexFor(Node *node, int column) const
{
    if (!node || node == m_root.get())
        return {};
    return createIndex(node->row(), column, node);
}

QModelIndex CurveTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    Node *parentNode = nodeFor(parent);
    if (row < 0 || size_t(row) >= parentNode->children.size())
        return {};
    return createIndex(row, column, parentNode->children[size_t(row)].get());
}

QModelIndex CurveTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexFor(nodeFor(child)->parent);
}

int CurveTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeFor(parent)->children.size());
}

int CurveTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

Qt::CheckState CurveTreeModel::checkState(const Node *node) const
{
    if (node->isLeaf())
        return node->checked ? Qt::Checked : Qt::Unchecked;
    bool any = false;
    bool all = true;
    for (const auto &child : node->children) {
        const Qt::CheckState state = checkState(child.get());
        any = any || state != Qt::Unchecked;
        all = all && state == Qt::Checked;
    }
    if (node->children.empty() || !any)
        return Qt::Unchecked;
    return all ? Qt::Checked : Qt::PartiallyChecked;
}

void CurveTreeModel::setPlottedColors(const QHash<QString, QColor> &colors)
{
    if (colors == m_plottedColors)
        return;
    m_plottedColors = colors;
    if (rowCount() > 0)
        notifySubtree(m_root.get());
}

QVariant CurveTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node *node = nodeFor(index);
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == NameColumn)
            return node->label;
        return QString::number(node->keyCount);
    case Qt::ToolTipRole:
        return QStringLiteral("%1: %2 keys").arg(node->curveName.isEmpty() ? node->path : node->curveName).arg(node->keyCount);
    case Qt::DecorationRole:
        if (index.column() == NameColumn && m_plottedColors.contains(node->curveName))
            return m_plottedColors.value(node->curveName); // a swatch while plotted
        return {};
    case Qt::CheckStateRole:
        if (index.column() == NameColumn)
            return int(checkState(node));
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == KeysColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (node->keyCount == 0)
            return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case CurveNameRole: return node->curveName;
    case PathRole: return node->path;
    case KeyCountRole: return node->keyCount;
    case IsBoolRole: return node->isBool;
    case CurveNamesRole: {
        QStringList names;
        auto visit = [&names](const Node *n, const auto &self) -> void {
            if (n->isLeaf())
                names << n->curveName;
            for (const auto &child : n->children)
                self(child.get(), self);
        };
        visit(node, visit);
        return names;
    }
    default: return {};
    }
}

void CurveTreeModel::setLeafChecks(Node *node, bool checked)
{
    if (node->isLeaf())
        node->checked = checked;
    for (const auto &child : node->children)
        setLeafChecks(child.get(), checked);
}

void CurveTreeModel::notifySubtree(Node *node)
{
    if (node->children.empty())
        return;
    const QModelIndex parentIndex = indexFor(node);
    Q_EMIT dataChanged(index(0, NameColumn, parentIndex), index(int(node->children.size()) - 1, NameColumn, parentIndex),
                       {Qt::CheckStateRole});
    for (const auto &child : node->children)
        notifySubtree(child.get());
}

void CurveTreeModel::notifyAncestors(Node *node)
{
    for (Node *up = node->parent; up && up != m_root.get(); up = up->parent) {
        const QModelIndex upIndex = indexFor(up);
        Q_EMIT dataChanged(upIndex, upIndex, {Qt::CheckStateRole});
    }
}

bool CurveTreeModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || role != Qt::CheckStateRole || index.column() != NameColumn)
        return false;
    Node *node = nodeFor(index);
    const bool checked = value.toInt() != Qt::Unchecked;
    setLeafChecks(node, checked);
    Q_EMIT dataChanged(index, index, {Qt::CheckStateRole});
    notifySubtree(node);
    notifyAncestors(node);
    Q_EMIT checkedCurvesChanged(checkedCurves());
    return true;
}

Qt::ItemFlags CurveTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags result = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == NameColumn)
        result |= Qt::ItemIsUserCheckable;
    return result;
}

QVariant CurveTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn ? tr("Curve") : tr("Keys");
}

} // namespace bpat::studio
