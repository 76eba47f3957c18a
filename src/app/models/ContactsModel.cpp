#include "ContactsModel.h"

#include "ModelRoles.h"
#include "StudioContext.h"
#include "Theme.h"
#include "document/ClipContacts.h"
#include "motion/FootContacts.h"

#include <QBrush>
#include <QFont>
#include <cmath>
#include <limits>

namespace bpat::studio {

namespace {
QString metres(float v)
{
    return std::isfinite(v) ? QString::number(double(v), 'f', 4) : QStringLiteral("-");
}
} // namespace

ContactsModel::ContactsModel(StudioContext *context, ClipContacts *contacts, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
    , m_contacts(contacts)
{
    connect(m_contacts, &ClipContacts::changed, this, &ContactsModel::reset);
    reset();
}

void ContactsModel::reset()
{
    beginResetModel();
    m_shown = m_contacts->current();
    m_fps = 0.0;
    if (m_shown) {
        const QList<ClipEntry> clips = m_context->clipEntries();
        if (m_shown->clip() >= 0 && m_shown->clip() < clips.size())
            m_fps = double(clips.at(m_shown->clip()).fps);
    }
    endResetModel();
}

int ContactsModel::footCount() const
{
    return m_shown ? int(m_shown->feet().size()) : 0;
}

QString ContactsModel::summary() const
{
    if (!m_shown)
        return tr("Open a BPAT clip to see its ground contacts.");
    QStringList parts;
    for (const bpat::FootContacts::Foot &foot : m_shown->feet()) {
        parts << tr("%1 planted %2 of %3 frames").arg(foot.label).arg(foot.planted.count(true)).arg(m_shown->frames());
    }
    QString text = parts.isEmpty() ? tr("No feet known") : parts.join(QStringLiteral(", "));
    if (!m_shown->note().isEmpty())
        text += QStringLiteral(" (%1)").arg(m_shown->note());
    if (m_shown->hasContactTable() && !m_shown->suppliesGroundContact())
        text += tr(". This clip does not supply ground contact (flag off): the game does not plant the creature from it");
    return text;
}

int ContactsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_shown ? 0 : int(m_shown->frames());
}

int ContactsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FirstFootColumn + footCount() + 1;
}

float ContactsModel::computedFootY(int frame) const
{
    float lowest = std::numeric_limits<float>::infinity();
    for (const bpat::FootContacts::Foot &foot : m_shown->feet()) {
        const float y = foot.height.value(frame, lowest);
        if (std::isfinite(y) && y < lowest)
            lowest = y;
    }
    return lowest;
}

