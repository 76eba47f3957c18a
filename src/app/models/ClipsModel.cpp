#include "ClipsModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"
#include "editing/ClipCommands.h"
#include "editing/DocumentSession.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <cmath>

namespace bpat::studio {

namespace {
// A clip's name as the table shows it, or why it cannot be read.
QString nameText(const QString &name, NameStatus status)
{
    if (status == NameStatus::Ok)
        return name;
    if (status == NameStatus::NotUtf8)
        return ClipsModel::tr("%1 (not UTF-8)").arg(name);
    return ClipsModel::tr("(%1)").arg(nameStatusText(status));
}

// What BPAT and BPSM clip rows share: the current clip in bold, numbers aligned right.
QVariant sharedData(const QModelIndex &index, int role, int currentClip)
{
    if (role == Qt::FontRole && index.row() == currentClip) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::TextAlignmentRole && index.column() != ClipsModel::NameColumn && index.column() != ClipsModel::LoopsColumn
        && index.column() < ClipsModel::MarkersColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}
} // namespace

ClipsModel::ClipsModel(StudioContext *context, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
{
    connect(context, &StudioContext::fileLoaded, this, &ClipsModel::reset);
    connect(context, &StudioContext::fileClosed, this, &ClipsModel::reset);
    // The current clip is drawn in bold.
    connect(context, &StudioContext::currentClipChanged, this, [this] {
        if (m_rows > 0)
            Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1), {Qt::FontRole});
    });
    reset();
}

