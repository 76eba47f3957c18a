#include "RebakePreviewPane.h"

#include "PlaybackClock.h"
#include "Theme.h"
#include "bpat/BpatDocument.h"
#include "bpat/BpatWriter.h"
#include "viewport/ViewportWidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSet>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>

using namespace bpat;

namespace bpat::studio {

namespace {
const QString BannerStyle = QStringLiteral("QLabel { padding: 4px; border-radius: 3px; background: %1; color: %2; }");

// A v1 file of one clip holding every `step`-th frame of `clip` (its global matrices, whatever
// the file's version) and the file's sockets: what the preview's viewport shows.
BpatFile sampledForDisplay(const BpatFile &file, const BpatClipInfo &clip, quint32 step)
{
    const quint32 bones = file.header().boneCount;
    BpatDocument doc(file.header().speciesId, bones);
    BpatClip sampled;
    sampled.name = clip.name;
    sampled.fps = clip.fps / float(step);
    sampled.loops = clip.loops();
    sampled.frameCount = (clip.frameCount + step - 1) / step;
    sampled.palette.reserve(qsizetype(sampled.frameCount) * bones * 16);
    constexpr std::array<float, 16> identity{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    for (quint32 f = 0; f < clip.frameCount; f += step) {
        for (quint32 b = 0; b < bones; ++b) {
            for (float v : file.globalMatrixFloats(clip.frameOffset + f, b).value_or(identity))
                sampled.palette.append(v);
        }
    }
    QString error;
    if (!doc.addClip(std::move(sampled), &error))
        return BpatFile();
    for (const BpatSocketInfo &s : file.sockets()) {
        if (!doc.addSocket(BpatSocket{s.name, s.anchorBone, s.localOffset}, &error))
            return BpatFile();
    }
    const QByteArray bytes = BpatWriter(doc).toBytes(&error);
    return bytes.isEmpty() ? BpatFile() : BpatFile::fromData(bytes, file.path());
}
} // namespace

RebakePreviewPane::RebakePreviewPane(QWidget *parent)
    : QWidget(parent)
    , m_clock(new studio::PlaybackClock(this))
{
    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("previewBanner"));
    m_banner->setWordWrap(true);
    m_viewport = new ViewportWidget(this);
    m_viewport->setObjectName(QStringLiteral("previewViewport"));
    m_viewport->setMinimumSize(360, 280);
    m_viewport->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_play = new QToolButton(this);
    m_play->setObjectName(QStringLiteral("previewPlay"));
    m_play->setCheckable(true);
    m_play->setToolTip(tr("Play / pause the previewed clip"));
    m_scrub = new QSlider(Qt::Horizontal, this);
    m_scrub->setObjectName(QStringLiteral("previewScrub"));
    m_scrub->setToolTip(tr("Scrub the previewed clip"));
    m_overlay = new QToolButton(this);
    m_overlay->setObjectName(QStringLiteral("previewOverlay"));
    m_overlay->setText(tr("Recording"));
    m_overlay->setCheckable(true);
    m_overlay->setEnabled(false);
    m_overlay->setToolTip(tr("Overlay the source recording on the rebaked creature at the same instant"));
    m_frameLabel = new QLabel(this);
    m_frameLabel->setMinimumWidth(m_frameLabel->fontMetrics().horizontalAdvance(QStringLiteral("00000 / 00000  000.00 s")));
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("previewVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *transport = new QHBoxLayout;
    transport->addWidget(m_play);
    transport->addWidget(m_scrub, 1);
    transport->addWidget(m_frameLabel);
    transport->addWidget(m_overlay);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_banner);
    layout->addWidget(m_viewport, 1);
    layout->addLayout(transport);
    layout->addWidget(m_verdict);

