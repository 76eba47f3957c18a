#include "BoneCurvesLink.h"

#include "StudioContext.h"
#include "widgets/CurvesPanel.h"

#include <QEvent>
#include <cmath>

namespace bpat::studio {

BoneCurvesLink::BoneCurvesLink(StudioContext *context, CurvesPanel *panel, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_panel(panel)
{
    panel->installEventFilter(this);
    connect(context, &StudioContext::fileLoaded, this, &BoneCurvesLink::invalidate);
    connect(context, &StudioContext::fileClosed, this, &BoneCurvesLink::invalidate);
    // An edit emits fileLoaded() and then currentClipChanged() for the same clip: built once.
    connect(context, &StudioContext::currentClipChanged, this, [this](int clip) {
        if (!m_dirty && clip == m_builtClip && m_context->file().bytes().constData() == m_builtData)
            return;
        invalidate();
    });
    connect(panel, &CurvesPanel::rotationChoiceChanged, this, &BoneCurvesLink::invalidate);
    connect(context, &StudioContext::selectedBonesChanged, this, [this](const QList<int> &bones) {
        if (m_dirty) {
            m_selectionPending = true;
            return;
        }
        m_panel->showBones(bones);
    });
    connect(context, &StudioContext::currentFrameChanged, this, [this](int frame) {
        if (m_panel->source() == CurvesPanel::Source::Bones)
            m_panel->setCursorTime(frame);
    });
    connect(panel, &CurvesPanel::cursorTimeScrubbed, this, [this](double time) {
        if (m_panel->source() == CurvesPanel::Source::Bones)
            m_context->setCurrentFrame(int(std::lround(time)));
    });
    // The panel shows what the timeline plays: the recording, else the clip's bones.
    RecordingState *recording = context->recording();
    connect(recording, &RecordingState::timelineSourceChanged, this, [this](RecordingState::TimelineSource source) {
        m_panel->showSource(source == RecordingState::TimelineSource::Recording ? CurvesPanel::Source::Recording
                                                                                : CurvesPanel::Source::Bones);
        if (m_panel->source() == CurvesPanel::Source::Bones)
            m_panel->setCursorTime(m_context->currentFrame());
    });
}

bool BoneCurvesLink::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_panel && event->type() == QEvent::Show && m_dirty)
        rebuild();
    return QObject::eventFilter(watched, event);
}

void BoneCurvesLink::invalidate()
{
    m_dirty = true;
    if (m_panel->isVisible())
        rebuild();
}

void BoneCurvesLink::refresh()
{
    if (m_dirty)
        rebuild();
}

QList<int> BoneCurvesLink::parents() const
{
    QList<int> parents;
    const int bones = m_context->document() ? m_context->document()->boneCount() : 0;
    const std::optional<Rig> &rig = m_context->rig();
    for (int b = 0; b < bones; ++b)
        parents.append(rig && b < rig->boneCount() ? rig->bone(b).parent : -1);
    return parents;
}

std::shared_ptr<const BoneCurveSet> BoneCurvesLink::makeSet(const bpat::BpatFile &file, int clip,
                                                            const BoneCurveSet::Options &options) const
{
    QStringList names;
    const int bones = m_context->document() ? m_context->document()->boneCount() : 0;
    for (int b = 0; b < bones; ++b)
        names.append(m_context->boneName(b));
    return std::make_shared<const BoneCurveSet>(file, clip, names, parents(), options);
}

void BoneCurvesLink::refreshBones(const QList<int> &bones)
{
    const std::shared_ptr<const BoneCurveSet> &shown = m_panel->boneCurves();
    if (m_dirty || !shown || !m_panel->isVisible() || shown->clip() != m_context->currentClip()
        || m_panel->source() != CurvesPanel::Source::Bones)
        return invalidate();
    std::shared_ptr<const BoneCurveSet> set = BoneCurveSet::refreshed(*shown, m_context->file(), parents(), bones);
    if (!set)
        return invalidate();
    ++m_partialBuilds;
    m_panel->updateBoneCurves(std::move(set));
    m_builtData = m_context->file().bytes().constData();
}

void BoneCurvesLink::rebuild()
{
    m_dirty = false;
    ++m_builds;
    const int clip = m_context->currentClip();
    if (!m_context->hasFile() || clip < 0) {
        m_panel->setBoneCurves(nullptr);
        return;
    }
    BoneCurveSet::Options options = m_panel->rotationChoice();
    if (m_optionsHook)
        m_optionsHook(options);
    m_panel->setBoneCurves(makeSet(m_context->file(), clip, options));
    m_builtClip = clip;
    m_builtData = m_context->file().bytes().constData();
    if (m_selectionPending || m_panel->plottedBones().isEmpty()) {
        // The selected bones; before any is, the first (the root of the game's rigs), so the
        // tab never opens empty.
        m_selectionPending = false;
        const QList<int> &selected = m_context->selectedBones();
        m_panel->showBones(selected.isEmpty() ? QList<int>{0} : selected);
    }
    if (m_panel->source() == CurvesPanel::Source::Bones)
        m_panel->setCursorTime(m_context->currentFrame());
}

} // namespace bpat::studio
