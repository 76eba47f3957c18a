#pragma once
// The Analysis tab's metrics: one row per number of a clip's gait report (ClipGait) with its
// value, unit and what it means (the game's definitions, specs/motion-analysis.md); the
// quadrupeds' per-foot numbers follow, a row per foot and quantity.
#include "motion/ClipGait.h"

#include <QAbstractTableModel>
#include <QList>

namespace bpat::studio {

class GaitMetricsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        MetricColumn,
        ValueColumn,
        MeaningColumn,
        NoOfColumns
    };

    explicit GaitMetricsModel(QObject *parent = nullptr);

    void setGait(const bpat::ClipGait &gait);
    const bpat::ClipGait &gait() const { return m_gait; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The value shown for a metric key ("contact_retreat", "skate_free_speed_0.70",
    // "front_l_travel"); empty when the clip has no such row.
    QString valueText(const QString &key) const;

private:
    struct Row
    {
        QString key;
        QString label;
        QString value;
        QString meaning;
    };
    QList<Row> m_rows;
    bpat::ClipGait m_gait;
};

} // namespace bpat::studio
