#include "ClipsModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <cmath>

namespace bpat::studio {

ClipsModel::ClipsModel(StudioContext *context, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
{
    connect(context, &StudioContext::fileLoaded, this, &ClipsModel::reset);
    connect(context, &StudioContext::fileClosed, this, &ClipsModel::reset);
    // The current clip is drawn in bold.
    connect(context, &StudioContext::currentClipChanged, this, [this] {
        if (m_rows > 0)
            Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, NoOfColumns - 1), {Qt::FontRole});
    });
    reset();
}

void ClipsModel::reset()
{
    beginResetModel();
    m_rows = int(m_context->file().clips().size());
    endResetModel();
}

int ClipsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int ClipsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NoOfColumns;
}

QVariant ClipsModel::data(const QModelIndex &index, int role) const
{
    const auto &clips = m_context->file().clips();
    if (!index.isValid() || index.row() >= clips.size())
        return {};
    const BpatClipInfo &clip = clips.at(index.row());
    const bool fpsValid = std::isfinite(clip.fps) && clip.fps > 0.0f;
    const bool loopsValid = clip.loopsByte <= 1;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn: return clip.index;
        case NameColumn:
            if (clip.nameStatus == NameStatus::Ok)
                return clip.name;
            if (clip.nameStatus == NameStatus::NotUtf8)
                return tr("%1 (not UTF-8)").arg(clip.name);
            return tr("(%1)").arg(nameStatusText(clip.nameStatus));
        case FramesColumn: return clip.frameCount;
        case FrameOffsetColumn: return clip.frameOffset;
        case FpsColumn: return QString::number(double(clip.fps), 'g', 6);
        case DurationColumn: return fpsValid ? QString::number(clip.duration(), 'f', 3) : QStringLiteral("-");
        case LoopsColumn:
            return clip.loopsByte == 1 ? tr("yes") : clip.loopsByte == 0 ? tr("no") : tr("invalid (%1)").arg(clip.loopsByte);
        }
        break;
    case SortRole:
        switch (index.column()) {
        case FpsColumn: return double(clip.fps);
        case DurationColumn: return clip.duration();
        case LoopsColumn: return clip.loopsByte;
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if ((index.column() == NameColumn && clip.nameStatus != NameStatus::Ok)
            || (index.column() == FpsColumn && !fpsValid) || (index.column() == LoopsColumn && !loopsValid)
            || (index.column() == FramesColumn && clip.frameCount == 0))
            return QBrush(QColor(0xd9, 0x53, 0x4f));
        break;
    case Qt::FontRole:
        if (index.row() == m_context->currentClip()) {
            QFont font;
            font.setBold(true);
            return font;
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() != NameColumn && index.column() != LoopsColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::ToolTipRole:
        return tr("Clip entry at byte %1").arg(clip.entryOffset);
    }
    return {};
}

QVariant ClipsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IndexColumn: return tr("#");
    case NameColumn: return tr("Name");
    case FramesColumn: return tr("Frames");
    case FrameOffsetColumn: return tr("Frame offset");
    case FpsColumn: return tr("FPS");
    case DurationColumn: return tr("Duration (s)");
    case LoopsColumn: return tr("Loops");
    }
    return {};
}

} // namespace bpat::studio
