#include "TimelineWidget.h"
#include "Theme.h"

#include "ClipMarkerStrip.h"
#include "ContactTrack.h"
#include "FindingsTrack.h"
#include "TimelineRuler.h"
#include "widgets/ComboWidth.h"
#include "document/ClipContacts.h"
#include "PlaybackClock.h"
#include "StudioContext.h"
#include "ui_TimelineWidget.h"

#include "anim/InputAnimation.h"

#include <QAction>
#include <QSplitter>
#include <QTimer>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QFileInfo>
#include <QToolTip>
#include <QSignalBlocker>
#include <QStyle>
#include <algorithm>
#include <cmath>

namespace bpat::studio {

namespace {
constexpr int kRecordingItem = -2; // item data of the recording in the clip selector

// The rows under the bar: as tall as they are when there is room (a QScrollArea keeps the size
// hint of its first layout, before any file showed its rows), nothing at the window's minimum.
class TimelineRows : public QScrollArea
{
public:
    using QScrollArea::QScrollArea;
    QSize sizeHint() const override
    {
        // At least the rows' minimum: their fixed heights add up to more than the hint at times.
        const QSize rows = widget() ? widget()->sizeHint().expandedTo(widget()->minimumSizeHint()) : QSize(0, 0);
        return QSize(rows.width(), rows.height() + 2 * frameWidth());
    }
    QSize minimumSizeHint() const override { return QSize(0, 0); }
};
} // namespace

TimelineWidget::TimelineWidget(StudioContext *context, QWidget *parent)
    : QWidget(parent)
    , ui(std::make_unique<Ui::TimelineWidget>())
    , m_context(context)
    , m_clock(new PlaybackClock(this))
{
    ui->setupUi(this);
    setObjectName(QStringLiteral("timeline"));
    createActions();
    // Under the bar, on its frame axis (a marker sits over the frame the handle shows it at):
    // the ruler, the clip's markers (v2 / v3), its feet's contacts and its motion findings; the
    // variants of its family beside the clip selector, where they take no width from the rows.
    m_contacts = new ClipContacts(m_context, this);
    m_ruler = new TimelineRuler(this);
    m_markers = new ClipMarkerStrip(m_context, this);
    m_contactTrack = new ContactTrack(m_context, m_contacts, this);
    m_findings = new FindingsTrack(m_context, this);
    // The ruler and the rows under it scroll when the window is too short for them (the window
    // still fits a 1366x768 screen), and take their full height otherwise.
    auto *rows = new QWidget;
    auto *rowsLayout = new QVBoxLayout(rows);
    rowsLayout->setContentsMargins(0, 0, 0, 0);
    rowsLayout->setSpacing(2);
    for (TimelineTrack *track : std::initializer_list<TimelineTrack *>{m_ruler, m_markers, m_contactTrack, m_findings}) {
        track->setFrameAxis(ui->frameSlider);
        rowsLayout->addWidget(track);
    }
    auto *scroll = new TimelineRows(this);
    scroll->setObjectName(QStringLiteral("timelineRows"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(rows);
    rows->installEventFilter(this); // a row shown, hidden or resized: the area follows
    scroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    ui->outerLayout->insertWidget(1, scroll);
    m_rows = scroll;
    combowidth::makeShrinkable(ui->clipCombo);
    ui->controlsLayout->insertWidget(ui->controlsLayout->indexOf(ui->clipCombo) + 1, m_markers->variantCombo(), 1);
    ui->controlsLayout->setStretchFactor(ui->clipCombo, 1); // the names take the row's room first

    connect(m_context, &StudioContext::fileLoaded, this, &TimelineWidget::rebuildClipList);
    connect(m_context, &StudioContext::fileClosed, this, &TimelineWidget::rebuildClipList);
    connect(m_context, &StudioContext::currentClipChanged, this, &TimelineWidget::onClipChanged);
    connect(m_context, &StudioContext::currentFrameChanged, this, &TimelineWidget::onContextFrameChanged);
    connect(m_context->recording(), &RecordingState::loaded, this, &TimelineWidget::rebuildClipList);
    connect(m_context->recording(), &RecordingState::closed, this, &TimelineWidget::rebuildClipList);
    connect(m_context->recording(), &RecordingState::timelineSourceChanged, this, &TimelineWidget::onSourceChanged);
    connect(m_context->recording(), &RecordingState::timeChanged, this, &TimelineWidget::onRecordingTimeChanged);
    connect(m_clock, &PlaybackClock::frameChanged, this, &TimelineWidget::onClockFrameChanged);
    connect(m_clock, &PlaybackClock::playingChanged, this, &TimelineWidget::updatePlayingState);
    connect(m_clock, &PlaybackClock::loopsChanged, m_loopAction, &QAction::setChecked);
    connect(m_clock, &PlaybackClock::reversedChanged, m_reverseAction, &QAction::setChecked);
    connect(m_clock, &PlaybackClock::speedChanged, this, [this](double speed) {
        const QSignalBlocker blocker(ui->speedSpin);
        ui->speedSpin->setValue(speed);
    });

    connect(ui->clipCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index < 0)
            return;
        const int clip = ui->clipCombo->itemData(index).toInt();
        if (clip == kRecordingItem) {
            m_context->recording()->setTimelineSource(RecordingState::TimelineSource::Recording);
            return;
        }
        m_context->recording()->setTimelineSource(RecordingState::TimelineSource::Clip);
        m_context->setCurrentClip(clip);
    });
    connect(ui->speedSpin, &QDoubleSpinBox::valueChanged, m_clock, &PlaybackClock::setSpeed);
    connect(ui->frameSpin, &QSpinBox::valueChanged, m_clock, &PlaybackClock::setFrame);
    // A typed frame outside the clip is refused and said, never cut short or clamped.
    connect(ui->frameSpin, &FrameSpinBox::outOfRange, this, [this](qint64, const QString &message) {
        QToolTip::showText(ui->frameSpin->mapToGlobal(QPoint(0, ui->frameSpin->height())), message, ui->frameSpin);
        Q_EMIT m_context->message(message);
    });
    // The slider scrubs while dragged; playback pauses during the drag and resumes after it.
    connect(ui->frameSlider, &QSlider::valueChanged, m_clock, &PlaybackClock::setFrame);
    connect(ui->frameSlider, &QSlider::sliderPressed, this, [this] {
        m_resumeAfterScrub = m_clock->isPlaying();
        m_clock->pause();
    });
    connect(ui->frameSlider, &QSlider::sliderReleased, this, [this] {
        if (m_resumeAfterScrub)
            m_clock->play();
        m_resumeAfterScrub = false;
    });

    rebuildClipList();
}

TimelineWidget::~TimelineWidget() = default;

bool TimelineWidget::eventFilter(QObject *watched, QEvent *event)
{
    if (m_rows && watched == static_cast<QScrollArea *>(m_rows)->widget() && event->type() == QEvent::LayoutRequest) {
        m_rows->updateGeometry();
        QTimer::singleShot(0, this, &TimelineWidget::fitRows);
    }
    // The window's splitter resized (document tabs or the game's verdict above it, a dock
    // resized): the rows keep their height, taken from the views.
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        QTimer::singleShot(0, this, &TimelineWidget::fitRows);
    return QWidget::eventFilter(watched, event);
}

void TimelineWidget::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (qobject_cast<QSplitter *>(parentWidget()))
        parentWidget()->installEventFilter(this); // once: Qt ignores a filter installed again
    QTimer::singleShot(0, this, &TimelineWidget::fitRows);
}

