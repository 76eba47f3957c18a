#pragma once
// The Rebake dialog's preview: the rebaked document (a mapped temporary file, never the
// output), animating on its creature in an embedded viewport with its own play / scrub
// controls, and the validator's verdict on it. The viewport gets only what it can show: a clip
// of more than kDisplayFps frames per second (or of more than kMaxDisplayFrames frames) is
// sampled every few frames into a small in-memory file, so its palette texture does not grow
// with the frame rate; the controls still count the clip's own frames. The creature mesh is
// the one the main viewport would pick (the humanoid for `humanoid-upper-body`, the hands rig
// for `hands`). When the dialog's settings change the preview is marked out of date: it keeps
// showing, greyed by a banner, until the next Preview replaces it. With the source recording
// given (setRecording), the Recording button overlays it on the creature at the same instant.
#include "bpat/BpatFile.h"
#include "diagnostics/Diagnostic.h"

#include <QWidget>
#include <memory>

class QLabel;
class QSlider;
class QToolButton;

namespace bpat {
class InputAnimation;
}
namespace bpat::studio {

class ViewportWidget;
class PlaybackClock;

class RebakePreviewPane : public QWidget
{
    Q_OBJECT

public:
    explicit RebakePreviewPane(QWidget *parent = nullptr);
    ~RebakePreviewPane() override;

    // Shows `file` (in-memory bytes), playing clip `clip` from frame 0, with the validator's
    // verdict (`errors` empty: valid in both profiles). The verdict lists the warnings of the
    // spec profile (`findings`) and of the game profile (`gameFindings`, judged by `gameName`,
    // "the current game"): green only when there is none.
    void showPreview(const bpat::BpatFile &file, int clip, const QStringList &errors, const bpat::Diagnostics &findings,
                     const bpat::Diagnostics &gameFindings = {}, const QString &gameName = QString());
    void clear(const QString &message = QString());
    void markStale();
    // After Rebake wrote the file: the banner says so (it used to keep "Preview, not saved").
    void markWritten(const QString &path, qint64 bytes);
    // The recording the preview was baked from, and its time at the clip's frame 0 (the range's
    // start); null disables the overlay.
    void setRecording(std::shared_ptr<const bpat::InputAnimation> animation, double from);
    bool overlaysRecording() const;

    static constexpr double kDisplayFps = 120.0;
    static constexpr quint32 kMaxDisplayFrames = 9000;

    bool hasPreview() const { return !m_file.isNull(); }
    // Every how many frames of the clip the viewport shows one (1: all of them).
    quint32 displayStep() const { return m_step; }
    bool isStale() const { return m_stale; }
    const bpat::BpatFile &file() const { return m_file; }
    int clip() const { return m_clip; }
    int frame() const;
    int frameCount() const;
    bool isPlaying() const;
    QString bannerText() const;
    QString verdictText() const;
    ViewportWidget *viewport() const { return m_viewport; }

public Q_SLOTS:
    void setFrame(int frame);
    void setPlaying(bool playing);

private:
    void showFrame(int frame);

    ViewportWidget *m_viewport = nullptr;
    QLabel *m_banner = nullptr;
    QToolButton *m_play = nullptr;
    QToolButton *m_overlay = nullptr;
    QSlider *m_scrub = nullptr;
    QLabel *m_frameLabel = nullptr;
    QLabel *m_verdict = nullptr;
    bpat::studio::PlaybackClock *m_clock = nullptr;
    bpat::BpatFile m_file;
    int m_clip = -1;
    quint32 m_step = 1;     // the viewport shows frame f of the clip as frame f / m_step ...
    int m_displayClip = -1; // ... of this clip of the file it was given
    bool m_stale = false;
};

} // namespace bpat::studio
