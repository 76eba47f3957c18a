#include "models/GaitMetricsModel.h"

#include "motion/GaitJson.h"

namespace bpat::studio {

namespace {

QString metres(double v)
{
    return QStringLiteral("%1 m").arg(v, 0, 'f', 4);
}

} // namespace

GaitMetricsModel::GaitMetricsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void GaitMetricsModel::setGait(const bpat::ClipGait &gait)
{
    beginResetModel();
    m_gait = gait;
    m_rows.clear();
    auto add = [this](const QString &key, const QString &label, const QString &value, const QString &meaning) {
        m_rows.append({key, label, value, meaning});
    };
    if (!gait.reported) {
        add(QStringLiteral("note"), tr("report"), tr("none"), gait.note);
        endResetModel();
        return;
    }
    using Kind = bpat::MotionRig::Kind;
    if (gait.kind == Kind::Humanoid) {
        add(QStringLiteral("foot_travel"), tr("foot travel"), metres(gait.footTravel), tr("range of FootL's z over the clip"));
        add(QStringLiteral("contact_retreat"), tr("contact retreat"), metres(gait.contactRetreat),
            tr("how far the planted left foot slides back per cycle"));
        add(QStringLiteral("foot_lift"), tr("foot lift"), metres(gait.footLift), tr("range of FootL's height"));
        add(QStringLiteral("hand_swing"), tr("hand swing"), metres(gait.handSwing), tr("range of HandL's z"));
        add(QStringLiteral("pelvis_bob"), tr("pelvis bob"), metres(gait.pelvisBob), tr("range of the Pelvis's height"));
        add(QStringLiteral("pelvis_sway"), tr("pelvis sway"), metres(gait.pelvisSway), tr("range of the Pelvis's x"));
        add(QStringLiteral("shoulder_twist"), tr("shoulder twist"), metres(gait.shoulderTwist), tr("range of ShoulderL's z"));
        add(QStringLiteral("step_width"), tr("step width"), metres(gait.stepWidth), tr("mean of FootR x - FootL x"));
    } else if (!gait.feet.isEmpty()) {
        add(QStringLiteral("foot_travel"), tr("foot travel"), metres(gait.footTravel), tr("the largest range of a foot's z"));
        add(QStringLiteral("foot_lift"), tr("foot lift"), metres(gait.footLift), tr("the largest range of a foot's height"));
        add(QStringLiteral("contact_retreat"), tr("contact retreat"), metres(gait.contactRetreat),
            tr("the feet's median planted retreat per cycle"));
    }
    if (gait.kind != Kind::Other) {
        for (const auto &[t, v] : gait.skateFreeSpeeds) {
            add(QStringLiteral("skate_free_speed_") + bpat::GaitJson::cycleKey(t),
                tr("skate-free speed (%1 s cycle)").arg(t, 0, 'f', 2), QStringLiteral("%1 m/s").arg(v, 0, 'f', 3),
                tr("the ground speed at which the planted foot stands still"));
        }
    }
    if (gait.hasStretch) {
        // Two measures, two names (the lint's BONE_STRETCH is the length change): the value is the
        // peak of the Analysis tab's stretch plot, at the frame given.
        const bool rig = gait.stretchMeasure == bpat::ClipGait::StretchMeasure::RigLength;
        add(QStringLiteral("worst_bone_stretch"), rig ? tr("worst limb stretch") : tr("largest length change"),
            rig ? QStringLiteral("%1 (%2, frame %3; the game's %4)")
                      .arg(gait.worstStretch, 0, 'f', 4)
                      .arg(gait.worstLink)
                      .arg(gait.worstFrame)
                      .arg(gait.worstBone)
                : QStringLiteral("%1 (%2, frame %3)").arg(gait.worstStretch, 0, 'f', 4).arg(gait.worstLink).arg(gait.worstFrame),
            rig ? tr("the largest limb length / the game's rig length for it (its gait report)")
                : tr("the largest bone length / its median in the clip (the lint's BONE_STRETCH measure)"));
    }
    for (const bpat::FootGait &f : gait.feet) {
        add(f.label + QStringLiteral("_travel"), tr("%1 (%2) travel").arg(f.name, f.boneName), metres(f.travel),
            tr("range of its z"));
        add(f.label + QStringLiteral("_lift"), tr("%1 (%2) lift").arg(f.name, f.boneName), metres(f.lift),
            tr("range of its height"));
        add(f.label + QStringLiteral("_contact_retreat"), tr("%1 (%2) retreat").arg(f.name, f.boneName), metres(f.contactRetreat),
            tr("its planted retreat per cycle"));
    }
    endResetModel();
}

QString GaitMetricsModel::valueText(const QString &key) const
{
    for (const Row &row : m_rows) {
        if (row.key == key)
            return row.value;
    }
    return {};
}

int GaitMetricsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int GaitMetricsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NoOfColumns;
}

QVariant GaitMetricsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case MetricColumn: return row.label;
        case ValueColumn: return row.value;
        case MeaningColumn: return row.meaning;
        default: break;
        }
    }
    if (role == Qt::ToolTipRole)
        return QStringLiteral("%1: %2").arg(row.key, row.meaning);
    // Left-aligned: a value is often several (one per foot) and wider than a narrow table, where
    // right-aligned text began out of view.
    if (role == Qt::TextAlignmentRole && index.column() == ValueColumn)
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    return {};
}

QVariant GaitMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case MetricColumn: return tr("Metric");
    case ValueColumn: return tr("Value");
    case MeaningColumn: return tr("Meaning");
    default: return {};
    }
}

} // namespace bpat::studio