void TimelineWidget::fitRows()
{
    // In the window's splitter under the central views: as tall as the rows need (they change
    // with the file and the clip), taken from the views down to their minimum; extra height
    // would only be blank.
    auto *splitter = qobject_cast<QSplitter *>(parentWidget());
    if (!splitter || splitter->count() != 2 || splitter->indexOf(this) != 1 || !isVisible())
        return;
    const QList<int> sizes = splitter->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    if (total <= 0)
        return;
    const int least = minimumSizeHint().height();
    const int room = std::max(least, total - splitter->widget(0)->minimumSizeHint().height());
    const int height = std::clamp(sizeHint().height(), least, room);
    if (height != sizes.value(1))
        splitter->setSizes({total - height, height});
}

void TimelineWidget::setMotionFindings(const QList<bpat::Diagnostic> &findings)
{
    m_findings->setFindings(findings);
}

void TimelineWidget::createActions()
{
    auto add = [this](const QString &text, QStyle::StandardPixmap icon, QList<QKeySequence> keys, QToolButton *button) {
        auto *action = new QAction(Theme::standardIcon(icon, this), text, this);
        m_icons.insert(action, icon); // drawn again when the theme changes
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        QStringList keyNames;
        for (const QKeySequence &key : keys)
            keyNames.append(key.toString(QKeySequence::NativeText));
        action->setToolTip(keyNames.isEmpty() ? text : QStringLiteral("%1 (%2)").arg(text, keyNames.join(QStringLiteral(", "))));
        if (button)
            button->setDefaultAction(action);
        m_actions.append(action);
        return action;
    };
    m_playAction = add(tr("Play"), QStyle::SP_MediaPlay, {Qt::Key_Space}, ui->playButton);
    m_playAction->setObjectName(QStringLiteral("actionPlayPause"));
    connect(m_playAction, &QAction::triggered, m_clock, &PlaybackClock::togglePlaying);
    QAction *previous =
        add(tr("Previous Frame"), QStyle::SP_MediaSeekBackward, {Qt::Key_Left, Qt::Key_Comma}, ui->previousButton);
    connect(previous, &QAction::triggered, m_clock, &PlaybackClock::stepBackward);
    QAction *next = add(tr("Next Frame"), QStyle::SP_MediaSeekForward, {Qt::Key_Right, Qt::Key_Period}, ui->nextButton);
    connect(next, &QAction::triggered, m_clock, &PlaybackClock::stepForward);
    QAction *first = add(tr("First Frame"), QStyle::SP_MediaSkipBackward, {Qt::Key_Home}, ui->firstButton);
    connect(first, &QAction::triggered, m_clock, &PlaybackClock::goToFirst);
    QAction *last = add(tr("Last Frame"), QStyle::SP_MediaSkipForward, {Qt::Key_End}, ui->lastButton);
    connect(last, &QAction::triggered, m_clock, &PlaybackClock::goToLast);

    m_loopAction = add(tr("Loop"), QStyle::SP_BrowserReload, {Qt::Key_L}, ui->loopButton);
    m_loopAction->setCheckable(true);
    connect(m_loopAction, &QAction::toggled, m_clock, &PlaybackClock::setLoops);
    m_reverseAction = add(tr("Play Reversed"), QStyle::SP_ArrowBack, {Qt::Key_R}, ui->reverseButton);
    m_reverseAction->setCheckable(true);
    connect(m_reverseAction, &QAction::toggled, m_clock, &PlaybackClock::setReversed);

    QAction *slower = add(tr("Slower"), QStyle::SP_ArrowDown, {Qt::Key_BracketLeft}, nullptr);
    connect(slower, &QAction::triggered, this, [this] { m_clock->setSpeed(m_clock->speed() / 2.0); });
    QAction *faster = add(tr("Faster"), QStyle::SP_ArrowUp, {Qt::Key_BracketRight}, nullptr);
    connect(faster, &QAction::triggered, this, [this] { m_clock->setSpeed(m_clock->speed() * 2.0); });
    for (QAction *action : std::as_const(m_actions))
        addAction(action);
}

