#include "OffsetKeysLink.h"

#include "BoneCurvesLink.h"
#include "StudioContext.h"
#include "anim/CurveEvaluator.h"
#include "editing/DocumentSession.h"
#include "editing/MotionCommands.h"
#include "motionedit/OffsetSpec.h"
#include "plot/BoneCurveSet.h"
#include "plot/OffsetKeyEditor.h"
#include "widgets/CurvesPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
const QString OriginalSuffix = QStringLiteral(" (original)");
constexpr bpat::OffsetInterpolation Modes[] = {bpat::OffsetInterpolation::Auto, bpat::OffsetInterpolation::Flat,
                                               bpat::OffsetInterpolation::Linear, bpat::OffsetInterpolation::Stepped};
} // namespace

OffsetKeysLink::OffsetKeysLink(StudioContext *context, CurvesPanel *panel, BoneCurvesLink *curves, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_panel(panel)
    , m_curves(curves)
    , m_editor(new OffsetKeyEditor(panel->plot(), this))
{
    buildBar();
    panel->setEditBar(m_bar);
    panel->setCompanionCurves([this](const QList<PlotCurve> &plotted) { return originals(plotted); });
    // A keyed bone's rotation is unwrapped toward its original's first frame, so the curve and
    // its dimmed original are drawn on the same turn.
    curves->setOptionsHook([this](BoneCurveSet::Options &options) {
        if (options.quaternion)
            return;
        const bpat::OffsetLayer layer = currentLayer();
        const std::shared_ptr<const BoneCurveSet> base = layer.isEmpty() ? nullptr : baseSet();
        if (!base)
            return;
        for (int bone : layer.bones()) {
            const QStringList names =
                base->curveNames(bone, {QStringLiteral("RotationX"), QStringLiteral("RotationY"), QStringLiteral("RotationZ")});
            if (names.size() != 3)
                continue;
            bpat::euler::Angles seed{};
            for (int axis = 0; axis < 3; ++axis)
                seed[size_t(axis)] = originalAt(names.at(axis), 0.0);
            options.seeds.insert(bone, seed);
        }
    });
    connect(panel, &CurvesPanel::plottedCurvesChanged, this, &OffsetKeysLink::updateKeys);
    connect(m_editor, &OffsetKeyEditor::addKeyRequested, this, &OffsetKeysLink::addKey);
    connect(m_editor, &OffsetKeyEditor::insertAtCursorRequested, this, &OffsetKeysLink::insertKeys);
    connect(m_editor, &OffsetKeyEditor::deleteRequested, this, &OffsetKeysLink::deleteKey);
    connect(m_editor, &OffsetKeyEditor::keyDragged, this, &OffsetKeysLink::dragKey);
    // A drag's moves (DocumentChange::Motion) redraw the keyed bones' curves alone; when the
    // drag ends the rest of the window catches up at once.
    connect(context, &StudioContext::motionEdited, this, [this] { m_curves->refreshBones(currentLayer().bones()); });
    connect(m_editor, &OffsetKeyEditor::dragFinished, this, [this] {
        m_panel->setKeepView(false);
        m_context->settleEdits();
    });
    connect(m_editor, &OffsetKeyEditor::selectionChanged, this, &OffsetKeysLink::updateBar);
}

DocumentSession *OffsetKeysLink::session() const
{
    return m_context->session();
}

bpat::OffsetLayer OffsetKeysLink::currentLayer() const
{
    return session()->offsetLayers().value(m_context->currentClip()).layer;
}

std::shared_ptr<const BoneCurveSet> OffsetKeysLink::baseSet() const
{
    const int clip = m_context->currentClip();
    const auto it = session()->offsetLayers().constFind(clip);
    if (it == session()->offsetLayers().cend() || !it->base)
        return m_panel->boneCurves(); // no keys: the curves shown are the original
    const BoneCurveSet::Options options = m_panel->rotationChoice();
    const QString choice =
        QStringLiteral("%1/%2/%3").arg(clip).arg(options.quaternion).arg(bpat::euler::orderName(options.order));
    if (!m_baseSet || m_baseKey != it->base.get() || m_baseChoice != choice) {
        m_baseSet = m_curves->makeSet(it->baseFile, clip, options);
        m_baseKey = it->base.get();
        m_baseChoice = choice;
    }
    return m_baseSet;
}

std::optional<OffsetKeysLink::Target> OffsetKeysLink::target(const QString &curve) const
{
    const std::shared_ptr<const BoneCurveSet> &set = m_panel->boneCurves();
    if (!set || set->clip() != m_context->currentClip())
        return std::nullopt;
    const int bone = set->boneOf(curve);
    const QString kind = BoneCurveSet::channelKind(curve);
    const std::optional<bpat::OffsetChannel> channel = bpat::offsetChannelFromName(kind);
    if (bone < 0 || !channel)
        return std::nullopt;
    if (kind.startsWith(QLatin1String("Rotation"))) {
        const bpat::OffsetLayer layer = currentLayer();
        if (set->options().quaternion)
            return std::nullopt;
        if (!layer.isEmpty() && layer.order() != set->options().order)
            return std::nullopt;
    }
    return Target{bone, *channel};
}

double OffsetKeysLink::originalAt(const QString &curve, double frame) const
{
    const std::shared_ptr<const BoneCurveSet> set = baseSet();
    const bpat::CurveRef ref = set ? set->curve(curve) : bpat::CurveRef();
    return ref.floatCurve ? bpat::CurveEvaluator::evaluate(*ref.floatCurve, frame) : 0.0;
}

QList<PlotCurve> OffsetKeysLink::originals(const QList<PlotCurve> &plotted) const
{
    QList<PlotCurve> out;
    const bpat::OffsetLayer layer = currentLayer();
    if (layer.isEmpty())
        return out;
    const std::shared_ptr<const BoneCurveSet> base = baseSet();
    const QList<int> keyed = layer.bones();
    for (const PlotCurve &curve : plotted) {
        const std::optional<Target> t = target(curve.name());
        if (!t || !keyed.contains(t->bone) || !base)
            continue;
        for (PlotCurve original : plotCurvesFor(base, {curve.name()})) {
            original.ref.name += OriginalSuffix; // its own name in the plot
            original.label = curve.displayName() + OriginalSuffix;
            original.shortLabel.clear();
            original.color = curve.color;
            original.dimmed = true;
            out.append(original);
        }
    }
    return out;
}

void OffsetKeysLink::updateKeys()
{
    // The selected key stays selected through the rebuilds of the curves (which may pass
    // through an empty plot), by its curve and frame.
    if (!m_pendingSelection && m_editor->selectedIndex() >= 0) {
        for (const OffsetKeyEditor::Key &key : m_editor->keys()) {
            if (key.curve == m_editor->selectedCurve() && key.index == m_editor->selectedIndex())
                m_pendingSelection = std::pair<QString, double>{key.curve, key.frame};
        }
    }
    const bpat::OffsetLayer layer = currentLayer();
    QList<OffsetKeyEditor::Key> keys;
    QStringList editable;
    std::optional<std::pair<QString, int>> select;
    for (const PlotCurve &curve : m_panel->plot()->curves()) {
        if (curve.dimmed)
            continue;
        const std::optional<Target> t = target(curve.name());
        if (!t)
            continue;
        editable.append(curve.name());
        const QList<bpat::OffsetKey> offsets = layer.curve(t->bone, t->channel).keys(); // a copy: curve() makes one
        for (qsizetype i = 0; i < offsets.size(); ++i) {
            const bpat::OffsetKey &key = offsets.at(i);
            keys.append({curve.name(), int(i), key.frame, originalAt(curve.name(), key.frame) + key.value});
            if (m_pendingSelection && m_pendingSelection->first == curve.name()
                && std::abs(m_pendingSelection->second - key.frame) < 1e-6)
                select = std::pair<QString, int>{curve.name(), int(i)};
        }
    }
    m_editor->setEditableCurves(editable);
    m_editor->setKeys(keys);
    if (select) {
        m_pendingSelection.reset();
        m_editor->select(select->first, select->second);
    }
    updateBar();
}

bool OffsetKeysLink::push(const bpat::OffsetLayer &layer, const QString &text, int drag)
{
    const int clip = m_context->currentClip();
    if (clip < 0 || !m_context->hasFile())
        return false;
    if (drag >= 0)
        m_panel->setKeepView(true); // the scale stays under the mouse until the drag ends
    return session()->execute(new OffsetLayerCommand(session(), clip, layer, text, drag));
}

QString OffsetKeysLink::describe(const QString &curve) const
{
    const std::shared_ptr<const BoneCurveSet> &set = m_panel->boneCurves();
    return set ? set->reading(curve).label : curve;
}

bool OffsetKeysLink::addKey(const QString &curve, double frame)
{
    const std::optional<Target> t = target(curve);
    if (!t)
        return false;
    frame = std::clamp(std::round(frame), 0.0, double(std::max(0, m_context->frameCount() - 1)));
    bpat::OffsetLayer layer = currentLayer();
    if (layer.isEmpty())
        layer.setOrder(m_panel->rotationChoice().order);
    const bpat::OffsetCurve existing = layer.curve(t->bone, t->channel);
    if (existing.indexAt(frame) >= 0) {
        m_editor->select(curve, existing.indexAt(frame));
        return false;
    }
    // A key on a curve that has some keeps its shape there; the first one starts at 0.
    layer.setKey(t->bone, t->channel, {frame, existing.valueAt(frame), bpat::OffsetInterpolation::Auto});
    m_pendingSelection = std::pair<QString, double>{curve, frame};
    return push(layer, tr("Add offset key (%1, frame %2)").arg(describe(curve)).arg(frame));
}

bool OffsetKeysLink::insertKeys(const QStringList &curves, double frame)
{
    bpat::OffsetLayer layer = currentLayer();
    if (layer.isEmpty())
        layer.setOrder(m_panel->rotationChoice().order);
    frame = std::clamp(std::round(frame), 0.0, double(std::max(0, m_context->frameCount() - 1)));
    int added = 0;
    for (const QString &curve : curves) {
        const std::optional<Target> t = target(curve);
        const bpat::OffsetCurve existing = t ? layer.curve(t->bone, t->channel) : bpat::OffsetCurve();
        if (!t || existing.indexAt(frame) >= 0)
            continue;
        layer.setKey(t->bone, t->channel, {frame, existing.valueAt(frame), bpat::OffsetInterpolation::Auto});
        m_pendingSelection = std::pair<QString, double>{curve, frame};
        ++added;
    }
    return added > 0 && push(layer, tr("Insert %n offset key(s) at frame %1", nullptr, added).arg(frame));
}

bool OffsetKeysLink::dragKey(const QString &curve, int index, double frame, double drawnValue, int drag)
{
    const std::optional<Target> t = target(curve);
    bpat::OffsetLayer layer = currentLayer();
    bpat::OffsetCurve offsets = layer.curve(t ? t->bone : -1, t ? t->channel : bpat::OffsetChannel::RotationX);
    if (!t || index < 0 || index >= offsets.keyCount())
        return false;
    frame = std::clamp(std::round(frame), 0.0, double(std::max(0, m_context->frameCount() - 1)));
    const int there = offsets.indexAt(frame);
    if (there >= 0 && there != index)
        frame = offsets.keys().at(index).frame; // never over another key: the frame stays
    int moved = index;
    if (!offsets.moveKey(index, frame, drawnValue - originalAt(curve, frame), &moved))
        return false;
    layer.setCurve(t->bone, t->channel, offsets);
    m_pendingSelection = std::pair<QString, double>{curve, frame};
    return push(layer, tr("Move offset key (%1)").arg(describe(curve)), drag);
}

bool OffsetKeysLink::setKey(const QString &curve, int index, double frame, double offset, bpat::OffsetInterpolation mode)
{
    const std::optional<Target> t = target(curve);
    bpat::OffsetLayer layer = currentLayer();
    bpat::OffsetCurve offsets = layer.curve(t ? t->bone : -1, t ? t->channel : bpat::OffsetChannel::RotationX);
    if (!t || index < 0 || index >= offsets.keyCount())
        return false;
    const int there = offsets.indexAt(frame);
    if (there >= 0 && there != index)
        return false; // another key is there
    int moved = index;
    if (!offsets.moveKey(index, frame, offset, &moved) || !offsets.setInterpolation(moved, mode))
        return false;
    if (offsets == layer.curve(t->bone, t->channel))
        return false; // nothing typed changes it
    layer.setCurve(t->bone, t->channel, offsets);
    m_pendingSelection = std::pair<QString, double>{curve, frame};
    return push(layer, tr("Set offset key (%1, frame %2)").arg(describe(curve)).arg(frame));
}

bool OffsetKeysLink::deleteKey(const QString &curve, int index)
{
    const std::optional<Target> t = target(curve);
    bpat::OffsetLayer layer = currentLayer();
    bpat::OffsetCurve offsets = layer.curve(t ? t->bone : -1, t ? t->channel : bpat::OffsetChannel::RotationX);
    if (!t || !offsets.removeKey(index))
        return false;
    m_pendingSelection.reset();
    m_editor->select(QString(), -1);
    layer.setCurve(t->bone, t->channel, offsets);
    return push(layer, tr("Delete offset key (%1)").arg(describe(curve)));
}

bool OffsetKeysLink::setRange(std::optional<std::pair<quint32, quint32>> range)
{
    bpat::OffsetLayer layer = currentLayer();
    if (layer.isEmpty() || layer.range() == range)
        return false;
    layer.setRange(range);
    const QString text =
        range ? tr("Offset keys on frames %1-%2").arg(range->first).arg(range->second) : tr("Offset keys on the whole clip");
    return push(layer, text);
}

bool OffsetKeysLink::applySpec(const QString &text, QString *error)
{
    QString why;
    const std::optional<bpat::OffsetSpec> spec = bpat::OffsetSpec::parse(text, &why);
    const bpat::BpatDocument *document = session()->document();
    int clip = -1;
    bpat::OffsetLayer keys;
    const bpat::EulerOrder order = m_panel->rotationChoice().order;
    if (spec && document && spec->resolve(*document, order, &clip, &keys, &why)) {
        bpat::OffsetLayer layer = session()->offsetLayers().value(clip).layer;
        if (layer.isEmpty())
            layer.setOrder(order);
        if (layer.order() != order) {
            why = tr("the clip's offset keys are in Euler order %1").arg(bpat::euler::orderName(layer.order()));
        } else {
            if (spec->range)
                layer.setRange(spec->range);
            for (const bpat::OffsetTrack &track : keys.tracks()) {
                for (const bpat::OffsetKey &key : track.curve.keys())
                    layer.setKey(track.bone, track.channel, key);
            }
            DocumentSession *s = session();
            if (s->execute(new OffsetLayerCommand(s, clip, layer, tr("Offset keys %1").arg(text)), &why))
                return true;
        }
    } else if (!document && why.isEmpty()) {
        why = tr("no BPAT file is open");
    }
    if (error)
        *error = QStringLiteral("--offset: %1").arg(why);
    return false;
}

void OffsetKeysLink::buildBar()
{
    m_bar = new QWidget;
    m_bar->setObjectName(QStringLiteral("offsetKeyBar"));
    auto *layout = new QHBoxLayout(m_bar);
    layout->setContentsMargins(6, 2, 6, 2);
    m_barLabel = new QLabel;
    // The hint gives way to the key's fields in a narrow window (the Curves beside the viewport
    // at 1280x720 made the window wider than the screen); its tooltip says it whole.
    m_barLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_frame = new QDoubleSpinBox;
    m_frame->setObjectName(QStringLiteral("offsetKeyFrame"));
    m_frame->setDecimals(0);
    m_frame->setPrefix(tr("frame "));
    m_offset = new QDoubleSpinBox;
    m_offset->setObjectName(QStringLiteral("offsetKeyValue"));
    m_offset->setDecimals(4);
    m_offset->setRange(-1e6, 1e6);
    m_offset->setPrefix(tr("offset "));
    m_mode = new QComboBox;
    m_mode->setObjectName(QStringLiteral("offsetKeyMode"));
    for (bpat::OffsetInterpolation mode : Modes)
        m_mode->addItem(bpat::interpolationName(mode));
    m_delete = new QToolButton;
    m_delete->setText(tr("Delete Key"));
    // The frames the offsets apply to (outside them the clip keeps its poses): the whole clip
    // unless checked.
    m_rangeOn = new QCheckBox(tr("only frames"));
    m_rangeOn->setObjectName(QStringLiteral("offsetKeyRangeOn"));
    m_rangeOn->setToolTip(tr("Apply the clip's offsets to these frames only; the others keep their poses "
                             "(key the offset to 0 at the range's ends to ease in and out)"));
    m_rangeFirst = new QSpinBox;
    m_rangeFirst->setObjectName(QStringLiteral("offsetKeyRangeFirst"));
    m_rangeLast = new QSpinBox;
    m_rangeLast->setObjectName(QStringLiteral("offsetKeyRangeLast"));
    m_rangeLast->setPrefix(tr("to "));
    layout->addWidget(m_barLabel, 1);
    layout->addWidget(m_frame);
    layout->addWidget(m_offset);
    layout->addWidget(m_mode);
    layout->addWidget(m_delete);
    layout->addSpacing(12);
    layout->addWidget(m_rangeOn);
    layout->addWidget(m_rangeFirst);
    layout->addWidget(m_rangeLast);
    const auto typed = [this] {
        const QString curve = m_editor->selectedCurve();
        const int index = m_editor->selectedIndex();
        if (index >= 0)
            setKey(curve, index, m_frame->value(), m_offset->value(), Modes[std::clamp(m_mode->currentIndex(), 0, 3)]);
    };
    connect(m_frame, &QDoubleSpinBox::editingFinished, this, typed);
    connect(m_offset, &QDoubleSpinBox::editingFinished, this, typed);
    connect(m_mode, &QComboBox::activated, this, typed);
    connect(m_delete, &QToolButton::clicked, this, [this] { deleteKey(m_editor->selectedCurve(), m_editor->selectedIndex()); });
    const auto ranged = [this] {
        const quint32 first = quint32(m_rangeFirst->value()),
                      last = quint32(std::max(m_rangeFirst->value(), m_rangeLast->value()));
        if (!setRange(m_rangeOn->isChecked() ? std::optional(std::pair(first, last)) : std::nullopt))
            updateBar(); // refused or unchanged: the fields show the layer as it is
    };
    connect(m_rangeOn, &QCheckBox::toggled, this, ranged);
    connect(m_rangeFirst, &QSpinBox::editingFinished, this, ranged);
    connect(m_rangeLast, &QSpinBox::editingFinished, this, ranged);
    updateBar();
}

void OffsetKeysLink::updateBar()
{
    const QString curve = m_editor->selectedCurve();
    const int index = m_editor->selectedIndex();
    const std::optional<Target> t = index >= 0 ? target(curve) : std::nullopt;
    const bpat::OffsetCurve offsets = t ? currentLayer().curve(t->bone, t->channel) : bpat::OffsetCurve();
    const bool has = t && index < offsets.keyCount();
    for (QWidget *w : {static_cast<QWidget *>(m_frame), static_cast<QWidget *>(m_offset), static_cast<QWidget *>(m_mode),
                       static_cast<QWidget *>(m_delete)})
        w->setEnabled(has);
    {
        const bpat::OffsetLayer layer = currentLayer();
        const int last = std::max(0, m_context->frameCount() - 1);
        const QSignalBlocker r1(m_rangeOn), r2(m_rangeFirst), r3(m_rangeLast);
        m_rangeOn->setEnabled(!layer.isEmpty());
        m_rangeOn->setChecked(layer.range().has_value());
        m_rangeFirst->setRange(0, last);
        m_rangeLast->setRange(0, last);
        m_rangeFirst->setValue(layer.range() ? int(layer.range()->first) : 0);
        m_rangeLast->setValue(layer.range() ? int(layer.range()->second) : last);
        m_rangeFirst->setEnabled(layer.range().has_value());
        m_rangeLast->setEnabled(layer.range().has_value());
    }
    if (!has) {
        const bpat::OffsetLayer layer = currentLayer();
        const BoneCurveSet::Options shown = m_panel->rotationChoice();
        if (!layer.isEmpty() && (shown.quaternion || shown.order != layer.order()))
            m_barLabel->setText(tr("This clip's rotation keys are in Euler %1: choose %1 in the toolbar to see and edit them "
                                   "(translation and scale keys take edits here)")
                                    .arg(bpat::euler::orderName(layer.order())));
        else
            m_barLabel->setText(tr("Offset keys: double-click a bone curve to add one, drag to move, Delete removes"));
        m_barLabel->setToolTip(m_barLabel->text());
        return;
    }
    const bpat::OffsetKey &key = offsets.keys().at(index);
    const QSignalBlocker b1(m_frame), b2(m_offset), b3(m_mode);
    m_barLabel->setText(tr("Key %1 of %2 on %3").arg(index + 1).arg(offsets.keyCount()).arg(describe(curve)));
    m_barLabel->setToolTip(m_barLabel->text());
    m_frame->setRange(0, std::max(0, m_context->frameCount() - 1));
    m_frame->setValue(key.frame);
    m_offset->setValue(key.value);
    m_offset->setSuffix(t->channel <= bpat::OffsetChannel::RotationZ ? QStringLiteral("°") : QString());
    m_mode->setCurrentIndex(int(std::find(std::begin(Modes), std::end(Modes), key.interpolation) - std::begin(Modes)));
}

} // namespace bpat::studio
