#include "PaletteModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"
#include "Theme.h"
#include "diff/DiffReport.h"
#include "document/CompareState.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

PaletteModel::PaletteModel(StudioContext *context, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
{
    connect(context, &StudioContext::fileLoaded, this, &PaletteModel::reset);
    connect(context, &StudioContext::fileClosed, this, &PaletteModel::reset);
    connect(context, &StudioContext::currentClipChanged, this, &PaletteModel::refreshValues);
    connect(context, &StudioContext::currentFrameChanged, this, &PaletteModel::refreshValues);
    connect(context->compare(), &CompareState::changed, this, &PaletteModel::reset);
    reset();
}

void PaletteModel::reset()
{
    beginResetModel();
    const BpatFile &file = m_context->file();
    m_boneRows = file.hasHeader() ? int(std::min<quint32>(file.header().boneCount, kMaxBoneRows)) : 0;
    m_socketRows = int(file.sockets().size());
    m_compare = m_context->compare()->hasResult();
    endResetModel();
}

void PaletteModel::refreshValues()
{
    const int rows = rowCount();
    if (rows > 0)
        Q_EMIT dataChanged(index(0, TranslationColumn), index(rows - 1, columnCount() - 1));
}

std::optional<std::array<float, 16>> PaletteModel::values(int row) const
{
    const std::optional<quint32> frame = m_context->currentGlobalFrame();
    if (!frame || row < 0)
        return std::nullopt;
    const BpatFile &file = m_context->file();
    if (row < m_boneRows) // the global matrix, row-major, in every dialect (late v3: skin x bind)
        return file.globalMatrixFloats(*frame, quint32(row));
    const int socket = row - m_boneRows;
    if (socket >= m_socketRows)
        return std::nullopt;
    const auto socketRow = file.socketRow(*frame, quint32(socket));
    if (!socketRow)
        return std::nullopt;
    std::array<float, 16> out{};
    std::copy(socketRow->begin(), socketRow->end(), out.begin());
    out[15] = 1.0f;
    return out;
}

PaletteModel::Check PaletteModel::check(int row) const
{
    const auto v = values(row);
    if (!v)
        return Check::NotInFile;
    for (float f : *v) {
        if (!std::isfinite(f))
            return Check::NonFinite;
    }
    if ((*v)[12] != 0.0f || (*v)[13] != 0.0f || (*v)[14] != 0.0f || (*v)[15] != 1.0f)
        return Check::NonAffine;
    return Check::Ok;
}

static QString formatRow(const std::array<float, 16> &v, int row)
{
    QStringList parts;
    for (int k = 0; k < 4; ++k)
        parts.append(QString::number(double(v[std::size_t(row * 4 + k)]), 'f', 3));
    return parts.join(QLatin1Char(' '));
}

QVariant PaletteModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const int row = index.row();
    const bool socket = isSocketRow(row);
    const int column = index.column();
    if (column == DifferenceColumn)
        return differenceData(row, role);
    if (role == Qt::DisplayRole || role == SortRole) {
        if (column == IndexColumn)
            return socket ? row - m_boneRows : row;
        if (column == NameColumn) {
            if (!socket) {
                // The hierarchy, when the rig (or a late-v3 parent table) gives one: indented by depth.
                int depth = 0;
                if (role == Qt::DisplayRole && m_context->rig() && row < m_context->rig()->boneCount()) {
                    for (int p = m_context->rig()->bone(row).parent; p >= 0 && depth < 64; p = m_context->rig()->bone(p).parent)
                        ++depth;
                }
                return QString(depth * 2, QLatin1Char(' ')) + m_context->boneName(row);
            }
            const auto &info = m_context->file().sockets().at(row - m_boneRows);
            return tr("socket %1").arg(info.name);
        }
        const auto v = values(row);
        if (column == CheckColumn) {
            switch (check(row)) {
            case Check::Ok: return tr("ok");
            case Check::NotInFile: return tr("not in file");
            case Check::NonFinite: return tr("non-finite");
            case Check::NonAffine: return tr("non-affine");
            }
        }
        if (!v)
            return QStringLiteral("-");
        if (column >= Row0Column && column <= Row3Column) {
            if (socket && column == Row3Column)
                return tr("0 0 0 1 (implied)");
            return formatRow(*v, column - Row0Column);
        }
        if (column == TranslationColumn) {
            if (role == SortRole)
                return std::hypot((*v)[3], (*v)[7], (*v)[11]);
            return QStringLiteral("(%1, %2, %3)")
                .arg(double((*v)[3]), 0, 'f', 4)
                .arg(double((*v)[7]), 0, 'f', 4)
                .arg(double((*v)[11]), 0, 'f', 4);
        }
        return {};
    }
    const auto tint = [](QColor colour, int alpha) {
        colour.setAlpha(alpha);
        return QBrush(colour);
    };
    switch (role) {
    case Qt::BackgroundRole:
        switch (check(row)) {
        case Check::NonFinite: return tint(Theme::errorColor(), 90);
        case Check::NonAffine: return tint(Theme::warningColor(), 80);
        case Check::NotInFile: return tint(Theme::absentColor(), 60);
        case Check::Ok: break;
        }
        if (socket)
            return tint(Theme::infoColor(), 30);
        break;
    case Qt::FontRole:
        if (column >= TranslationColumn && column != CheckColumn) {
            QFont font(QStringLiteral("monospace"));
            font.setStyleHint(QFont::Monospace);
            return font;
        }
        if (!socket && row == m_context->currentBone()) {
            QFont font;
            font.setBold(true);
            return font;
        }
        break;
    case Qt::TextAlignmentRole:
        if (column >= TranslationColumn && column != CheckColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

QVariant PaletteModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IndexColumn: return tr("#");
    case NameColumn: return tr("Bone / socket");
    case Row0Column: return tr("Row 0");
    case Row1Column: return tr("Row 1");
    case Row2Column: return tr("Row 2");
    case Row3Column: return tr("Row 3");
    case DifferenceColumn: return tr("Difference");
    case TranslationColumn: return tr("Translation");
    case CheckColumn: return tr("Check");
    }
    return {};
}

int PaletteModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_boneRows + m_socketRows;
}

int PaletteModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_compare ? NoOfColumns : DifferenceColumn;
}

QVariant PaletteModel::differenceData(int row, int role) const
{
    const CompareState *compare = m_context->compare();
    if (!m_compare || !compare->other())
        return {};
    const int clip = m_context->currentClip(), frame = m_context->currentFrame();
    const auto delta = isSocketRow(row) ? compare->socketDelta(m_context->file(), clip, frame, row - m_boneRows)
                                        : compare->boneDelta(m_context->file(), clip, frame, row);
    const bool beyond = delta && !diff::withinTolerance(*delta, compare->tolerance());
    switch (role) {
    case Qt::DisplayRole:
        if (!delta) {
            if (compare->partnerOf(clip) < 0)
                return tr("no partner clip");
            // Clips of other frame counts: no number where no frame pairs with this one.
            const diff::FrameAlignment *align = compare->alignmentOf(clip);
            if (align && !align->paired())
                return tr("not compared");
            if (align && frame >= 0 && !align->frameOfB(quint32(frame)))
                return tr("no paired frame");
            return QStringLiteral("-");
        }
        return QStringLiteral("%1° %2 m").arg(delta->rotationDeg, 0, 'f', 3).arg(delta->translation, 0, 'f', 4);
    case SortRole: return delta ? std::max(delta->rotationDeg * M_PI / 180.0, delta->translation) : -1.0;
    case Qt::BackgroundRole:
        if (beyond) {
            QColor colour = Theme::warningColor();
            colour.setAlpha(110);
            return QBrush(colour);
        }
        break;
    case Qt::ToolTipRole: {
        const int partner = compare->partnerOf(clip);
        const BpatFile *other = compare->other();
        if (partner < 0 || partner >= other->clips().size())
            return tr("%1 has no clip paired with this one").arg(compare->path());
        const QString note = compare->frameNote(clip, frame);
        if (!note.isEmpty()) // clips of other frame counts: which frame of B, or why none
            return tr("Against %1, clip %2: %3%4")
                .arg(compare->path(), other->clips().at(partner).name, note,
                     delta ? (beyond ? tr(": differs") : tr(": the same within %1").arg(compare->tolerance())) : QString());
        return tr("Against %1, clip %2, frame %3: %4")
            .arg(compare->path(), other->clips().at(partner).name)
            .arg(std::min<quint32>(quint32(std::max(0, frame)), std::max<quint32>(1, other->clips().at(partner).frameCount) - 1))
            .arg(beyond ? tr("differs") : tr("the same within %1").arg(compare->tolerance()));
    }
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

} // namespace bpat::studio