void TimelineWidget::rebuildClipList()
{
    const QSignalBlocker blocker(ui->clipCombo);
    ui->clipCombo->clear();
    const QList<ClipEntry> clips = m_context->clipEntries();
    for (const ClipEntry &clip : clips) {
        const QString name = clip.name.isEmpty() ? tr("(clip %1)").arg(clip.index) : clip.name;
        ui->clipCombo->addItem(QStringLiteral("%1  [%2]").arg(name).arg(clip.frameCount), clip.index);
    }
    if (const auto &recording = m_context->recording()->recording()) {
        if (!clips.isEmpty())
            ui->clipCombo->insertSeparator(ui->clipCombo->count());
        // The same span the Rebake dialog states: keys from the start to the end time.
        ui->clipCombo->addItem(tr("%1  [recording, keys %2 s to %3 s]")
                                   .arg(QFileInfo(m_context->recording()->path()).fileName())
                                   .arg(recording->startTime(), 0, 'f', 2)
                                   .arg(recording->duration(), 0, 'f', 2),
                               kRecordingItem);
    }
    combowidth::fitToItems(ui->clipCombo);
    setEnabled(ui->clipCombo->count() > 0);
    onSourceChanged();
}

void TimelineWidget::showClipItem(int data)
{
    const QSignalBlocker blocker(ui->clipCombo);
    ui->clipCombo->setCurrentIndex(ui->clipCombo->findData(data));
    ui->clipCombo->setToolTip(tr("Current clip: %1").arg(ui->clipCombo->currentText()));
}