    connect(m_play, &QToolButton::toggled, this, &RebakePreviewPane::setPlaying);
    connect(m_overlay, &QToolButton::toggled, m_viewport, &ViewportWidget::setRecordingOverlay);
    connect(m_scrub, &QSlider::valueChanged, m_clock, &studio::PlaybackClock::setFrame);
    connect(m_clock, &studio::PlaybackClock::frameChanged, this, &RebakePreviewPane::showFrame);
    connect(m_clock, &studio::PlaybackClock::playingChanged, this, [this](bool playing) {
        const QSignalBlocker block(m_play);
        m_play->setChecked(playing);
        m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });
    clear();
}

RebakePreviewPane::~RebakePreviewPane() = default;

void RebakePreviewPane::setRecording(std::shared_ptr<const bpat::InputAnimation> animation, double from)
{
    m_overlay->setEnabled(animation != nullptr);
    if (!animation)
        m_overlay->setChecked(false);
    m_viewport->setRecording(std::move(animation));
    m_viewport->setRecordingOffset(from);
    m_viewport->setRecordingOverlay(m_overlay->isChecked());
}

bool RebakePreviewPane::overlaysRecording() const
{
    return m_overlay->isEnabled() && m_overlay->isChecked();
}

void RebakePreviewPane::showPreview(const BpatFile &file, int clip, const QStringList &errors, const Diagnostics &findings,
                                    const Diagnostics &gameFindings, const QString &gameName)
{
    m_file = file;
    m_clip = clip;
    m_stale = false;
    const BpatClipInfo *info = clip >= 0 && clip < file.clips().size() ? &file.clips().at(clip) : nullptr;
    const int frames = info ? int(info->frameCount) : 0;
    // The viewport uploads every frame of the file it is given: a fast or long clip is sampled
    // down to what a screen shows first.
    m_step = 1;
    if (info && double(info->fps) > kDisplayFps)
        m_step = quint32(std::ceil(double(info->fps) / kDisplayFps));
    if (info && info->frameCount / m_step > kMaxDisplayFrames)
        m_step = std::max(m_step, quint32((quint64(info->frameCount) + kMaxDisplayFrames - 1) / kMaxDisplayFrames));
    const BpatFile sampled = m_step > 1 ? sampledForDisplay(file, *info, m_step) : BpatFile();
    if (sampled.isNull())
        m_step = 1;
    m_displayClip = m_step > 1 ? 0 : clip;
    m_viewport->setFile(m_step > 1 ? sampled : file);
    m_viewport->frameClip(m_displayClip); // the whole creature over the clip (its head was cut)
    m_scrub->setRange(0, std::max(0, frames - 1));
    m_scrub->setEnabled(frames > 0);
    m_play->setEnabled(frames > 1);
    m_clock->setClip(frames, info ? double(info->fps) : 0.0, true); // frame 0 -> showFrame

    const QString rig = m_viewport->canvas() ? m_viewport->canvas()->scene().rigName() : QString();
    m_banner->setStyleSheet(BannerStyle.arg(QStringLiteral("#2d4f6c"), QStringLiteral("white")));
    m_banner->setText(tr("Preview, not saved: clip '%1', %2 frames at %3 fps, %4 bones%5. Nothing has been written.")
                          .arg(info ? info->name : QString())
                          .arg(frames)
                          .arg(info ? double(info->fps) : 0.0)
                          .arg(file.header().boneCount)
                          .arg(rig.isEmpty() ? QString() : tr(" on the %1 rig").arg(rig)));

    // Every warning is listed, each profile's once (a finding both profiles make is one line).
    QStringList warnings;
    QSet<QString> seen;
    const auto collect = [&](const Diagnostics &list, const QString &profile) {
        for (const Diagnostic &d : list) {
            const QString key = d.code + QLatin1Char('@') + d.location.toString();
            if (d.severity != Severity::Warning || seen.contains(key))
                continue;
            seen.insert(key);
            warnings << tr("warning (%1) %2: %3").arg(profile, d.code, d.message);
        }
    };
    collect(findings, tr("spec"));
    collect(gameFindings, tr("game"));
    const QString game = gameName.isEmpty() ? tr("the game") : gameName;
    if (errors.isEmpty() && warnings.isEmpty()) {
        m_verdict->setStyleSheet(QStringLiteral("QLabel { color: #2e7d32; }"));
        m_verdict->setText(tr("Validator: valid in the spec profile and for %1, no warnings.").arg(game));
    } else if (errors.isEmpty()) {
        m_verdict->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(Theme::warningTextColor().name()));
        m_verdict->setText(tr("Validator: valid in the spec profile and for %1, with %2:\n%3")
                               .arg(game, warnings.size() == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings.size()),
                                    warnings.join(QLatin1Char('\n'))));
    } else {
        m_verdict->setStyleSheet(QStringLiteral("QLabel { color: #c62828; }"));
        m_verdict->setText(tr("Validator: invalid, Rebake will refuse to write it.\n%1").arg(errors.join(QLatin1Char('\n'))));
    }
    m_viewport->setToolTip(m_banner->text());
}

