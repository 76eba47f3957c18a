#include "ClipsModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"
#include "Theme.h"
#include "diff/DiffReport.h"
#include "document/CompareState.h"
#include "editing/ClipCommands.h"
#include "editing/DocumentSession.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <QFont>
#include <QLocale>
#include <algorithm>
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
    connect(context->compare(), &CompareState::changed, this, &ClipsModel::reset);
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
    m_clips = m_context->clipEntries();
    const int rows = int(m_clips.size());
    const int columns = columnsFor(m_context);
    const bool compare = m_context->compare()->hasResult();
    if (rows == m_rows && columns == m_columns && compare == m_compare && rows > 0) {
        Q_EMIT dataChanged(index(0, 0), index(rows - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_rows = rows;
    m_columns = columns;
    m_compare = compare;
    endResetModel();
}

int ClipsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int ClipsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns + (m_compare ? 1 : 0);
}

QVariant ClipsModel::compareData(int row, int role) const
{
    const CompareState *compare = m_context->compare();
    switch (role) {
    case Qt::DisplayRole:
    case SortRole: return compare->clipStatus(row);
    case Qt::ToolTipRole: {
        QStringList lines;
        for (int i : compare->changesOfClip(row))
            lines.append(diff::DiffReport::line(compare->result().changes.at(i)));
        if (compare->partnerOf(row) < 0)
            lines.append(tr("No clip of %1 goes with this one").arg(compare->path()));
        return lines.isEmpty() ? tr("The same as in %1").arg(compare->path()) : lines.join(QLatin1Char('\n'));
    }
    case Qt::BackgroundRole:
        if (compare->partnerOf(row) < 0)
            return QBrush(QColor(Theme::errorColor().red(), Theme::errorColor().green(), Theme::errorColor().blue(), 60));
        if (compare->clipDiffers(row))
            return QBrush(QColor(Theme::warningColor().red(), Theme::warningColor().green(), Theme::warningColor().blue(), 80));
        break;
    }
    return {};
}

int ClipsModel::columnsFor(const StudioContext *context)
{
    const BpatFile *file = context->document() ? context->document()->bpat() : nullptr;
    if (!file || file->header().version < 2 || file->header().version > 3)
        return LoopsColumn + 1;
    return file->header().version == 2 ? MarkersColumn + 1 : NoOfColumns;
}

// The frame a marker's phase falls on (frames count from 0: phase x last frame); a fraction
// with one decimal where it falls between two.
static QString markerFrame(const BpatClipInfo &clip, int marker)
{
    const double frame = double(clip.markers[size_t(marker)]) * double(std::max<quint32>(clip.frameCount, 1) - 1);
    const double whole = std::round(frame);
    return std::abs(frame - whole) < 0.05 ? QString::number(qint64(whole)) : QString::number(frame, 'f', 1);
}

static bool markerSet(const BpatClipInfo &clip, int marker)
{
    return clip.markers[size_t(marker)] >= 0.0f && clip.markers[size_t(marker)] <= 1.0f;
}

// The set markers by name (as `bpat edit --set-marker` names them) at their frames:
// "weapon_release 13, contact 17"; "-" when none is set.
static QString markerText(const BpatClipInfo &clip)
{
    QStringList parts;
    for (int k = 0; k < format::MarkerCount; ++k) {
        if (markerSet(clip, k))
            parts << QStringLiteral("%1 %2").arg(QLatin1String(format::MarkerKeys[k]), markerFrame(clip, k));
        else if (clip.markers[size_t(k)] != -1.0f)
            parts << QStringLiteral("%1 invalid (%2)")
                         .arg(QLatin1String(format::MarkerKeys[k]))
                         .arg(double(clip.markers[size_t(k)]));
    }
    return parts.isEmpty() ? QStringLiteral("-") : parts.join(QStringLiteral(", "));
}

// Each marker on a line: name, frame and the phase the file stores.
static QString markerToolTip(const BpatClipInfo &clip)
{
    QStringList lines;
    for (int k = 0; k < format::MarkerCount; ++k) {
        lines << (markerSet(clip, k) ? QStringLiteral("%1: frame %2 (phase %3)")
                                           .arg(QLatin1String(format::MarkerKeys[k]), markerFrame(clip, k))
                                           .arg(double(clip.markers[size_t(k)]), 0, 'g', 4)
                                     : QStringLiteral("%1: unset").arg(QLatin1String(format::MarkerKeys[k])));
    }
    const QString order = format::markerOrderProblem(clip.markers);
    if (!order.isEmpty())
        lines << QStringLiteral("Warning: %1; the game expects %2").arg(order, QLatin1String(format::MarkerOrderRule));
    lines << QStringLiteral("Edit them on the timeline's marker row: drag to move, double-click to rename or clear");
    return lines.join(QLatin1Char('\n'));
}

QVariant ClipsModel::data(const QModelIndex &index, int role) const
{
    // Every kind of document: the columns of its clip entries. A BPAT file adds its own fields
    // (the raw loop byte, v2 markers, v3 flags and variants); a BPSM mesh stores no timing.
    if (!index.isValid() || index.row() >= m_clips.size())
        return {};
    // Compare mode: the last column, and the name of a clip that differs marked like it.
    if (m_compare && (index.column() == compareColumn() || (index.column() == NameColumn && role == Qt::BackgroundRole)))
        return compareData(index.row(), role);
    const ClipEntry &clip = m_clips.at(index.row());
    const BpatFile *file = m_context->document() ? m_context->document()->bpat() : nullptr;
    const BpatClipInfo *info = file && index.row() < file->clips().size() ? &file->clips().at(index.row()) : nullptr;
    const bool fpsValid = std::isfinite(clip.fps) && clip.fps > 0.0f;
    const bool loopsValid = clip.loopsByte <= 1;
    const double duration = fpsValid ? clip.frameCount / double(clip.fps) : 0.0;
    const bool defaultTiming =
        !clip.timingStored && (index.column() == FpsColumn || index.column() == DurationColumn || index.column() == LoopsColumn);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IndexColumn: return clip.index;
        case NameColumn: return nameText(clip.name, clip.nameStatus);
        case FramesColumn: return clip.frameCount;
        case FrameOffsetColumn: return clip.frameOffset;
        case FpsColumn: return QString::number(double(clip.fps), 'g', 6);
        case DurationColumn: return fpsValid ? QString::number(duration, 'f', 3) : QStringLiteral("-");
        case LoopsColumn:
            return clip.loopsByte == 1 ? tr("yes") : clip.loopsByte == 0 ? tr("no") : tr("invalid (%1)").arg(clip.loopsByte);
        case MarkersColumn: return info && info->hasMarkers ? markerText(*info) : QString();
        case FlagsColumn:
            return info && info->hasV3Fields ? (info->suppliesGroundContact() ? tr("ground contact") : tr("-"))
                    + (info->flags & ~1 ? tr(" (0x%1)").arg(info->flags, 2, 16, QLatin1Char('0')) : QString())
                                             : QString();
        case VariantColumn:
            return info && info->hasV3Fields ? (info->variantFamily == info->index && info->variantOrdinal == 0
                                                    ? tr("own")
                                                    : tr("%1 #%2").arg(info->variantFamily).arg(info->variantOrdinal))
                                             : QString();
        }
        break;
    case SortRole:
        switch (index.column()) {
        case FpsColumn: return clip.timingStored ? QVariant(double(clip.fps)) : data(index, Qt::DisplayRole);
        case DurationColumn: return duration;
        case LoopsColumn: return clip.timingStored ? QVariant(clip.loopsByte) : data(index, Qt::DisplayRole);
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ForegroundRole:
        if ((index.column() == NameColumn && clip.nameStatus != NameStatus::Ok) || (index.column() == FpsColumn && !fpsValid)
            || (index.column() == LoopsColumn && !loopsValid) || (index.column() == FramesColumn && clip.frameCount == 0))
            return QBrush(Theme::errorColor());
        if (defaultTiming)
            return QBrush(Theme::absentColor());
        break;
    case Qt::FontRole:
    case Qt::TextAlignmentRole: return sharedData(index, role, m_context->currentClip());
    case Qt::ToolTipRole:
        if (defaultTiming)
            return tr("Not stored in BPSM files: played at %1 fps, looping").arg(double(ClipEntry::SnapshotFps));
        if (index.column() == MarkersColumn && info && info->hasMarkers)
            return markerToolTip(*info);
        if (index.column() == VariantColumn)
            return tr("variant family (the index of its base clip) and ordinal in it");
        return tr("Clip entry at byte %1").arg(clip.entryOffset);
    case Qt::EditRole:
        if (!clip.timingStored)
            return {}; // nothing to edit in a snapshot mesh
        switch (index.column()) {
        case NameColumn: return clip.name;
        case FpsColumn: return double(clip.fps);
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::CheckStateRole:
        if (index.column() == LoopsColumn && clip.timingStored)
            return clip.loops ? Qt::Checked : Qt::Unchecked;
        break;
    }
    return {};
}

Qt::ItemFlags ClipsModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid() || !m_context->document() || !m_context->document()->isEditable())
        return f; // a snapshot mesh is read-only
    if (index.column() == NameColumn || index.column() == FpsColumn)
        f |= Qt::ItemIsEditable;
    else if (index.column() == LoopsColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

bool ClipsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.row() >= m_clips.size() || !m_context->document() || !m_context->document()->isEditable())
        return false;
    DocumentSession *session = m_context->session();
    const int clip = index.row();
    const ClipEntry &info = m_clips.at(clip);
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
        return (loops == info.loops && info.loopsByte <= 1) || session->execute(new SetClipLoopsCommand(session, clip, loops));
    }
    return false;
}

QVariant ClipsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    if (section == compareColumn())
        return tr("Compared with %1").arg(QFileInfo(m_context->compare()->path()).fileName());
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