bool TimelineWidget::drivesRecording() const
{
    return m_context->recording()->drivesTimeline();
}

int TimelineWidget::recordingFrame(double seconds) const
{
    const double start = m_context->recording()->recording() ? m_context->recording()->recording()->startTime() : 0.0;
    return int(std::lround((seconds - start) * RecordingState::kFrameRate));
}

void TimelineWidget::onSourceChanged()
{
    if (!drivesRecording()) {
        onClipChanged(m_context->currentClip());
        return;
    }
    const bool wasPlaying = m_clock->isPlaying();
    const auto &recording = m_context->recording()->recording();
    const double span = std::max(0.0, recording->duration() - recording->startTime());
    // Bounded before the conversion: a key at 1e30 s must not become a slider range near INT_MAX.
    const int frames =
        int(std::min(std::floor(span * RecordingState::kFrameRate), double(StudioContext::kMaxTimelineFrames - 1))) + 1;
    m_syncing = true;
    showClipItem(kRecordingItem);
    m_clock->setClip(frames, RecordingState::kFrameRate, false);
    updateRanges();
    m_clock->setFrame(recordingFrame(m_context->recording()->time()));
    m_syncing = false;
    if (wasPlaying)
        m_clock->play();
    updateFrameDisplay();
}

void TimelineWidget::onRecordingTimeChanged(double seconds)
{
    if (!drivesRecording())
        return;
    const int frame = recordingFrame(seconds);
    if (frame != m_clock->frame()) {
        m_syncing = true;
        m_clock->setFrame(frame);
        m_syncing = false;
    }
    updateFrameDisplay();
}

void TimelineWidget::updateRanges()
{
    // Every count is bounded where it is made (StudioContext::frameCount); this keeps the
    // slider's tick loop (Qt's styles step an int through the range) far from overflowing.
    const int n = std::min(m_clock->frameCount(), StudioContext::kMaxTimelineFrames);
    const QSignalBlocker sliderBlocker(ui->frameSlider);
    const QSignalBlocker spinBlocker(ui->frameSpin);
    ui->frameSlider->setRange(0, std::max(0, n - 1));
    ui->frameSlider->setTickInterval(n > 48 ? n / 24 : 1);
    ui->frameSpin->setRange(0, std::max(0, n - 1));
    // Frames count from 0, here as in the Clips table, markers and `bpat edit`: "23 / 23" is
    // the last frame of a 24-frame clip.
    ui->frameSpin->setSuffix(QStringLiteral(" / %1").arg(std::max(0, n - 1)));
    // The ruler's seconds: a clip's from 0, a recording's from its first key.
    const auto &recording = m_context->recording()->recording();
    m_ruler->setTimeBase(m_clock->fps(), drivesRecording() && recording ? recording->startTime() : 0.0);
}