void RebakePreviewPane::clear(const QString &message)
{
    m_clip = -1;
    m_step = 1;
    m_displayClip = -1;
    m_clock->setClip(0, 0.0, true);
    m_file = BpatFile();
    m_stale = false;
    m_viewport->clear();
    m_scrub->setRange(0, 0);
    m_scrub->setEnabled(false);
    m_play->setEnabled(false);
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_frameLabel->clear();
    m_verdict->clear();
    m_banner->setStyleSheet(BannerStyle.arg(QStringLiteral("palette(alternate-base)"), QStringLiteral("palette(text)")));
    m_banner->setText(message.isEmpty() ? tr("No preview yet: press Preview to rebake in memory and watch the result here. "
                                             "Nothing is written until Rebake.")
                                        : message);
}

void RebakePreviewPane::markStale()
{
    if (!hasPreview() || m_stale)
        return;
    m_stale = true;
    setPlaying(false);
    m_banner->setStyleSheet(BannerStyle.arg(QStringLiteral("#8a6d00"), QStringLiteral("white")));
    m_banner->setText(tr("Out of date: the settings changed after this preview. Press Preview to rebuild it; "
                         "Rebake uses the current settings."));
}

void RebakePreviewPane::markWritten(const QString &path, qint64 bytes)
{
    m_stale = false;
    m_banner->setStyleSheet(BannerStyle.arg(QStringLiteral("#2e7d32"), QStringLiteral("white")));
    m_banner->setText(tr("Written: %1 (%2 bytes). This is the file on disk; the main window opens it.").arg(path).arg(bytes));
    m_viewport->setToolTip(m_banner->text());
}

int RebakePreviewPane::frame() const
{
    return m_clock->frame();
}
int RebakePreviewPane::frameCount() const
{
    return m_clock->frameCount();
}
bool RebakePreviewPane::isPlaying() const
{
    return m_clock->isPlaying();
}
QString RebakePreviewPane::bannerText() const
{
    return m_banner->text();
}
QString RebakePreviewPane::verdictText() const
{
    return m_verdict->text();
}

void RebakePreviewPane::setFrame(int frame)
{
    m_clock->setFrame(frame);
}

void RebakePreviewPane::setPlaying(bool playing)
{
    if (playing && m_clock->frameCount() > 1)
        m_clock->play();
    else
        m_clock->pause();
}

void RebakePreviewPane::showFrame(int frame)
{
    if (m_clip < 0)
        return;
    m_viewport->setCurrentFrame(m_displayClip, int(quint32(frame) / m_step));
    {
        const QSignalBlocker block(m_scrub);
        m_scrub->setValue(frame);
    }
    const double fps = m_clock->fps();
    // Frames count from 0, as on the main window's timeline.
    m_frameLabel->setText(
        tr("%1 / %2  %3 s").arg(frame).arg(std::max(0, m_clock->frameCount() - 1)).arg(fps > 0 ? frame / fps : 0.0, 0, 'f', 2));
}

} // namespace bpat::studio
