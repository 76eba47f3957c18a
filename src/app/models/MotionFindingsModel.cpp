#include "models/MotionFindingsModel.h"

#include "Theme.h"

#include <QColor>

namespace bpat::studio {

MotionFindingsModel::MotionFindingsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void MotionFindingsModel::setFindings(const bpat::Diagnostics &all, int clip, const QStringList &boneNames)
{
    beginResetModel();
    m_findings.clear();
    for (const bpat::Diagnostic &d : all) {
        if (d.location.clip == clip)
            m_findings.append(d);
    }
    m_boneNames = boneNames;
    endResetModel();
}

QList<MotionFindingsModel::FrameChoice> MotionFindingsModel::frameChoices(int row) const
{
    if (row < 0 || row >= m_findings.size())
        return {};
    const bpat::DiagnosticLocation &l = m_findings.at(row).location;
    if (l.worstFrame >= 0 && l.worstFrame != l.frame)
        return {{l.frame, tr("the first beyond the tolerance")}, {l.worstFrame, tr("the worst")}};
    if (l.frame >= 0)
        return {{l.frame, QString()}};
    return {};
}

int MotionFindingsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int MotionFindingsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NoOfColumns;
}

QVariant MotionFindingsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_findings.size())
        return {};
    const bpat::Diagnostic &d = m_findings.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case SeverityColumn: return bpat::severityName(d.severity);
        case CodeColumn: return d.code;
        case FrameColumn:
            if (d.location.worstFrame >= 0 && d.location.worstFrame != d.location.frame) // which is which
                return tr("%1 first, %2 worst").arg(d.location.frame).arg(d.location.worstFrame);
            return d.location.frame >= 0 ? QVariant(d.location.frame) : QVariant();
        case BoneColumn:
            return d.location.bone >= 0 ? QVariant(m_boneNames.value(d.location.bone, tr("bone %1").arg(d.location.bone)))
                                        : QVariant();
        case MessageColumn: return d.message;
        default: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == FrameColumn && d.location.worstFrame >= 0 && d.location.worstFrame != d.location.frame)
            return tr("Frame %1 is the first beyond the tolerance, frame %2 the worst; a click offers both")
                .arg(d.location.frame)
                .arg(d.location.worstFrame);
        return d.message;
    }
    if (role == Qt::ForegroundRole && index.column() == SeverityColumn) {
        switch (d.severity) {
        case bpat::Severity::Error: return Theme::errorColor();
        case bpat::Severity::Warning: return Theme::warningTextColor();
        case bpat::Severity::Info: return Theme::infoColor();
        }
    }
    return {};
}

QVariant MotionFindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case CodeColumn: return tr("Code");
    case FrameColumn: return tr("Frame");
    case BoneColumn: return tr("Bone");
    case MessageColumn: return tr("Message");
    default: return {};
    }
}

} // namespace bpat::studio