QVariant ContactsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_shown || index.row() >= rowCount())
        return {};
    const int frame = index.row();
    const int column = index.column();
    const int foot = column - FirstFootColumn;
    const bool isFoot = foot >= 0 && foot < footCount();
    const bool table = m_shown->hasContactTable();
    switch (role) {
    case Qt::DisplayRole:
        if (column == FrameColumn)
            return frame;
        if (column == TimeColumn)
            return m_fps > 0.0 ? QString::number(frame / m_fps, 'f', 3) : QStringLiteral("-");
        if (column == SoleYColumn)
            return table ? metres(m_shown->soleY().value(frame)) : QStringLiteral("-");
        if (column == FootYColumn)
            return metres(table ? m_shown->footY().value(frame) : computedFootY(frame));
        if (isFoot)
            return metres(m_shown->feet().at(foot).height.value(frame));
        if (column == plantedColumn()) {
            QStringList names;
            for (int f : m_shown->plantedFeet(quint32(frame)))
                names << m_shown->feet().at(f).label;
            return names.isEmpty() ? tr("none") : names.join(QStringLiteral(", "));
        }
        break;
    case SortRole:
        if (column == FrameColumn)
            return frame;
        if (column == TimeColumn)
            return m_fps > 0.0 ? frame / m_fps : 0.0;
        if (column == SoleYColumn)
            return table ? double(m_shown->soleY().value(frame)) : 0.0;
        if (column == FootYColumn)
            return double(table ? m_shown->footY().value(frame) : computedFootY(frame));
        if (isFoot)
            return double(m_shown->feet().at(foot).height.value(frame));
        return data(index, Qt::DisplayRole);
    case Qt::TextAlignmentRole: return column == plantedColumn() ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::BackgroundRole:
        if (isFoot && m_shown->isPlanted(foot, quint32(frame))) {
            QColor c = Theme::plantedColor();
            c.setAlpha(90);
            return QBrush(c);
        }
        if (column == FootYColumn && table && m_shown->isGrounded(quint32(frame))) {
            QColor c = Theme::groundedColor();
            c.setAlpha(70);
            return QBrush(c);
        }
        break;
    case Qt::ForegroundRole:
        if ((column == SoleYColumn || column == FootYColumn) && !table)
            return QBrush(Theme::absentColor());
        break;
    case Qt::FontRole:
        if (frame == m_context->currentFrame() && m_shown->clip() == m_context->currentClip()) {
            QFont f;
            f.setBold(true);
            return f;
        }
        break;
    case Qt::ToolTipRole:
        if (isFoot) {
            const bpat::FootContacts::Foot &f = m_shown->feet().at(foot);
            const float y = f.height.value(frame);
            return tr("%1 (%2) at frame %3: %4, %5 m above its lowest height in the clip (%6 m)")
                .arg(f.label, f.boneName)
                .arg(frame)
                .arg(m_shown->isPlanted(foot, quint32(frame)) ? tr("planted") : tr("lifted"))
                .arg(double(y - f.lowest), 0, 'f', 4)
                .arg(double(f.lowest), 0, 'f', 4);
        }
        if ((column == SoleYColumn || column == FootYColumn) && !table)
            return column == SoleYColumn
                ? tr("The file has no contact table (v3 adds it): no sole_y")
                : tr("The file has no contact table (v3 adds it): the lowest foot, computed from the feet");
        return headerData(column, Qt::Horizontal, Qt::ToolTipRole);
    }
    return {};
}

QVariant ContactsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    const int foot = section - FirstFootColumn;
    const bool isFoot = m_shown && foot >= 0 && foot < footCount();
    if (role == Qt::DisplayRole) {
        switch (section) {
        case FrameColumn: return tr("Frame");
        case TimeColumn: return tr("Time (s)");
        case SoleYColumn: return tr("sole_y (m)");
        case FootYColumn: return tr("foot_y (m)");
        default: break;
        }
        if (isFoot)
            return tr("%1 y (m)").arg(m_shown->feet().at(foot).label);
        if (section == plantedColumn())
            return tr("Planted");
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case FrameColumn: return tr("Frame of the clip (from 0)");
        case TimeColumn: return tr("Time of the frame in the clip, seconds");
        case SoleYColumn:
            return tr("The contact record's sole_y (v3), metres: how far the lowest sole is above its rest height "
                      "(humanoids: two points under each foot; quadrupeds: the skinning matrix's translation y)");
        case FootYColumn:
            return tr("The contact record's foot_y (v3), metres: the lowest foot bone origin's height, model space (+Y up); "
                      "tinted where it is within %1 m of its lowest in the clip")
                .arg(double(bpat::FootContacts::PlantedBand));
        default: break;
        }
        if (isFoot)
            return tr("Height of %1's global origin (bone %2), metres, model space (+Y up); tinted where it is planted: "
                      "within %3 m of its lowest height in the clip")
                .arg(m_shown->feet().at(foot).boneName)
                .arg(m_shown->feet().at(foot).bone)
                .arg(double(bpat::FootContacts::PlantedBand));
        if (section == plantedColumn())
            return tr("The feet planted at the frame");
    }
    return {};
}

} // namespace bpat::studio