void TimelineWidget::onClipChanged(int clip)
{
    if (drivesRecording())
        return; // the clip selector shows the recording; the clip is kept for later
    // Resetting the clock emits frame 0; the context's frame (kept on reload) wins.
    const bool wasPlaying = m_clock->isPlaying();
    m_syncing = true;
    showClipItem(clip);
    const QList<ClipEntry> clips = m_context->clipEntries();
    if (clip >= 0 && clip < clips.size()) {
        const ClipEntry &info = clips.at(clip);
        m_clock->setClip(m_context->frameCount(), double(info.fps), info.loops);
    } else {
        m_clock->setClip(0, 0.0, false);
    }
    updateRanges();
    m_clock->setFrame(m_context->currentFrame());
    m_syncing = false;
    // Playback goes on through a clip change or a reload of the file.
    if (wasPlaying)
        m_clock->play();
    updateFrameDisplay();
}

void TimelineWidget::onContextFrameChanged(int frame)
{
    if (drivesRecording())
        return;
    if (frame != m_clock->frame())
        m_clock->setFrame(frame);
    updateFrameDisplay();
}

void TimelineWidget::onClockFrameChanged(int frame)
{
    if (m_syncing)
        return;
    if (drivesRecording()) {
        const double start = m_context->recording()->recording()->startTime();
        m_context->recording()->setTime(start + frame / RecordingState::kFrameRate);
    } else {
        m_context->setCurrentFrame(frame);
    }
    updateFrameDisplay();
}

void TimelineWidget::updateFrameDisplay()
{
    const int frame = m_clock->frame();
    {
        const QSignalBlocker sliderBlocker(ui->frameSlider);
        const QSignalBlocker spinBlocker(ui->frameSpin);
        if (!ui->frameSlider->isSliderDown())
            ui->frameSlider->setValue(frame);
        ui->frameSpin->setValue(frame);
    }
    // The rows draw the bar's frame; its signals were blocked.
    for (QWidget *track : std::initializer_list<QWidget *>{m_ruler, m_markers, m_contactTrack, m_findings})
        track->update();
    if (drivesRecording()) {
        // Recording time as the curve plots show it (it may start before 0).
        const auto &recording = m_context->recording()->recording();
        ui->timeLabel->setText(
            tr("%1 s / %2 s").arg(m_context->recording()->time(), 0, 'f', 3).arg(recording->duration(), 0, 'f', 3));
        return;
    }
    const double fps = m_clock->fps();
    const double duration = fps > 0.0 ? m_clock->frameCount() / fps : 0.0;
    ui->timeLabel->setText(tr("%1 s / %2 s").arg(m_clock->seconds(), 0, 'f', 3).arg(duration, 0, 'f', 3));
}

void TimelineWidget::updatePlayingState(bool playing)
{
    m_playAction->setText(playing ? tr("Pause") : tr("Play"));
    m_icons.insert(m_playAction, playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay);
    m_playAction->setIcon(Theme::standardIcon(m_icons.value(m_playAction), this));
}

void TimelineWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The dark theme's icons are drawn in its text colour (Theme::standardIcon).
    if (event->type() == QEvent::StyleChange || event->type() == QEvent::PaletteChange) {
        for (auto it = m_icons.cbegin(); it != m_icons.cend(); ++it)
            it.key()->setIcon(Theme::standardIcon(it.value(), this));
    }
}

} // namespace bpat::studio
