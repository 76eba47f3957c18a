#include "SocketsModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"
#include "editing/DocumentSession.h"
#include "editing/SocketCommands.h"
#include "Theme.h"

#include <QBrush>
#include <QColor>
#include <QRegularExpression>

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
    // An edit that keeps the row count (rename, fps, loops, offsets) changes cells, not rows:
    // a reset here, inside the view's commit of a cell editor, destroyed that editor and Qt
    // warned "closeEditor called with an editor that does not belong to this view".
    const int rows = int(m_context->file().sockets().size());
    if (rows == m_rows && rows > 0) {
        Q_EMIT dataChanged(index(0, 0), index(rows - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
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
            return QBrush(Theme::errorColor());
        break;
    case Qt::ToolTipRole: return tr("Socket entry at byte %1").arg(socket.entryOffset);
    case Qt::EditRole:
        switch (index.column()) {
        case NameColumn: return socket.name;
        case AnchorColumn: return m_context->boneName(int(socket.anchorBone));
        case OffsetColumn:
            return QStringLiteral("%1, %2, %3")
                .arg(double(socket.localOffset.x()), 0, 'g', 7)
                .arg(double(socket.localOffset.y()), 0, 'g', 7)
                .arg(double(socket.localOffset.z()), 0, 'g', 7);
        default: return data(index, Qt::DisplayRole);
        }
    }
    return {};
}

Qt::ItemFlags SocketsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() != IndexColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

int SocketsModel::parseBone(const QString &text) const
{
    const QString wanted = text.trimmed();
    const BpatFile &file = m_context->file();
    const int bones = file.hasHeader() ? int(file.header().boneCount) : 0;
    for (int b = 0; b < bones; ++b) {
        if (m_context->boneName(b).compare(wanted, Qt::CaseInsensitive) == 0)
            return b;
    }
    // "12" or "12 spine_03" (what the Anchor column shows)
    bool ok = false;
    const int index = wanted.section(QLatin1Char(' '), 0, 0).toInt(&ok);
    return ok && index >= 0 ? index : -1;
}

bool SocketsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    const auto &sockets = m_context->file().sockets();
    if (role != Qt::EditRole || !index.isValid() || index.row() >= sockets.size())
        return false;
    DocumentSession *session = m_context->session();
    const int row = index.row();
    const BpatSocketInfo &socket = sockets.at(row);
    const QString text = value.toString().trimmed();
    switch (index.column()) {
    case NameColumn: return text == socket.name || session->execute(renameSocketCommand(session, row, socket.name, text));
    case AnchorColumn: {
        const int bone = parseBone(text);
        if (bone < 0) {
            Q_EMIT session->refused(tr("'%1' is neither a bone of this rig nor a bone index").arg(text));
            return false;
        }
        return quint32(bone) == socket.anchorBone
            || session->execute(setSocketAnchorCommand(session, row, socket.name, quint32(bone), m_context->boneName(bone)));
    }
    case OffsetColumn: {
        QVector3D offset;
        if (value.canConvert<QVector3D>() && value.typeId() == QMetaType::QVector3D) {
            offset = value.value<QVector3D>();
        } else {
            const QStringList parts = text.split(QRegularExpression(QStringLiteral("[,;\\s()]+")), Qt::SkipEmptyParts);
            bool ok = parts.size() == 3;
            for (int i = 0; ok && i < 3; ++i)
                offset[i] = parts.at(i).toFloat(&ok);
            if (!ok) {
                Q_EMIT session->refused(tr("'%1' is not an offset: give three numbers x, y, z").arg(text));
                return false;
            }
        }
        return offset == socket.localOffset || session->execute(new SetSocketOffsetCommand(session, row, offset, socket.name));
    }
    default: return false;
    }
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
