#include "DifferencesModel.h"

#include "ModelRoles.h"
#include "Theme.h"
#include "diff/DiffReport.h"
#include "document/CompareState.h"

#include <QBrush>
#include <QColor>

namespace bpat::studio {

using diff::ChangeKind;

DifferencesModel::DifferencesModel(CompareState *state, QObject *parent)
    : QAbstractTableModel(parent)
    , m_state(state)
{
    connect(state, &CompareState::changed, this, [this] {
        beginResetModel();
        m_rows = m_state->hasResult() ? int(m_state->result().changes.size()) : 0;
        endResetModel();
    });
}

int DifferencesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int DifferencesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NoOfColumns;
}

QVariant DifferencesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows || !m_state->hasResult())
        return {};
    const diff::Change &c = m_state->result().changes.at(index.row());
    const bool clipLevel = c.kind == ChangeKind::Motion || c.kind == ChangeKind::Contacts || c.kind == ChangeKind::SocketMotion;
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        switch (index.column()) {
        case KindColumn: return diff::kindKey(c.kind);
        case ClipColumn: return c.clip;
        case BoneColumn:
            if (c.bone < 0)
                return role == SortRole ? QVariant(-1) : QVariant();
            return role == SortRole
                ? QVariant(c.bone)
                : QVariant(c.boneName.isEmpty() ? QString::number(c.bone) : QStringLiteral("%1 %2").arg(c.bone).arg(c.boneName));
        case FramesColumn:
            if (!clipLevel || c.kind == ChangeKind::SocketMotion)
                return role == SortRole ? QVariant(-1) : QVariant();
            return role == SortRole
                ? QVariant(qint64(c.frames.first))
                : QVariant(c.frames.first == c.frames.last ? QString::number(c.frames.first)
                                                           : QStringLiteral("%1-%2").arg(c.frames.first).arg(c.frames.last));
        case ChangeColumn: return diff::DiffReport::line(c);
        }
        break;
    case Qt::ToolTipRole: return diff::DiffReport::line(c);
    case Qt::BackgroundRole:
        if (index.column() == KindColumn) {
            QColor colour =
                c.kind == ChangeKind::Motion || c.kind == ChangeKind::SocketMotion ? Theme::warningColor() : Theme::infoColor();
            colour.setAlpha(60);
            return QBrush(colour);
        }
        break;
    case ClipRole: return c.clipA;
    case FrameRole: return clipLevel ? qint64(c.frame) : qint64(-1);
    case BoneRole: return c.bone;
    case SocketRole: return c.socketA;
    }
    return {};
}

QVariant DifferencesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KindColumn: return tr("Kind");
    case ClipColumn: return tr("Clip");
    case BoneColumn: return tr("Bone");
    case FramesColumn: return tr("Frames");
    case ChangeColumn: return tr("Change");
    }
    return {};
}

} // namespace bpat::studio