void ClipsModel::reset()
{
    // An edit that keeps the row count (rename, fps, loops, offsets) changes cells, not rows:
    // a reset here, inside the view's commit of a cell editor, destroyed that editor and Qt
    // warned "closeEditor called with an editor that does not belong to this view".
    // A file of another version has other columns (markers in v2, flags and variants in v3).
    const int rows = m_context->clipCount();
    const int columns = columnsFor(m_context);
    if (rows == m_rows && columns == m_columns && rows > 0) {
        Q_EMIT dataChanged(index(0, 0), index(rows - 1, columns - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    m_columns = columns;
    endResetModel();
}

int ClipsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int ClipsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

int ClipsModel::columnsFor(const StudioContext *context)
{
    if (!context->hasFile() || context->file().header().version < 2 || context->file().header().version > 3)
        return LoopsColumn + 1;
    return context->file().header().version == 2 ? MarkersColumn + 1 : NoOfColumns;
}

static QString markerText(const BpatClipInfo &clip)
{
    QStringList parts;
    for (int k = 0; k < format::MarkerCount; ++k)
        parts << (clip.markers[k] == -1.0f ? QStringLiteral("-") : QString::number(double(clip.markers[k]), 'g', 3));
    return parts.join(QLatin1Char(' '));
}

QVariant ClipsModel::snapshotData(const QModelIndex &index, int role) const
{
    const auto &clips = m_context->snapshot().clips();
    if (!index.isValid() || index.row() >= clips.size())
        return {};
    const BpsmClipInfo &clip = clips.at(index.row());
    const double duration = clip.frameCount / double(ClipEntry::SnapshotFps);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn: return clip.index;
        case NameColumn: return nameText(clip.name, clip.nameStatus);
        case FramesColumn: return clip.frameCount;
        case FrameOffsetColumn: return clip.frameOffset;
        case FpsColumn: return QString::number(double(ClipEntry::SnapshotFps));
        case DurationColumn: return QString::number(duration, 'f', 3);
        case LoopsColumn: return tr("yes");
        }
        break;
    case SortRole:
        switch (index.column()) {
        case DurationColumn: return duration;
        default: return snapshotData(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if ((index.column() == NameColumn && clip.nameStatus != NameStatus::Ok)
            || (index.column() == FramesColumn && clip.frameCount == 0))
            return QBrush(QColor(0xd9, 0x53, 0x4f));
        if (index.column() == FpsColumn || index.column() == DurationColumn || index.column() == LoopsColumn)
            return QBrush(QColor(0x80, 0x80, 0x80));
        break;
    case Qt::FontRole:
    case Qt::TextAlignmentRole:
        return sharedData(index, role, m_context->currentClip());
    case Qt::ToolTipRole:
        if (index.column() == FpsColumn || index.column() == DurationColumn || index.column() == LoopsColumn)
            return tr("Not stored in BPSM files: played at %1 fps, looping").arg(double(ClipEntry::SnapshotFps));
        return tr("Clip entry at byte %1").arg(clip.entryOffset);
    }
    return {};
}

QVariant ClipsModel::data(const QModelIndex &index, int role) const
{
    if (m_context->hasSnapshot())
        return snapshotData(index, role);
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
        case NameColumn: return nameText(clip.name, clip.nameStatus);
        case FramesColumn: return clip.frameCount;
        case FrameOffsetColumn: return clip.frameOffset;
        case FpsColumn: return QString::number(double(clip.fps), 'g', 6);
        case DurationColumn: return fpsValid ? QString::number(clip.duration(), 'f', 3) : QStringLiteral("-");
        case LoopsColumn:
            return clip.loopsByte == 1 ? tr("yes") : clip.loopsByte == 0 ? tr("no") : tr("invalid (%1)").arg(clip.loopsByte);
        case MarkersColumn: return clip.hasMarkers ? markerText(clip) : QString();
        case FlagsColumn:
            return clip.hasV3Fields ? (clip.suppliesGroundContact() ? tr("ground contact") : tr("-"))
                                          + (clip.flags & ~1 ? tr(" (0x%1)").arg(clip.flags, 2, 16, QLatin1Char('0')) : QString())
                                    : QString();
        case VariantColumn:
            return clip.hasV3Fields ? (clip.variantFamily == clip.index && clip.variantOrdinal == 0
                                           ? tr("own")
                                           : tr("%1 #%2").arg(clip.variantFamily).arg(clip.variantOrdinal))
                                    : QString();
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
    case Qt::TextAlignmentRole:
        return sharedData(index, role, m_context->currentClip());
    case Qt::ToolTipRole:
        if (index.column() == MarkersColumn)
            return tr("anticipation start, weapon release, contact, recover unlocked, exit safe (phases of the clip; - = unset)");
        if (index.column() == VariantColumn)
            return tr("variant family (the index of its base clip) and ordinal in it");
        return tr("Clip entry at byte %1").arg(clip.entryOffset);
    case Qt::EditRole:
        switch (index.column()) {
        case NameColumn: return clip.name;
        case FpsColumn: return double(clip.fps);
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::CheckStateRole:
        if (index.column() == LoopsColumn)
            return clip.loops() ? Qt::Checked : Qt::Unchecked;
        break;
    }
    return {};
}

Qt::ItemFlags ClipsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid() || !m_context->hasFile())
        return f; // a snapshot mesh is read-only
    if (index.column() == NameColumn || index.column() == FpsColumn)
        f |= Qt::ItemIsEditable;
    else if (index.column() == LoopsColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool ClipsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.row() >= m_rows || !m_context->hasFile())
        return false;
    DocumentSession *session = m_context->session();
    const int clip = index.row();
    const BpatClipInfo &info = m_context->file().clips().at(clip);
    if (role == Qt::EditRole && index.column() == NameColumn) {
        const QString name = value.toString();
        return name == info.name || session->execute(new RenameClipCommand(session, clip, name));
    }
    if (role == Qt::EditRole && index.column() == FpsColumn) {
        bool ok = false;
        float parsed = value.toFloat(&ok); // numbers, and text in the C locale
        if (!ok)
            parsed = QLocale().toFloat(value.toString(), &ok);
        if (!ok) {
            Q_EMIT session->refused(tr("'%1' is not a frame rate").arg(value.toString()));
            return false;
        }
        return parsed == info.fps || session->execute(new SetClipFpsCommand(session, clip, parsed));
    }
    if ((role == Qt::CheckStateRole || role == Qt::EditRole) && index.column() == LoopsColumn) {
        const bool loops = role == Qt::CheckStateRole ? value.toInt() == Qt::Checked : value.toBool();
        return (loops == info.loops() && info.loopsByte <= 1) || session->execute(new SetClipLoopsCommand(session, clip, loops));
    }
    return false;
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
    case MarkersColumn: return tr("Markers");
    case FlagsColumn: return tr("Flags");
    case VariantColumn: return tr("Variant");
    }
    return {};
}

} // namespace bpat::studio
