#include "SocketsModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"

#include <QBrush>
#include <QColor>

namespace bpat::studio {

SocketsModel::SocketsModel(StudioContext *context, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
{
    connect(context, &StudioContext::fileLoaded, this, &SocketsModel::reset);
    connect(context, &StudioContext::fileClosed, this, &SocketsModel::reset);
    reset();
}

void SocketsModel::reset()
{
    beginResetModel();
    m_rows = int(m_context->file().sockets().size());
    endResetModel();
}

int SocketsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int SocketsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NoOfColumns;
}

QVariant SocketsModel::data(const QModelIndex &index, int role) const
{
    const BpatFile &file = m_context->file();
    const auto &sockets = file.sockets();
    if (!index.isValid() || index.row() >= sockets.size())
        return {};
    const BpatSocketInfo &socket = sockets.at(index.row());
    const bool anchorValid = file.hasHeader() && socket.anchorBone < file.header().boneCount;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn: return socket.index;
        case NameColumn:
            return socket.nameStatus == NameStatus::Ok ? socket.name : tr("(%1)").arg(nameStatusText(socket.nameStatus));
        case AnchorColumn:
            if (!anchorValid)
                return tr("%1 (out of range)").arg(socket.anchorBone);
            return QStringLiteral("%1 %2").arg(socket.anchorBone).arg(m_context->boneName(int(socket.anchorBone)));
        case OffsetColumn:
            return QStringLiteral("(%1, %2, %3)")
                .arg(double(socket.localOffset.x()), 0, 'g', 5)
                .arg(double(socket.localOffset.y()), 0, 'g', 5)
                .arg(double(socket.localOffset.z()), 0, 'g', 5);
        }
        break;
    case SortRole:
        switch (index.column()) {
        case AnchorColumn: return socket.anchorBone;
        case OffsetColumn: return double(socket.localOffset.length());
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if ((index.column() == AnchorColumn && !anchorValid)
            || (index.column() == NameColumn && socket.nameStatus != NameStatus::Ok))
            return QBrush(QColor(0xd9, 0x53, 0x4f));
        break;
    case Qt::ToolTipRole:
        return tr("Socket entry at byte %1").arg(socket.entryOffset);
    }
    return {};
}

QVariant SocketsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IndexColumn: return tr("#");
    case NameColumn: return tr("Name");
    case AnchorColumn: return tr("Anchor bone");
    case OffsetColumn: return tr("Local offset");
    }
    return {};
}

} // namespace bpat::studio
