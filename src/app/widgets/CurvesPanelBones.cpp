// CurvesPanel, continued: the bone curves of a BPAT clip (the graph editor): which bones and
// channels are plotted, the rotation choice, the status line. Kept apart from the panel's
// construction and the recording's curves in CurvesPanel.cpp.
#include "widgets/CurvesPanel.h"

#include <QComboBox>
#include <QLabel>
#include <QTreeView>
#include <algorithm>

namespace bpat::studio {

QStringList CurvesPanel::withRotationKinds(const QStringList &kinds) const
{
    // A rotation shown is shown whole in quaternions (W with X, Y, Z); Euler angles have no W.
    QStringList out = kinds;
    const bool rotation =
        std::any_of(kinds.cbegin(), kinds.cend(), [](const QString &k) { return k.startsWith(QLatin1String("Rotation")); });
    const QString w = QStringLiteral("RotationW");
    out.removeAll(w);
    if (rotation && m_bones && m_bones->options().quaternion)
        out.prepend(w);
    return out;
}

BoneCurveSet::Options CurvesPanel::rotationChoice() const
{
    BoneCurveSet::Options options;
    const int order = m_rotation->currentData().toInt();
    options.quaternion = order < 0;
    options.order = order < 0 ? bpat::EulerOrder::XYZ : bpat::EulerOrder(order);
    return options;
}

void CurvesPanel::showBones(const QList<int> &bones)
{
    if (!m_bones)
        return;
    // The kinds of channel the user looks at now, else rotation.
    QStringList kinds;
    const QStringList checked = m_source == Source::Bones ? checkedCurves() : m_checkedBones;
    for (const QString &name : checked) {
        const QString kind = BoneCurveSet::channelKind(name);
        if (!kinds.contains(kind))
            kinds.append(kind);
    }
    showBones(bones, kinds);
}

void CurvesPanel::showBones(const QList<int> &bones, QStringList kinds)
{
    if (!m_bones)
        return;
    kinds = withRotationKinds(kinds);
    QStringList names;
    for (int bone : bones) {
        QStringList own = m_bones->curveNames(bone, kinds);
        if (own.isEmpty()) {
            QStringList rotation = m_bones->kinds(bone);
            rotation.removeIf([](const QString &kind) { return !kind.startsWith(QLatin1String("Rotation")); });
            own = m_bones->curveNames(bone, rotation);
        }
        names += own;
    }
    m_checkedBones = names;
    if (m_source != Source::Bones)
        return;
    m_model->setCheckedCurves(names);
    if (!bones.isEmpty()) {
        const QModelIndex row = m_filter->mapFromSource(m_model->indexForPath(m_bones->boneLabel(bones.constFirst())));
        m_tree->expand(row);
        m_tree->scrollTo(row, QAbstractItemView::PositionAtTop);
    }
}

QList<int> CurvesPanel::plottedBones() const
{
    QList<int> bones;
    if (m_source != Source::Bones)
        return bones;
    for (const QString &name : checkedCurves()) {
        const int bone = m_bones->boneOf(name);
        if (bone >= 0 && !bones.contains(bone))
            bones.append(bone);
    }
    std::sort(bones.begin(), bones.end());
    return bones;
}

void CurvesPanel::updateBoneStatus()
{
    const int last = m_bones->lastFrame();
    const QString every = m_bones->stride() > 1 ? tr(", every %1th frame").arg(m_bones->stride()) : QString();
    const QString unreadable = m_bones->unreadableSamples() > 0
        ? tr("; %1 samples unreadable (see the Validation panel)").arg(m_bones->unreadableSamples())
        : QString();
    m_status->setText(tr("%1: %2 bones' local channels over frames 0 to %3%4, %5%6. Select bones in the viewport "
                         "or the Palette panel (Ctrl+click adds), or check them here. Wheel: zoom (Ctrl: time only), "
                         "middle drag: pan, drag the cursor to scrub, F / A: frame.")
                          .arg(m_bones->clipName().isEmpty() ? tr("clip %1").arg(m_bones->clip()) : m_bones->clipName())
                          .arg(m_bones->boneCount())
                          .arg(std::max(0, last))
                          .arg(every, m_bones->rotationDescription(), unreadable));
    m_status->setToolTip(m_status->text());
}

} // namespace bpat::studio
