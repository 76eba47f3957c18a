#pragma once
// The Analysis tab's findings: the motion lint's findings (MotionLint) of one clip, a row each
// (severity, code, frame, bone, message), so a click jumps to the frame and selects the bone.
#include "diagnostics/Diagnostic.h"

#include <QAbstractTableModel>
#include <QStringList>

namespace bpat::studio {

class MotionFindingsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        SeverityColumn,
        CodeColumn,
        FrameColumn,
        BoneColumn,
        MessageColumn,
        NoOfColumns
    };

    explicit MotionFindingsModel(QObject *parent = nullptr);

    // The findings of `clip` among `all` (others are left out); bone names for the Bone column.
    void setFindings(const bpat::Diagnostics &all, int clip, const QStringList &boneNames);
    const bpat::Diagnostics &findings() const { return m_findings; }
    const bpat::Diagnostic &finding(int row) const { return m_findings.at(row); }
    // The frames a click on a row may go to, each with what it is: a finding over a run of
    // frames gives the first beyond the tolerance and the worst, any other its one frame.
    struct FrameChoice
    {
        int frame = -1;
        QString what; // "the first beyond the tolerance", "the worst"; empty for a finding's one frame
    };
    QList<FrameChoice> frameChoices(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bpat::Diagnostics m_findings;
    QStringList m_boneNames;
};

} // namespace bpat::studio
